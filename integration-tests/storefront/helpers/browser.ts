import { mkdirSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Page } from "playwright-core"
import { launchChromium, seriousAccessibilityViolations, type TestBrowser } from "../../../test-support/chromium"

/** Where screenshots go: STOREFRONT_SCREENSHOTS, or a temporary folder. */
export const SCREENSHOT_DIR = process.env.STOREFRONT_SCREENSHOTS ?? path.join(os.tmpdir(), "pickup-point-storefront-screenshots")

/** Where the README's images are, rewritten when SCREENSHOTS=1 (as the admin's browser tests do). */
const README_SCREENSHOT_DIR = path.resolve(__dirname, "../../../docs/screenshots")

export type ShopperBrowser = TestBrowser

/** Headless chromium with a fresh profile, as a shopper in Italy on a laptop. */
export function launchShopperBrowser(): Promise<ShopperBrowser> {
  return launchChromium({ viewport: { width: 1280, height: 900 }, locale: "en-GB", timezoneId: "Europe/Rome", timeoutMs: 20_000 })
}

/** A PNG of the page or one element; one the README shows (`readme`) is also written there when SCREENSHOTS=1. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean; selector?: string; readme?: boolean } = {}) {
  const dir = options.readme && process.env.SCREENSHOTS === "1" ? README_SCREENSHOT_DIR : SCREENSHOT_DIR
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${name}.png`)
  if (options.selector) await page.locator(options.selector).first().screenshot({ path: file })
  else await page.screenshot({ path: file, fullPage: options.fullPage ?? false })
  return file
}

export { seriousAccessibilityViolations }
