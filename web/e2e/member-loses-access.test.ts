import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../testing/backend";
import { freshStoreWithAdmin } from "../../testing/browser/admin";
import { api } from "../../testing/browser/api";
import { accessibilityViolations } from "../../testing/browser/axe";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { signInAsMember } from "../../testing/browser/member";
import { expectToast } from "../../testing/browser/toasts";

const browser = useBrowser();
const MEMBER = "active@example.com";

let admin: string;
beforeEach(async () => {
  admin = await freshStoreWithAdmin();
});

/**
 * The dashboard with every first read answered. The account is changed only then: a read still on its
 * way would meet the change first, and the member would be signed out before they asked for anything.
 */
async function settledDashboard(page: Page) {
  await page.getByRole("heading", { name: "My Referral Links" }).waitFor();
  await page.waitForLoadState("networkidle");
}

/** Something a member does on the dashboard that asks the API: another range of their fair share. */
async function askTheApi(page: Page) {
  await page.getByRole("region", { name: "Your Fair Share" }).getByRole("combobox", { name: "Time Range" }).click();
  await page.getByRole("option", { name: "Last 7 days" }).click();
}

describe("a member who loses access mid-session", () => {
  it("is signed out and told they were blocked", async () => {
    const { context, page } = await newPage(browser());
    await signInAsMember(page, MEMBER);
    await settledDashboard(page);
    // a second later, so the block's revocation certainly covers the page's token
    await new Promise((r) => setTimeout(r, 1100));
    await api("POST", `/api/users/${MEMBER}/block`, admin);

    await askTheApi(page);
    await expectToast(page, "Signed out", "403: Your account has been blocked");
    // back on the landing page, where members sign in
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("button", { name: "Continue with Email" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "loses-access-01-blocked");
    // and stays signed out
    await page.goto("/dashboard");
    await page.waitForURL("**/email-login");
    await context.close();
  });

  it("whose subscription lapsed is signed out and shown the subscription page", async () => {
    const { context, page } = await newPage(browser());
    await signInAsMember(page, MEMBER);
    await settledDashboard(page);
    // what a subscription check that found it cancelled records
    const [doc] = (await db().collection("users").where("username", "==", MEMBER).get()).docs;
    await doc!.ref.update({ subscriptionStatus: "canceled" });

    await askTheApi(page);
    await page.waitForURL("**/subscription-error");
    await page.getByText("Subscription Required").waitFor();
    await page.getByText("No active subscription found for this email address").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "loses-access-02-lapsed");
    await page.goto("/dashboard");
    await page.waitForURL("**/email-login");
    await context.close();
  });
});
