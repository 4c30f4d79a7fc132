import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from "playwright-core";
import { afterAll, beforeAll, onTestFailed } from "vitest";
import { FIXTURE_SITE } from "../suite-config";
import { chromiumPath, CHROMIUM_FLAGS } from "./chromium";
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
    executablePath: await chromiumPath(),
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
  reportRequestsOnFailure(page);
  return { context, page };
}

/** Slower than this, a request is named when its test fails. */
const SLOW_MS = 2_000;

/**
 * When the test fails, prints what the page asked the server (`/api`, `/r/`) that failed, answered an
 * error, took longer than SLOW_MS or had no answer yet: a page that never shows what the test waits
 * for is most often waiting on one of these, and a failure in CI is seen once, with nothing else kept.
 */
function reportRequestsOnFailure(page: Page): void {
  const started = new Map<Request, number>();
  const lines: string[] = [];
  const clock = () => new Date().toISOString().slice(11, 23);
  const watched = (request: Request) => /^\/(api|r)\//.test(new URL(request.url()).pathname);
  const name = (request: Request) => `${request.method()} ${request.url().replace(/^https?:\/\/[^/]+/, "")}`;
  const ended = (request: Request, outcome: string, status = 0) => {
    const ms = Date.now() - (started.get(request) ?? Date.now());
    started.delete(request);
    if (outcome !== "answered" || status >= 400 || ms > SLOW_MS)
      lines.push(`${clock()} ${name(request)}: ${outcome}${status ? ` ${String(status)}` : ""} after ${String(ms)} ms`);
  };
  page.on("request", (request) => {
    if (watched(request)) started.set(request, Date.now());
  });
  page.on("requestfinished", (request) => {
    if (!started.has(request)) return;
    // the page may be closed before the answer is looked at: then it is not reported
    request.response().then(
      (response) => ended(request, "answered", response?.status() ?? 0),
      () => started.delete(request),
    );
  });
  page.on("requestfailed", (request) => {
    if (started.has(request)) ended(request, `failed (${request.failure()?.errorText ?? "no reason"})`);
  });
  try {
    onTestFailed(() => {
      const now = Date.now();
      const pending = [...started].map(([request, at]) => `${clock()} ${name(request)}: no answer after ${String(now - at)} ms`);
      if (lines.length + pending.length === 0) return;
      process.stderr.write(
        `[page requests] failed, answered an error, slower than ${String(SLOW_MS)} ms, or unanswered:\n  ${[...lines, ...pending].join("\n  ")}\n`,
      );
    });
  } catch {
    // a page opened outside a test (a hook) has no test to report to
  }
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
