import { mkdtempSync, rmSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { chromium, type BrowserContext, type Page } from "playwright-core"

/** Debian's chromium, never a downloaded one. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"]

export type TestBrowser = { context: BrowserContext; page: Page; close: () => Promise<void> }

/** Headless chromium with a fresh profile (removed on close) and one page. */
export async function launchChromium(options: {
  viewport: { width: number; height: number }
  locale: string
  timezoneId?: string
  timeoutMs: number
}): Promise<TestBrowser> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "pickup-point-chromium-"))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: FLAGS,
    headless: true,
    viewport: options.viewport,
    locale: options.locale,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  })
  context.setDefaultTimeout(options.timeoutMs)
  const page = context.pages()[0] ?? (await context.newPage())
  return {
    context,
    page,
    close: async () => {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }

/** axe-core's serious and critical violations inside `selector`, one `rule (impact): help [targets]` line each. */
export async function seriousAccessibilityViolations(page: Page, selector: string): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") })
  const result = await page.evaluate(
    (scope) => (window as unknown as { axe: { run: (context: unknown) => Promise<AxeResult> } }).axe.run({ include: [[scope]] }),
    selector
  )
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} [${violation.nodes.map((node) => node.target.join(" ")).join(", ")}]`)
}
