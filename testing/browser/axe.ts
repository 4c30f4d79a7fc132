import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";

const axeSource = () => readFileSync(createRequire(__filename).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * The WCAG 2 A and AA checks of axe-core (colour contrast among them) on what the page shows now,
 * or only inside `scope`. Returns the violations as readable lines, so a test's failure names them.
 */
export async function accessibilityViolations(page: Page, scope?: Locator): Promise<string[]> {
  // Evaluated through the DevTools protocol, not as a <script>: the app's Content-Security-Policy
  // (script-src 'self') rightly refuses an inline script.
  await page.evaluate(axeSource());
  const element = scope ? await scope.elementHandle() : null;
  const violations = await page.evaluate(async (root) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(root ?? document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } });
    return result.violations;
  }, element);
  return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.help}) at ${node.target.join(" ")}: ${node.failureSummary ?? ""}`));
}
