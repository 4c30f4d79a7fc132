import type { Page } from "playwright-core";
import { saveScreenshot } from "./browser";

let failures = 0;

/**
 * Waits for a toast with this title (and description). includeHidden: an open MUI dialog marks
 * everything outside it aria-hidden, the toast area too. On a timeout it says which toasts the page
 * showed instead and keeps a screenshot, so a failure on a CI machine can be read afterwards.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const found = page
    .getByRole("alert", { includeHidden: true })
    .or(page.getByRole("status", { includeHidden: true }))
    .filter({ hasText: title });
  await (description ? found.filter({ hasText: description }) : found)
    .first()
    .waitFor()
    .catch(async (err: unknown) => {
      const shown = await page
        .getByRole("alert", { includeHidden: true })
        .or(page.getByRole("status", { includeHidden: true }))
        .allTextContents();
      const shot = `failure-toast-${String(++failures)}`;
      await saveScreenshot(page, shot).catch(() => undefined);
      throw new Error(
        `no toast "${title}${description ? ` / ${description}` : ""}"; shown: ${JSON.stringify(shown)}; screenshot ${shot}.png`,
        { cause: err },
      );
    });
}
