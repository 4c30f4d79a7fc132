/**
 * A visitor's first tap on a page, on a phone: Playwright's Chromium with a phone's screen and touch
 * and the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate, Lighthouse's phone), a fresh context, the
 * page loaded and left a second (the visitor reads it), then one control tapped (and typed into).
 *
 * Two figures, both from the page's own clock:
 * - INP: Chromium's Event Timing (a PerformanceObserver of type "event", durationThreshold 16, set up
 *   before the page's own scripts), the longest entry of each interaction (entries sharing an
 *   interactionId): from the input to the next paint. It is short when the page lets the tap through
 *   at once, even if the answer waits for code still loading.
 * - answered in: from the input event (its timeStamp: when the tap or the key happened, however long it
 *   waited for the main thread) to the first animation frame in which the answer is on screen (cards
 *   filtered, the toast "Copied" visible, the QR code's dialog open, the typed text in the box). It
 *   counts a tap held until the app has loaded, which INP does not.
 *
 * Controls are found by role and accessible name, and answers by what a visitor sees (articles shown,
 * a live region's text, a dialog), so that the same code drives any build of the pages.
 */
import { chromium, type Browser, type CDPSession, type Page } from "playwright-core";
import { chromiumPath, CHROMIUM_FLAGS } from "../../../testing/browser/chromium";
import { gzipBytes } from "./scripts-weight";

/** What shows that the page answered, checked in the page on every animation frame. */
export type Answer =
  | { kind: "cards shown"; count: number }
  | { kind: "live region says"; text: string }
  | { kind: "dialog open" }
  | { kind: "focused box holds"; text: string };

/** A control as the tables name it; `typed`: the visitor types after the tap. */
export interface ControlName {
  route: string;
  name: string;
  typed: boolean;
}

export const controlKey = (control: ControlName) => `${control.route}: ${control.name}`;

/** The visitor on the page: taps with Playwright's locators, types with `type`. */
export interface Visitor {
  page: Page;
  /** Types `text` at a person's pace, whether or not the page keeps up (see typeAtPace). */
  type(text: string): Promise<void>;
}

export interface Control extends ControlName {
  /** The visitor's first tap, and what they type after it. */
  act(visitor: Visitor): Promise<void>;
  /** What the visitor sees when the page has answered: the last key's answer, if they typed. */
  answer: Answer;
}

export interface TapMeasure {
  /** INP of the first tap (ms); 0 when it took under 16 ms (Event Timing reports nothing shorter). */
  firstTapMs: number;
  /** The longest interaction, typing included (ms). */
  worstMs: number;
  answeredMs: number;
  /** The page's scripts loaded from the tap until a second after the answer (gzip bytes, files). */
  jsGzipBytes: number;
  scripts: number;
}

/** A phone like Lighthouse's (Moto G Power): its screen, touch, a mobile browser. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } as const;
/** Between keys: a quick typist on a phone. */
const KEY_DELAY_MS = 120;
/** How long the visitor looks at the page before the tap. */
const READING_MS = 1_000;
/** An answer later than this is not coming. */
const ANSWER_DEADLINE_MS = 60_000;

interface ProbeState {
  interactions: Record<string, { names: string[]; duration: number }>;
  from: number | null;
  answeredAt: number | null;
}

/**
 * Runs in the page before its own scripts. Plain JavaScript in a string: a function handed over
 * from here would carry the TypeScript runner's helpers, which the page does not have.
 */
function probeScript(typed: boolean, answer: Answer): string {
  return `(() => {
  const answer = ${JSON.stringify(answer)};
  const state = { interactions: {}, from: null, answeredAt: null };
  window.__firstTap = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const interaction = (state.interactions[entry.interactionId] ??= { names: [], duration: 0 });
      interaction.names.push(entry.name);
      interaction.duration = Math.max(interaction.duration, entry.duration);
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  const shown = (element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  const answered = () => {
    switch (answer.kind) {
      case "cards shown":
        return [...document.querySelectorAll('article, [role="article"]')].filter(shown).length === answer.count;
      case "live region says":
        return [...document.querySelectorAll('[role="alert"], [role="status"], output, [aria-live]')].some(
          (element) => shown(element) && element.textContent.includes(answer.text),
        );
      case "dialog open":
        return [...document.querySelectorAll('dialog[open], [role="dialog"], [role="alertdialog"]')].some(shown);
      case "focused box holds":
        return document.activeElement instanceof HTMLInputElement && document.activeElement.value === answer.text;
    }
  };
  // Each input starts the watch again: for typing, the answer counts from the last key.
  let watch = 0;
  const start = (at) => {
    state.from = at;
    state.answeredAt = null;
    const mine = ++watch;
    const check = () => {
      if (mine !== watch) return;
      if (answered()) state.answeredAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
  addEventListener(${JSON.stringify(typed ? "keydown" : "pointerdown")}, (event) => start(event.timeStamp), { capture: true });
})();`;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Keys sent at KEY_DELAY_MS apart by the clock, as fingers do: Playwright's keyboard waits for the page
 * to have handled each key before it sends the next, so a page busy loading its app would slow the
 * typing down to its own pace, and the last key (which the answer counts from) would come late.
 */
async function typeAtPace(cdp: CDPSession, text: string): Promise<void> {
  const sent: Promise<unknown>[] = [];
  for (const [i, key] of [...text].entries()) {
    if (i > 0) await sleep(KEY_DELAY_MS);
    sent.push(cdp.send("Input.dispatchKeyEvent", { type: "keyDown", key, text: key, unmodifiedText: key }));
    sent.push(cdp.send("Input.dispatchKeyEvent", { type: "keyUp", key }));
  }
  await Promise.all(sent);
}

const isTap = (names: string[]) => names.some((name) => name.startsWith("pointer") || name === "click");

/** Opens `url` in a fresh context of `browser`, lets the visitor tap `control`, and measures. */
export async function firstTap(browser: Browser, url: string, control: Control): Promise<TapMeasure> {
  const origin = new URL(url).origin;
  const context = await browser.newContext({ ...PHONE });
  try {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
    await context.addInitScript({ content: probeScript(control.typed, control.answer) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(READING_MS);

    const scriptsAfterTap = new Set<string>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script" && response.url().startsWith(origin)) scriptsAfterTap.add(response.url());
    });
    await control.act({ page, type: (text) => typeAtPace(cdp, text) });
    await page.waitForFunction(() => (window as unknown as { __firstTap: ProbeState }).__firstTap.answeredAt !== null, undefined, {
      timeout: ANSWER_DEADLINE_MS,
      polling: 100,
    });
    // Event Timing reports an interaction after its next paint; scripts fetched for the answer's sake
    // may still be arriving
    await page.waitForTimeout(1_000);
    const state = await page.evaluate(() => (window as unknown as { __firstTap: ProbeState }).__firstTap);
    const interactions = Object.values(state.interactions);
    return {
      firstTapMs: Math.max(0, ...interactions.filter((i) => isTap(i.names)).map((i) => i.duration)),
      worstMs: Math.max(0, ...interactions.map((i) => i.duration)),
      answeredMs: Math.round(state.answeredAt! - state.from!),
      jsGzipBytes: await gzipBytes(scriptsAfterTap),
      scripts: scriptsAfterTap.size,
    };
  } finally {
    await context.close();
  }
}

export const launchPhoneBrowser = async () =>
  chromium.launch({ executablePath: await chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
