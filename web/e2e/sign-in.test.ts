import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { clearInbox, latestMailTo, loginUrlIn, mailsTo } from "../../testing/inbox";
import { callRoute } from "../../testing/http";
import { ensureAdmin } from "../../testing/backend";
import { resetEmulators } from "../../testing/emulators";

const browser = useBrowser();
beforeEach(async () => {
  await resetEmulators();
  await clearInbox();
});

/** From the landing page to the 'Login link sent' state, as a member does it. */
async function askForLoginLink(page: Page, email: string, shots: string) {
  await page.goto("/");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await screenshot(page, `${shots}-01-home`);
  await page.getByRole("button", { name: "Continue with Email" }).click();
  await page.waitForURL((url) => url.pathname === "/email-login" && url.searchParams.get("email") === email);
  // the address is pre-filled and the link is sent without another click
  await page.getByText("Login link sent").waitFor();
  await screenshot(page, `${shots}-02-link-sent`);
}

async function openLinkFromInbox(page: Page, email: string) {
  const loginUrl = loginUrlIn(await latestMailTo(email));
  await page.goto(loginUrl);
}

describe("member sign-in by e-mail link", () => {
  it("signs an active subscriber in through the e-mail read from the inbox", async () => {
    const { context, page } = await newPage(browser());
    await askForLoginLink(page, "active@example.com", "member");
    await openLinkFromInbox(page, "active@example.com");
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: "My Referral Links" }).waitFor();
    await expect(page.getByText("active@example.com").first().isVisible()).resolves.toBe(true);
    // a first login makes an unapproved member
    await page.getByText("Membership Verification in Progress").waitFor();
    await screenshot(page, "member-03-dashboard");

    // the session survives a reload, and the login page sends a signed-in member on
    await page.reload();
    await page.getByRole("heading", { name: "My Referral Links" }).waitFor();
    await page.goto("/email-login");
    await page.waitForURL("**/dashboard");
    await context.close();
  });

  it("lets a trialing subscriber in too", async () => {
    const { context, page } = await newPage(browser());
    await askForLoginLink(page, "trialing@example.com", "trialing");
    await openLinkFromInbox(page, "trialing@example.com");
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: "My Referral Links" }).waitFor();
    await context.close();
  });

  it("tells an address the hub does not know 'Login link sent' too, and mails it nothing", async () => {
    const { context, page } = await newPage(browser());
    await askForLoginLink(page, "someone-unknown@example.com", "unknown");
    // the emulator looks up and mails before answering: once a member's mail asked for after it is in, none came before it
    await callRoute("sendLoginLink", { body: { email: "active@example.com" } });
    await latestMailTo("active@example.com");
    expect(await mailsTo("someone-unknown@example.com")).toEqual([]);
    await context.close();
  });

  it("sends a lapsed subscriber (canceled@example.com) to the subscription error page", async () => {
    const [email, shots] = ["canceled@example.com", "canceled"];
    const { context, page } = await newPage(browser());
    await askForLoginLink(page, email, shots);
    await openLinkFromInbox(page, email);
    await page.waitForURL("**/subscription-error");
    await page.getByText("Subscription Required").waitFor();
    await page.getByText("No active subscription found for this email address").waitFor();
    await page
      .getByRole("link", { name: "Join" })
      .or(page.getByRole("button", { name: "Join" }))
      .first()
      .waitFor();
    const support = page.getByRole("link", { name: "Contact Support" });
    expect(await support.getAttribute("href")).toMatch(/^mailto:/);
    await screenshot(page, `${shots}-03-subscription-error`);
    await page
      .getByRole("link", { name: "← Back to Login" })
      .or(page.getByRole("button", { name: "← Back to Login" }))
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === "/");
    await context.close();
  });

  it("returns to the e-mail step with a 'Login failed' toast for a spent link", async () => {
    const { context, page } = await newPage(browser());
    await page.goto("/email-login?token=not-a-real-token");
    await page.getByText("Login failed").waitFor();
    await page.getByRole("textbox", { name: "Email" }).waitFor();
    await screenshot(page, "member-04-bad-token");
    await context.close();
  });

  it("asks for a valid address before sending anything", async () => {
    const { context, page } = await newPage(browser());
    await page.goto("/email-login");
    await page.getByRole("textbox", { name: "Email" }).fill("not-an-address");
    await page.getByRole("button", { name: "Send Login Link" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await screenshot(page, "member-05-invalid-address");
    await context.close();
  });
});

describe("admin sign-in", () => {
  it("signs the admin in with username and password and out again", async () => {
    await ensureAdmin("admin@example.com", "admin-password-1");
    const { context, page } = await newPage(browser());
    await page.goto("/auth");
    await page.getByRole("textbox", { name: "Username" }).fill("admin@example.com");
    await page.getByLabel("Password").fill("admin-password-1");
    await screenshot(page, "admin-01-login");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL("**/admin");
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await screenshot(page, "admin-02-dashboard");

    // already signed in: /auth goes straight to /admin
    await page.goto("/auth");
    await page.waitForURL("**/admin");

    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname !== "/admin");
    // the landing shows its signed-out variant once the sign-out has finished
    await page.getByRole("textbox", { name: "Email" }).waitFor();
    await page.goto("/admin");
    await page.waitForURL("**/auth");
    await context.close();
  });

  it("shows 'Login failed' for a wrong password", async () => {
    await ensureAdmin("admin@example.com", "admin-password-1");
    const { context, page } = await newPage(browser());
    await page.goto("/auth");
    await page.getByRole("textbox", { name: "Username" }).fill("admin@example.com");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.getByText("Login failed").waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth");
    await screenshot(page, "admin-03-login-failed");
    await context.close();
  });
});
