import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";

let source: string | undefined;
const axeSource = () => (source ??= readFileSync(createRequire(__filename).resolve("axe-core/axe.min.js"), "utf8"));

type Impact = "minor" | "moderate" | "serious" | "critical";

interface AxeViolation {
  id: string;
  impact: Impact | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

interface AxeRun {
  violations: AxeViolation[];
  /** Whether something faded in or out while axe looked: its colours were then read half-way. */
  faded: boolean;
}

/** WCAG 2.0–2.2 A and AA, and axe's best practices (heading order, landmarks) too. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Runs axe-core with these tags on what the page shows now, or only inside `scope`.
 *
 * axe's source is evaluated through the DevTools protocol, not as a <script>: the app's
 * Content-Security-Policy (script-src 'self') rightly refuses an inline script, and the tests run the
 * app under its real policy, so no context needs to bypass it.
 */
async function runAxe(page: Page, scope: Locator | undefined, tags: string[]): Promise<AxeRun> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource());
  const element = scope ? await scope.elementHandle() : null;
  return page.evaluate(
    async ({ root, tags }) => {
      // A dialog, menu or toast that is still growing in (MUI's Fade and Grow) has a part-way opacity,
      // and axe blends its text with what is behind it: contrast failures that are not there once it
      // has arrived. Wait for every animation and transition that ends (not spinners, which loop).
      const settle = () =>
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        );
      await settle();
      // One can also start while axe runs (a toast's timed exit): then its reading is not to be trusted.
      let faded = false;
      const onTransition = (event: TransitionEvent) => {
        if (event.propertyName === "opacity") faded = true;
      };
      document.addEventListener("transitionrun", onTransition, true);
      try {
        const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } })
          .axe;
        const result = await axe.run(root ?? document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
        return { violations: result.violations, faded };
      } finally {
        document.removeEventListener("transitionrun", onTransition, true);
      }
    },
    { root: element, tags },
  );
}

const lines = (violations: AxeViolation[]) =>
  violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} [${violation.impact ?? "?"}] (${violation.help}) at ${node.target.join(" ")}: ${node.failureSummary ?? ""}`,
    ),
  );

/**
 * The WCAG 2 A and AA checks of axe-core (colour contrast among them) on what the page shows now,
 * or only inside `scope`. Returns the violations as readable lines, so a test's failure names them.
 */
export async function accessibilityViolations(page: Page, scope?: Locator): Promise<string[]> {
  return lines((await runAxe(page, scope, ["wcag2a", "wcag2aa"])).violations);
}

/**
 * Every violation of every check the screens are held to (WCAG 2.0–2.2 A and AA and axe's best
 * practices), whatever its impact, but for the rules named in `except`: for a document the project
 * writes whole, such as a mail.
 */
export async function allAccessibilityViolations(page: Page, except: string[] = []): Promise<string[]> {
  return lines((await runAxe(page, undefined, TAGS)).violations.filter((violation) => !except.includes(violation.id)));
}

/** What fails a screen: anything axe rates serious or critical, and a skipped heading level. */
const failing = (violation: AxeViolation) =>
  violation.impact === "serious" || violation.impact === "critical" || violation.id === "heading-order";

/**
 * Fails the test when axe finds a serious or critical problem on the screen the page shows now
 * (or a heading level skipped: the issue that brought this check in named it). `label` names the
 * screen in the failure. The browser helpers call it wherever a test reaches a screen.
 */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  let run = await runAxe(page, undefined, TAGS);
  // Something faded while axe read the colours: read them again now that it has come to rest.
  if (run.faded && run.violations.some(failing)) run = await runAxe(page, undefined, TAGS);
  const found = lines(run.violations.filter(failing));
  if (found.length > 0) throw new Error(`accessibility of ${label} (${page.url()}):\n${found.map((line) => `  - ${line}`).join("\n")}`);
}
