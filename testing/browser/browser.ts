import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { FIXTURE_SITE } from "../suite-config";
import { CHROMIUM, CHROMIUM_FLAGS } from "./chromium";
import { expectNoSeriousViolations } from "./axe";

const SCREENSHOTS = resolve(__dirname, "../../test-results/screenshots");

export const appUrl = () => {
  const url = process.env.APP_URL;
  if (!url) throw new Error("APP_URL is not set: run the browser tests through `npm run exec -- …`");
  return url;
};

export interface BrowserSession {
  browser: Browser;
  close(): Promise<void>;
}

/** Playwright gives every launch a fresh, empty profile of its own (no --user-data-dir needed). */
export async function launchBrowser(): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS,
      // The suite's stand-in for the public web (members' offer pages) answers on a made-up host name;
      // the browser reaches it there, as the link tester does in the emulator.
      `--host-resolver-rules=MAP ${new URL(FIXTURE_SITE).hostname} 127.0.0.1`,
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/** A fresh context (no cookies, no storage) with the base URL of the app; options may set e.g. a phone's viewport. */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: appUrl(), viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  return { context, page };
}

/**
 * A screen the test has reached: saves what the user sees, for people reviewing the run, and fails on
 * what axe-core finds serious or critical there. Every screen a test shows passes through here, so
 * every screen is checked; the picture is saved first, to look at when the check fails.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, name);
  await expectNoSeriousViolations(page, name);
}

/** Only the picture, without the check: for a test that is already failing, or a page with scripts turned off (axe is a script). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** One browser for the whole test file, launched before its tests and closed after them. */
export function useBrowser(): () => Browser {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    session = await launchBrowser();
  });
  afterAll(() => session?.close());
  return () => {
    if (!session) throw new Error("the browser is not launched yet");
    return session.browser;
  };
}
