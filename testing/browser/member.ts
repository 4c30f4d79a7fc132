import type { Page } from "playwright-core";
import { api } from "./api";

/** Signs a member in through a login link (the emulator returns the token in its answer) and waits for the dashboard. */
export async function signInAsMember(page: Page, email: string): Promise<void> {
  const { loginUrl } = await api<{ loginUrl: string }>("POST", "/api/auth/email", undefined, { email });
  await page.goto(loginUrl);
  await page.waitForURL("**/dashboard");
}
