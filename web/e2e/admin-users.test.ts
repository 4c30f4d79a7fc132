import type { Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ADMIN } from "../../testing/actors";
import { freshStoreWithAdmin, signInAsAdmin } from "../../testing/browser/admin";
import { api, apiRoute } from "../../testing/browser/api";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { expectToast } from "../../testing/browser/toasts";
import { clearInbox } from "../../testing/inbox";
import { ensureAdmin } from "../../testing/backend";
import { idTokenFromPassword } from "../../testing/emulators";
import { signInMember } from "../../testing/members";
import { stripeLocal } from "../../testing/jobs";
import { suite } from "../../testing/suite-env";

const browser = useBrowser();

interface User {
  username: string;
  displayName: string | null;
  notes: string | null;
  approved: boolean;
  blocked: boolean;
  subscriptionLastChecked: string | null;
}

let adminToken: string;

beforeEach(async () => {
  adminToken = await freshStoreWithAdmin();
  await clearInbox();
  // two members sign in once: both are pending approval
  await Promise.all([signInMember("active@example.com"), signInMember("trialing@example.com")]);
});

afterEach(() => stripeLocal.reset());

const usersNow = () => api<User[]>("GET", "/api/users", adminToken);
const userNow = async (username: string) => (await usersNow()).find((u) => u.username === username);

/** A user's card: a collapsible card whose header starts with the e-mail. */
const card = (page: Page, email: string) => page.locator(".MuiAccordion-root").filter({ hasText: email });

async function openUser(page: Page, email: string) {
  // the card first: after a filter change it shows once the address has the filter (a render later)
  await card(page, email).first().waitFor();
  const header = card(page, email).getByRole("button", { expanded: false });
  if ((await header.count()) > 0) await header.first().click();
  return card(page, email);
}

