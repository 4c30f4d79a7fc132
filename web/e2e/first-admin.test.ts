import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { ADMIN } from "../../testing/actors";
import { ensureAdmin } from "../../testing/backend";
import { signInAsAdmin } from "../../testing/browser/admin";
import { accessibilityViolations } from "../../testing/browser/axe";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { expectToast } from "../../testing/browser/toasts";
import { resetEmulators } from "../../testing/emulators";

const browser = useBrowser();

// Every test starts from an empty store: no admin until a test makes one.
beforeEach(async () => {
  await resetEmulators();
});

async function openRegistration(page: Page) {
  await page.goto("/auth");
  await page.getByRole("link", { name: "Set up the first admin account" }).click();
  await page.getByRole("heading", { name: "Register Admin" }).waitFor();
}

async function register(page: Page, email: string, password: string) {
  await page.getByRole("textbox", { name: "Username" }).fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Register" }).click();
}

describe("the first admin, in the browser", () => {
  it("registers with username, password and the setup token field, and lands on the admin dashboard", async () => {
    const { context, page } = await newPage(browser());
    await openRegistration(page);
    // the setup token is asked for: a deployed hub needs it; the emulator's server does not
    await page.getByRole("textbox", { name: "Setup Token" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "first-admin-01-form");

    await register(page, "boss@example.com", "correct-horse-1");
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await context.close();

    // the new admin logs in with that password, in another browser
    const other = await newPage(browser());
    await signInAsAdmin(other.page, { email: "boss@example.com", password: "correct-horse-1" });
    await other.context.close();
  });

  it("once an admin exists, shows 'Registration failed' and says registration is closed", async () => {
    await ensureAdmin(ADMIN.email, ADMIN.password);
    const { context, page } = await newPage(browser());
    await openRegistration(page);
    await register(page, "intruder@example.com", "correct-horse-1");
    await expectToast(page, "Registration failed", "403: Registration is closed: an administrator already exists");
    await page.getByText("Registration is closed").first().waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Register" }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "first-admin-02-closed");
    // nobody was made: the intruder cannot log in
    await page.getByRole("link", { name: "Log in" }).click();
    await page.getByRole("textbox", { name: "Username" }).fill("intruder@example.com");
    await page.getByLabel("Password").fill("correct-horse-1");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expectToast(page, "Login failed");
    await context.close();
  });
});
