import type { Page } from "playwright-core";

type TakeoverWindow = Window & { hubTakenOver?: Promise<void> };

/** In the page: keeps a promise that resolves on the app's announcement (run as a page script, so self-contained). */
const armListener = () => {
  const w = window as TakeoverWindow;
  w.hubTakenOver = new Promise<void>((resolve) => {
    document.addEventListener("hub:page-taken-over", () => resolve(), { once: true });
  });
};

/**
 * Listens, now, for the app taking a server-rendered page over (web/src/lib/use-hydrated.ts announces
 * it); the function returned resolves once it has. Before that, a tap on the page is the island's
 * (web/public/visitor-island.js): a QR code opens in the island's native dialog, not the app's.
 */
export async function listenForTakeover(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(armListener);
  return () => page.evaluate(() => (window as TakeoverWindow).hubTakenOver);
}

/**
 * Opens a page and waits until the app has taken it over, so that what the test taps next is the
 * app's control. The listener is set before the page's own scripts run: the announcement can come
 * before `goto` returns.
 */
export async function gotoTakenOver(page: Page, path: string): Promise<void> {
  await page.addInitScript(armListener);
  await page.goto(path);
  await page.evaluate(() => (window as TakeoverWindow).hubTakenOver);
}