describe("admin users", () => {
  it("approves, edits, checks, blocks, creates, deletes users and logs in as one and back", async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.getByRole("tab", { name: "Users" }).click();

    // defaults: blocked and approved users hidden, so both pending members show and the admin does not
    await page.getByText("2 of 3 users").waitFor();
    await screenshot(page, "admin-20-users-tab");

    await (await openUser(page, "active@example.com")).getByRole("button", { name: "Approve", exact: true }).click();
    await expectToast(page, "User approved");
    await page.getByText("1 of 3 users").waitFor();
    expect((await userNow("active@example.com"))?.approved).toBe(true);

    // settings: name and notes saved; the e-mail is left alone
    await page
      .getByRole("switch", { name: "Hide approved users" })
      .or(page.getByRole("checkbox", { name: "Hide approved users" }))
      .click();
    // the settings button is on the user's row itself: the card stays closed
    expect(await card(page, "active@example.com").getByRole("button", { expanded: true }).count()).toBe(0);
    await page.getByRole("button", { name: "User settings for active@example.com" }).click();
    const settings = page.getByRole("dialog");
    await settings.getByRole("textbox", { name: "Name" }).fill("Alice Active");
    await settings.getByRole("textbox", { name: "Private notes" }).fill("Met at the meetup");
    await settings.getByText("Last checked:").waitFor();
    await screenshot(page, "admin-21-user-settings");
    await settings.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Success", "User settings updated successfully");
    await settings.waitFor({ state: "detached" });
    expect(await userNow("active@example.com")).toMatchObject({ displayName: "Alice Active", notes: "Met at the meetup" });

    // subscription check from the dialog
    await page.getByRole("button", { name: "User settings for active@example.com" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Check Subscription Status" }).click();
    await expectToast(page, "Subscription checked", "Status: active");
    expect((await userNow("active@example.com"))?.subscriptionLastChecked).not.toBeNull();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

    // block asks first, then pauses the member
    await (await openUser(page, "trialing@example.com")).getByRole("button", { name: "Block", exact: true }).click();
    await page.getByRole("dialog").getByText("pauses all of their links").waitFor();
    await screenshot(page, "admin-24-block-confirm");
    await page.getByRole("dialog").getByRole("button", { name: "Block" }).click();
    await expectToast(page, "User blocked");
    expect((await userNow("trialing@example.com"))?.blocked).toBe(true);

    // blocked users are hidden by default: show them to unblock
    await page
      .getByRole("switch", { name: "Hide blocked users" })
      .or(page.getByRole("checkbox", { name: "Hide blocked users" }))
      .click();
    await (await openUser(page, "trialing@example.com")).getByRole("button", { name: "Unblock", exact: true }).click();
    await expectToast(page, "User unblocked");
    expect((await userNow("trialing@example.com"))?.blocked).toBe(false);

    // create a user: empty first, then an address
    await page.getByRole("button", { name: "Create User" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Create User" }).click();
    await expectToast(page, "Email required", "Please enter an email address");
    await screenshot(page, "admin-25-create-user");
    await page.getByRole("dialog").getByRole("textbox", { name: "Email" }).fill("Friend@Example.com");
    await page.getByRole("dialog").getByRole("button", { name: "Create User" }).click();
    await expectToast(page, "User created");
    expect(await userNow("friend@example.com")).toMatchObject({ approved: true });

    // a new e-mail, trimmed and lower-cased
    await openUser(page, "friend@example.com");
    await page.getByRole("button", { name: "User settings for friend@example.com" }).click();
    await page.getByRole("dialog").getByRole("textbox", { name: "Email" }).fill("  Friend.New@Example.com ");
    await page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Success", "User settings updated successfully");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await userNow("friend.new@example.com")).toMatchObject({ approved: true });

    // and delete it again from its settings
    await openUser(page, "friend.new@example.com");
    await page.getByRole("button", { name: "User settings for friend.new@example.com" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete User" }).click();
    await page.getByRole("dialog", { name: "Delete user?" }).waitFor();
    await screenshot(page, "admin-26-delete-user-confirm");
    await page.getByRole("dialog", { name: "Delete user?" }).getByRole("button", { name: "Delete User" }).click();
    await expectToast(page, "User deleted successfully", "The user and all their links have been removed");
    expect(await userNow("friend.new@example.com")).toBeUndefined();

    await page.getByRole("button", { name: "Check All Subscriptions" }).click();
    await expectToast(page, "Subscriptions checked", "Total");

    await page.getByRole("tab", { name: "Duplicates" }).click();
    await page.getByText("No duplicate accounts").waitFor();
    await screenshot(page, "admin-27-no-duplicates");

    // log in as the member, then back
    await page.getByRole("tab", { name: "Users" }).click();
    await page
      .getByRole("switch", { name: "Hide approved users" })
      .or(page.getByRole("checkbox", { name: "Hide approved users" }))
      .click();
    await (await openUser(page, "active@example.com")).getByRole("button", { name: "Log in as user" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: "My Referral Links" }).waitFor();
    expect(await page.getByTestId("session-email").textContent()).toBe("active@example.com");
    await screenshot(page, "admin-22-impersonating");
    await page.getByRole("button", { name: "Back to Admin" }).click();
    await page.waitForURL("**/admin");
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    expect(await page.getByTestId("session-email").textContent()).toBe(ADMIN.email);

    // Dev User does the same for any address
    await page.getByRole("button", { name: "Dev User" }).click();
    await page.getByRole("dialog").getByRole("textbox", { name: "User email" }).fill("active@example.com");
    await screenshot(page, "admin-28-dev-user");
    await page.getByRole("dialog").getByRole("button", { name: "Log in as user" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByRole("button", { name: "Back to Admin" }).click();
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();

    // change the admin password: mismatch first, then a wrong current password (the server takes a
    // new password only from a fresh sign-in, so the dialog signs in again with the current one)
    await page.getByRole("button", { name: "Change Admin Password" }).click();
    await page.getByRole("dialog").getByLabel("Current password").fill("not-the-password");
    await page.getByRole("dialog").getByLabel("New password").fill("new-admin-password-2");
    await page.getByRole("dialog").getByLabel("Confirm password").fill("something-else");
    await page.getByRole("dialog").getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByRole("dialog").getByLabel("Confirm password").fill("new-admin-password-2");
    await page.getByRole("dialog").getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Current password is incorrect").waitFor();
    await screenshot(page, "admin-29-change-password-errors");
    await expect(idTokenFromPassword(ADMIN.email, "new-admin-password-2")).rejects.toThrow();
    await page.getByRole("dialog").getByLabel("Current password").fill(ADMIN.password);
    await page.getByRole("dialog").getByRole("button", { name: "Update Password" }).click();
    await expectToast(page, "Password updated");
    await expect(idTokenFromPassword(ADMIN.email, "new-admin-password-2")).resolves.toBeTruthy();
    await context.close();
    // the admin's whole round over a dozen screens (each checked by axe, about 0.5 s): it took 85-90 s on a
    // busy machine, at the suite's 90 s default
  }, 180_000);

  it("changing another admin's e-mail on a stale sign-in asks for the current password, refuses a wrong one, then saves", async () => {
    const SECOND = { email: "second.admin@example.com", password: "second-admin-password" };
    await ensureAdmin(SECOND.email, SECOND.password);
    const { context, page } = await newPage(browser());
    // an e-mail-link sign-in never counts as fresh for an admin (functions/src/auth/auth.guard.ts): the server
    // wants the password proved again before it changes an administrator's e-mail
    const { loginUrl } = await apiRoute("sendLoginLink", { body: { email: ADMIN.email } });
    if (!loginUrl) throw new Error("no login link in the answer: the functions expose it only in the emulator");
    await page.goto(loginUrl);
    await page.waitForURL((url) => !url.pathname.startsWith("/email-login"));
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await page.getByRole("tab", { name: "Users" }).click();
    await page
      .getByRole("switch", { name: "Hide approved users" })
      .or(page.getByRole("checkbox", { name: "Hide approved users" }))
      .click();
    await page.getByRole("button", { name: `User settings for ${SECOND.email}` }).click();
    const settings = page.getByRole("dialog");
    await settings.getByRole("textbox", { name: "Email" }).fill("second.new@example.com");
    await settings.getByRole("textbox", { name: "Private notes" }).fill("Runs the meetups");
    await settings.getByRole("button", { name: "Save Changes" }).click();

    // the dialog asks for the signed-in admin's own password, its field focused
    const password = settings.getByLabel("Your current password");
    await password.waitFor();
    expect(await password.evaluate((field) => field === document.activeElement)).toBe(true);
    await password.fill("not-the-password");
    await settings.getByRole("button", { name: "Save Changes" }).click();
    await settings.getByText("Current password is incorrect").waitFor();
    await screenshot(page, "admin-30-reauth-for-admin-email");
    // nothing changed: neither the e-mail nor the rest of the form
    expect(await userNow(SECOND.email)).toMatchObject({ notes: null });
    expect(await userNow("second.new@example.com")).toBeUndefined();

    // the right password, from the keyboard: signed in again, the save is made once
    await password.fill(ADMIN.password);
    await password.press("Enter");
    await expectToast(page, "Success", "User settings updated successfully");
    await settings.waitFor({ state: "detached" });
    expect(await userNow("second.new@example.com")).toMatchObject({ notes: "Runs the meetups" });
    expect(await userNow(SECOND.email)).toBeUndefined();
    await expect(idTokenFromPassword("second.new@example.com", SECOND.password)).resolves.toBeTruthy();
    await context.close();
  }, 120_000);

  it("Check All runs as a job: a failing listing changes no one; then its progress shows under the button, and the summary", async () => {
    // 150 more subscriptions at Stripe: with the seed's, a listing of two pages
    const subscribers = Array.from({ length: 150 }, (_, i) => ({ email: `member${String(i)}@example.com`, status: "active" }));
    await fetch(`${suite.stripeUrl}/__bulk`, { method: "POST", body: JSON.stringify({ subscribers }) });
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.getByRole("tab", { name: "Users" }).click();
    await page.getByText("2 of 3 users").waitFor();
    const check = page.getByRole("button", { name: "Check All Subscriptions" });

    // Stripe's listing fails after its first page, longer than the job's retries: nothing is applied
    const before = await usersNow();
    await stripeLocal.failCalls({ path: "/v1/subscriptions", after: 1, count: 1_000, status: 500 });
    await check.click();
    await page.getByText(/Reading subscriptions: \d+ page/).waitFor();
    await page.getByRole("alert", { includeHidden: true }).filter({ hasText: "Bulk Check Failed" }).first().waitFor({ timeout: 120_000 });
    expect(await usersNow()).toEqual(before);

    // a slow Stripe: the admin watches the pages being read, then the members being applied
    await stripeLocal.clearFaults();
    await stripeLocal.setLatency(1_000);
    const started = Date.now();
    await check.click();
    await page.getByText(/Reading subscriptions: \d+ page/).waitFor();
    await screenshot(page, "admin-21-check-all-progress");
    await expectToast(page, "Subscriptions checked", "Total");
    // every member checked by this run (admins need no subscription)
    const members = (await usersNow()).filter((u) => u.username !== ADMIN.email);
    expect(members.map((u) => Date.parse(u.subscriptionLastChecked ?? "") >= started)).toEqual([true, true]);
    await context.close();
  }, 180_000);

  it("Check All counts a member Stripe cannot answer for as an error, and leaves users an admin made alone", async () => {
    await api("POST", "/api/admin/create-user", adminToken, { email: "made@example.com" });
    // a member whose stored Stripe customer no longer exists there
    const { db } = await import("../../testing/backend");
    await db().doc("users/gone-uid").set({
      username: "gone@example.com",
      email: "gone@example.com",
      isAdmin: false,
      blocked: false,
      approved: true,
      createdByAdmin: false,
      subscriptionStatus: "active",
      stripeCustomerId: "cus_deletedlongago",
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.getByRole("tab", { name: "Users" }).click();
    await page.getByRole("button", { name: "Check All Subscriptions" }).click();
    // alice, tom and gone; not the admin, not made@example.com
    await expectToast(page, "Subscriptions checked", "Total 3: 2 active, 0 cancelled, 0 not found, 1 errors");
    await screenshot(page, "admin-30-check-all-errors");
    const made = await userNow("made@example.com");
    expect(made).toMatchObject({ subscriptionLastChecked: null });
    // no red "not found" chip on the user an admin made: they need no subscription
    await page
      .getByRole("switch", { name: "Hide approved users" })
      .or(page.getByRole("checkbox", { name: "Hide approved users" }))
      .click();
    await card(page, "made@example.com").first().waitFor();
    expect(
      await card(page, "made@example.com")
        .getByText(/Subscription:/)
        .count(),
    ).toBe(0);
    await context.close();
  }, 120_000);

  it("an announcement saved inactive stays in the form, to edit and show again", async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.getByRole("tab", { name: "Announcements" }).click();
    await page.getByText("There is no announcement yet; saving creates one.").waitFor();
    await page.getByRole("textbox", { name: "Message" }).fill("Maintenance on Sunday");
    await page
      .getByRole("switch", { name: "Active" })
      .or(page.getByRole("checkbox", { name: "Active" }))
      .click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(page, "Announcement saved", "The announcement is saved but not shown");
    expect(await api("GET", "/api/announcements/active")).toBeNull();

    // after a reload too: the admin reads the announcement, active or not
    await page.reload();
    await page.getByRole("tab", { name: "Announcements" }).click();
    await page.getByText("This announcement is not shown to members.", { exact: false }).waitFor();
    expect(await page.getByRole("textbox", { name: "Message" }).inputValue()).toBe("Maintenance on Sunday");
    await screenshot(page, "admin-40-announcement-inactive");
    await page.getByRole("textbox", { name: "Message" }).fill("Maintenance on Sunday, 2-4 am UTC");
    await page
      .getByRole("switch", { name: "Active" })
      .or(page.getByRole("checkbox", { name: "Active" }))
      .click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(page, "Announcement saved", "Members see the announcement on their dashboard");
    expect(await api("GET", "/api/announcements/active")).toMatchObject({ message: "Maintenance on Sunday, 2-4 am UTC", isActive: true });
    await context.close();
  });

  it("merges a duplicate account into the primary", async () => {
    // an account from before addresses were normalised: the same e-mail in other case, with a link
    const { getAuth } = await import("firebase-admin/auth");
    const { db } = await import("../../testing/backend");
    const { uid } = await getAuth().createUser({ email: "legacy-alice@example.com" });
    const later = new Date(Date.now() + 60_000);
    await db().collection("users").doc(uid).set({
      username: "Active@Example.com",
      email: "Active@Example.com",
      isAdmin: false,
      blocked: false,
      approved: true,
      createdByAdmin: false,
      notes: "Old account",
      displayName: null,
      createdAt: later,
      updatedAt: later,
    });
    const program = await api("POST", "/api/programs", adminToken, { name: "Chase" });
    await db().collection("referral_links").add({
      programId: program.id,
      email: "Active@Example.com",
      name: "Legacy",
      link: "https://refer.example.com/legacy",
      description: "Old offer",
      approved: true,
      paused: false,
      isDead: false,
      createdAt: later,
      submittedAt: later,
      updatedAt: later,
    });

    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.getByRole("tab", { name: "Duplicates" }).click();
    await page.getByText("Primary").first().waitFor();
    await screenshot(page, "admin-23-duplicates");
    await page.getByRole("button", { name: "Merge into primary" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Merge" }).waitFor();
    await screenshot(page, "admin-23-merge-confirm");
    await page.getByRole("dialog").getByRole("button", { name: "Merge" }).click();
    await expectToast(page, "Accounts merged");
    await page.getByText("No duplicate accounts").waitFor();
    const users = await usersNow();
    expect(users.filter((u) => u.username.toLowerCase() === "active@example.com").map((u) => u.username)).toEqual(["active@example.com"]);
    const links = await api<{ email: string }[]>("GET", "/api/links", adminToken);
    expect(links.map((l) => l.email)).toEqual(["active@example.com"]);
    await context.close();
  });
});
