import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { chromium, type BrowserContext, type Page } from "playwright-core"

/** Debian's chromium, never a downloaded one. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"]

/** Where screenshots go: STOREFRONT_SCREENSHOTS, or a temporary folder. */
export const SCREENSHOT_DIR = process.env.STOREFRONT_SCREENSHOTS ?? path.join(os.tmpdir(), "pickup-point-storefront-screenshots")

export type ShopperBrowser = { context: BrowserContext; page: Page; close: () => Promise<void> }

/** Headless chromium with a fresh profile, as a shopper in Italy on a laptop. */
export async function launchShopperBrowser(): Promise<ShopperBrowser> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "pickup-point-shopper-"))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: FLAGS,
    headless: true,
    viewport: { width: 1280, height: 900 },
    locale: "en-GB",
    timezoneId: "Europe/Rome",
  })
  context.setDefaultTimeout(20_000)
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

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean; selector?: string } = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const file = path.join(SCREENSHOT_DIR, `${name}.png`)
  if (options.selector) await page.locator(options.selector).first().screenshot({ path: file })
  else await page.screenshot({ path: file, fullPage: options.fullPage ?? false })
  return file
}

/** axe-core's violations of impact serious or critical inside `selector`, as `id: help (targets)` lines. */
export async function seriousAccessibilityViolations(page: Page, selector: string): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") })
  const violations = await page.evaluate(async (scope) => {
    const axe = (window as unknown as { axe: { run: (context: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe
    const result = await axe.run({ include: [[scope]] })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }))
  }, selector)
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} [${v.targets.join(", ")}]`)
}
