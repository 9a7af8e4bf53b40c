import { mkdirSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Page } from "playwright-core"
import { launchChromium, seriousAccessibilityViolations, type TestBrowser } from "../../../test-support/chromium"
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../../helpers/admin-session"

export const SCREENSHOT_DIR = path.resolve(__dirname, "../../../docs/screenshots")

export type AdminBrowser = TestBrowser

/** Headless chromium with a fresh profile, one page, sized like a laptop screen. */
export function launchAdminBrowser(): Promise<AdminBrowser> {
  return launchChromium({ viewport: { width: 1440, height: 1000 }, locale: "en-US", timezoneId: "Europe/Rome", timeoutMs: 15_000 })
}

/** Signs in through the dashboard's own login form. */
export async function signIn(page: Page, adminUrl: string) {
  await page.goto(`${adminUrl}/app/login`)
  // Medusa's login fields are labelled by empty labels: their placeholders are what names them.
  await page.getByPlaceholder("Email").fill(ADMIN_EMAIL)
  await page.getByPlaceholder("Password").fill(ADMIN_PASSWORD)
  await page.getByRole("button", { name: /continue/i }).click()
  await page.waitForURL((url) => !url.pathname.endsWith("/login"))
}

/** The dashboard's language, as its language setting stores it. */
export async function useLanguage(page: Page, language: "en" | "it") {
  await page.evaluate((lng) => {
    localStorage.setItem("lng", lng)
    document.cookie = `lng=${lng}; path=/`
  }, language)
}

/**
 * A PNG for the README, when SCREENSHOTS=1 (the README's images are taken
 * this way): the viewport, or one element shown whole (the window is made
 * tall enough for it). Toasts are hidden; open dialogs are waited out.
 */
export async function screenshot(page: Page, name: string, options: { selector?: string } = {}) {
  if (process.env.SCREENSHOTS !== "1") return
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const file = path.join(SCREENSHOT_DIR, `${name}.png`)
  const hideToasts = await page.addStyleTag({ content: "[data-sonner-toaster] { display: none !important; }" })
  try {
    if (!options.selector) {
      await page.getByRole("dialog").waitFor({ state: "detached" })
      await page.screenshot({ path: file })
      return
    }
    const element = page.locator(options.selector).first()
    const viewport = page.viewportSize()!
    const height = await element.evaluate((node) => node.getBoundingClientRect().height)
    await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, Math.ceil(height) + 200) })
    try {
      await element.evaluate((node) => node.scrollIntoView({ block: "end" }))
      await element.screenshot({ path: file })
    } finally {
      await page.setViewportSize(viewport)
    }
  } finally {
    await hideToasts.evaluate((node) => (node as Element).remove())
  }
}

/** On a failed test, what the page looked like (for whoever reads the CI log: the path is printed). */
export async function keepFailureScreenshot(page: Page, name: string) {
  const file = path.join(os.tmpdir(), `pickup-point-${name}.png`)
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined)
  console.log(`[browser] page at failure: ${file}`)
}

/** axe-core's serious and critical violations inside `selector`. */
export const seriousA11yViolations = seriousAccessibilityViolations
