import type { Page } from "playwright-core";
import { apiRoute } from "./api";

/** Signs a member in through a login link (the emulator returns the token in its answer) and waits for the dashboard. */
export async function signInAsMember(page: Page, email: string): Promise<void> {
  const { loginUrl } = await apiRoute("sendLoginLink", { body: { email } });
  if (!loginUrl) throw new Error("no login link in the answer: the functions expose it only in the emulator");
  await page.goto(loginUrl);
  await page.waitForURL("**/dashboard");
}
