import type { Page } from "playwright-core";
import { ADMIN } from "../actors";
import { ensureAdmin } from "../backend";
import { idTokenFromPassword, resetEmulators } from "../emulators";

/** Signs in on /auth with a username (the actors' ADMIN unless told) and password, as an admin does, and waits for the dashboard. */
export async function signInAsAdmin(page: Page, admin: { email: string; password: string } = ADMIN): Promise<void> {
  await page.goto("/auth");
  await page.getByRole("textbox", { name: "Username" }).fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
}

/** An empty store with only the admin in it; returns the admin's ID token for API set-up calls. */
export async function freshStoreWithAdmin(): Promise<string> {
  await resetEmulators();
  await ensureAdmin(ADMIN.email, ADMIN.password);
  return idTokenFromPassword(ADMIN.email, ADMIN.password);
}
