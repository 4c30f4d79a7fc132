import { beforeEach, describe, expect, it } from "vitest";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { signInAsMember } from "../../testing/browser/member";
import { ensureAdmin } from "../../testing/backend";
import { resetEmulators } from "../../testing/emulators";

const browser = useBrowser();
beforeEach(resetEmulators);

describe("signed out", () => {
  it.each([
    ["/admin", "/auth"],
    ["/admin/settings", "/auth"],
    ["/analytics", "/auth"],
    ["/dashboard", "/email-login"],
  ])("%s redirects to %s", async (from, to) => {
    const { context, page } = await newPage(browser());
    await page.goto(from);
    await page.waitForURL((url) => url.pathname === to);
    await context.close();
  });

  it("/submit shows 'Login Required' and goes home", async () => {
    const { context, page } = await newPage(browser());
    await page.goto("/submit");
    await page.getByText("Login Required").waitFor();
    await page.getByText("Please log in to submit referral links").waitFor();
    await page.waitForURL((url) => url.pathname === "/");
    await screenshot(page, "guard-01-submit-login-required");
    await context.close();
  });

  it("an unknown path shows the not-found page", async () => {
    const { context, page } = await newPage(browser());
    await page.goto("/no/such/page");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await page.getByText("Did you forget to add the page to the router?").waitFor();
    await screenshot(page, "guard-02-not-found");
    await context.close();
  });

  it("the open pages load", async () => {
    const { context, page } = await newPage(browser());
    for (const path of ["/programs", "/subscription-error", "/auth", "/email-login"]) {
      await page.goto(path);
      await page.locator("h1, h2, h3, h4, h5").first().waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      await screenshot(page, `open-${path.slice(1)}`);
    }
    await context.close();
  });
});

describe("signed in as a member", () => {
  it.each(["/admin", "/admin/settings", "/analytics"])("%s shows 'Unauthorized Access'", async (path) => {
    const { context, page } = await newPage(browser());
    await signInAsMember(page, "active@example.com");
    await page.goto(path);
    await page.getByText("Unauthorized Access").first().waitFor();
    await page.getByText("You must be an administrator to access this page.").waitFor();
    await page.getByRole("link", { name: "Return Home" }).waitFor();
    await screenshot(page, `guard-03-unauthorized-${path.slice(1).replace("/", "-")}`);
    await context.close();
  });
});

describe("code splitting", () => {
  it("loads the admin and analytics code only on their routes", async () => {
    await ensureAdmin("admin@example.com", "admin-password-1");
    const { context, page } = await newPage(browser());
    const scripts = new Set<string>();
    page.on("request", (req) => {
      if (req.resourceType() === "script") scripts.add(new URL(req.url()).pathname);
    });
    await page.goto("/");
    await page.getByRole("button", { name: "Continue with Email" }).waitFor();
    await page.goto("/email-login");
    await page.getByRole("button", { name: "Send Login Link" }).waitFor();
    const publicScripts = new Set(scripts);

    await page.goto("/auth");
    await page.getByRole("textbox", { name: "Username" }).fill("admin@example.com");
    await page.getByLabel("Password").fill("admin-password-1");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    const adminOnly = [...scripts].filter((s) => !publicScripts.has(s));
    expect(adminOnly.length).toBeGreaterThan(0);

    const beforeAnalytics = new Set(scripts);
    await page.goto("/analytics");
    await page.getByRole("heading", { name: "Analytics Dashboard" }).waitFor();
    expect([...scripts].filter((s) => !beforeAnalytics.has(s) && !publicScripts.has(s)).length).toBeGreaterThan(0);
    await screenshot(page, "admin-04-analytics");
    await context.close();
  });
});
