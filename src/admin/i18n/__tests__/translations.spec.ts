import { readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import english from "../json/en.json"
import italian from "../json/it.json"

/** Every string of a translation file, by its dotted key. */
function flatten(node: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${key}` : key
    if (typeof value === "string") out.set(name, value)
    else for (const [k, v] of flatten(value, name)) out.set(k, v)
  }
  return out
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()

/** The admin's sources, for the keys they name in full. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return name === "__tests__" || name === "json" ? [] : sources(file)
    return /\.(ts|tsx)$/.test(name) ? [file] : []
  })
}

describe("the admin's translations", () => {
  const en = flatten(english)
  const it_ = flatten(italian)

  it("has every English string in Italian and nothing more, with the same placeholders", () => {
    expect([...it_.keys()].sort()).toEqual([...en.keys()].sort())
    const differing = [...en].filter(([key, text]) => placeholders(text).join() !== placeholders(it_.get(key) ?? "").join())
    expect(differing.map(([key]) => key)).toEqual([])
  })

  it("has every key the admin names in full, as is or in plural forms", () => {
    const named = new Set(
      sources(path.resolve(__dirname, "../.."))
        .flatMap((file) => [...readFileSync(file, "utf8").matchAll(/["'`](pickupPoint(?:\.\w+)+)["'`]/g)].map((match) => match[1]))
    )
    expect(named.size).toBeGreaterThan(100)
    const section = (key: string) => [...en.keys()].some((known) => known.startsWith(`${key}.`))
    const missing = [...named].filter((key) => !en.has(key) && !(en.has(`${key}_one`) && en.has(`${key}_other`)) && !section(key))
    expect(missing).toEqual([])
  })
})
