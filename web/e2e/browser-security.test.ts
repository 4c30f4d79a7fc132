import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { freshStoreWithAdmin, signInAsAdmin } from "../../testing/browser/admin";
import { api } from "../../testing/browser/api";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { signInAsMember } from "../../testing/browser/member";

const browser = useBrowser();
let admin: string;

beforeEach(async () => {
  admin = await freshStoreWithAdmin();
});

// Text a member or admin could type that a careless page would turn into markup and script.
const HOSTILE = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>`;

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${String(event.lineNumber)}:${String(event.columnNumber)}`,
      );
    });
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

/** Every link that opens a new tab must not hand the new page a handle on ours, nor our address. */
async function newTabLinksWithoutNoopener(page: Page): Promise<string[]> {
  return page.$$eval('a[target="_blank"]', (anchors) =>
    anchors
      .map((a) => ({ rel: a.getAttribute("rel") ?? "", html: a.outerHTML }))
      .filter(({ rel }) => !/\bnoopener\b/.test(rel) || !/\bnoreferrer\b/.test(rel))
      .map(({ html }) => html),
  );
}

describe("in the browser", () => {
  it("runs every screen under the Content-Security-Policy without a violation, renders typed text as text, and opens new tabs with noopener noreferrer", async () => {
    const program = await api<{ id: string }>("POST", "/api/programs", admin, {
      name: `Amex ${HOSTILE}`.slice(0, 100),
      description: `Dining card ${HOSTILE}`,
    });
    await api("POST", `/api/programs/${program.id}/toggle-shared`, admin, { isSharedOnSite: true });
    const link = await api<{ id: string }>("POST", "/api/links", admin, {
      programId: program.id,
      name: "Alice",
      email: "active@example.com",
      link: "https://refer.example.com/alice",
      description: `Offer ${HOSTILE}`,
    });
    await api("POST", `/api/links/${link.id}/approve`, admin);
    await api("POST", "/api/announcements", admin, { message: `Welcome ${HOSTILE}`, isActive: true });

    const visited: string[] = [];
    const check = async (page: Page, violations: () => Promise<string[]>, path: string, ready: (p: Page) => Promise<unknown>) => {
      await page.goto(path);
      await ready(page);
      visited.push(path);
      expect({ path, violations: await violations() }).toEqual({ path, violations: [] });
      expect({ path, unsafeLinks: await newTabLinksWithoutNoopener(page) }).toEqual({ path, unsafeLinks: [] });
      expect({ path, pwned: await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null) }).toEqual({
        path,
        pwned: null,
      });
      expect(await page.locator('img[src="x"]').count()).toBe(0);
    };

    // a visitor
    const visitor = await newPage(browser());
    const visitorViolations = await watchCsp(visitor.page);
    await check(visitor.page, visitorViolations, "/", (p) => p.getByRole("button", { name: "Continue with Email" }).waitFor());
    await check(visitor.page, visitorViolations, "/programs", async (p) => {
      await p.getByText(`Dining card ${HOSTILE}`).waitFor();
      await p.getByRole("button", { name: /Show QR code of/ }).click();
      await p.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    });
    await check(visitor.page, visitorViolations, "/subscription-error", (p) => p.getByText("Subscription Required").waitFor());
    await check(visitor.page, visitorViolations, "/email-login", (p) => p.getByRole("button", { name: "Send Login Link" }).waitFor());
    await visitor.context.close();

    // a member: their dashboard shows the announcement and their offer, typed by others, as text
    const member = await newPage(browser());
    const memberViolations = await watchCsp(member.page);
    await signInAsMember(member.page, "active@example.com");
    await check(member.page, memberViolations, "/dashboard", async (p) => {
      await p.getByText(`Welcome ${HOSTILE}`).waitFor();
      await p.getByText(`Offer ${HOSTILE}`).waitFor();
    });
    await check(member.page, memberViolations, "/submit", (p) => p.getByRole("heading", { name: "Submit Referral Link" }).waitFor());
    await screenshot(member.page, "security-01-member-dashboard-hostile-text");
    await member.context.close();

    // an admin, through the dashboard's tabs and the analytics charts
    const adminTab = await newPage(browser());
    const adminViolations = await watchCsp(adminTab.page);
    await signInAsAdmin(adminTab.page);
    await check(adminTab.page, adminViolations, "/admin", async (p) => {
      for (const tab of ["Referral Links", "Users", "Duplicates", "Announcements", "Programs"])
        await p.getByRole("tab", { name: tab }).click();
    });
    await check(adminTab.page, adminViolations, "/admin/settings", async (p) => {
      for (const tab of ["Alerts", "Tiers"]) await p.getByRole("tab", { name: tab }).click();
    });
    await check(adminTab.page, adminViolations, "/analytics?tab=programs", (p) =>
      p.getByRole("heading", { name: "Analytics Dashboard" }).waitFor(),
    );
    await adminTab.context.close();

    expect(visited).toHaveLength(9);
  });
});
