import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { FIXTURE_SITE } from "../../testing/suite-config";
import { freshStoreWithAdmin, signInAsAdmin } from "../../testing/browser/admin";
import { api } from "../../testing/browser/api";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { signInAsMember } from "../../testing/browser/member";
import { expectToast } from "../../testing/browser/toasts";
import { resetBankPages, setBankPage } from "../../testing/fixture-site";
import { clearInbox } from "../../testing/inbox";
import { signInMember } from "../../testing/members";

const browser = useBrowser();

// The fixture site answers /offer with 200 (the link tester finds it working), /expired with 404
// (broken), and /bank/{name} with what the test sets; two broken tests in a row make a link failing.
const WORKING = `${FIXTURE_SITE}/offer`;
const EXPIRED = `${FIXTURE_SITE}/expired`;
const ALICE_BANK_PAGE = "alice-chase";

interface Link {
  id: string;
  link: string;
  health: { status: "healthy" | "failing" | "unknown"; tests: unknown[] };
}

let adminToken: string;
let aliceToken: string;
let ids: { chase: string; aliceChase: string; tomChase: string };

/** An approved link of this member in this program, at this address. */
async function approvedLink(memberToken: string, programId: string, link: string, description: string): Promise<string> {
  const { id } = await api<{ id: string }>("POST", "/api/user/links", memberToken, { programId, link, description });
  await api("POST", `/api/links/${id}/approve`, adminToken);
  return id;
}

/** The admin's single test, recorded in the link's health like every test. */
const adminTest = (id: string) => api("POST", `/api/admin/test-referral-link/${id}`, adminToken, {});
const linkNow = async (id: string) => (await api<Link[]>("GET", "/api/links", adminToken)).find((l) => l.id === id)!;
const filterSwitch = (page: Page, name: string) => page.getByRole("switch", { name }).or(page.getByRole("checkbox", { name }));

beforeEach(async () => {
  adminToken = await freshStoreWithAdmin();
  await Promise.all([clearInbox(), resetBankPages()]);
  const tomToken = await signInMember("trialing@example.com");
  aliceToken = await signInMember("active@example.com");
  const chase = await api<{ id: string }>("POST", "/api/programs", adminToken, { name: "Chase Sapphire", description: "Travel card" });
  const aliceChase = await approvedLink(aliceToken, chase.id, `${FIXTURE_SITE}/bank/${ALICE_BANK_PAGE}`, "60k points");
  const tomChase = await approvedLink(tomToken, chase.id, WORKING, "4x dining");
  ids = { chase: chase.id, aliceChase, tomChase };
  // alice's offer expired at the bank: two broken tests in a row take it out of the rotation
  await setBankPage(ALICE_BANK_PAGE, 404);
  await adminTest(aliceChase);
  await adminTest(aliceChase);
  await adminTest(tomChase);
  expect((await linkNow(aliceChase)).health.status).toBe("failing");
});

describe("link health", () => {
  it("admin: the Failing filter, kept in the address, and a failing link's health details", async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.getByRole("tab", { name: "Referral Links" }).click();
    // the program is not shared on the site; both links are approved (hidden by default)
    await filterSwitch(page, "Only links on site").click();
    await filterSwitch(page, "Hide approved links").click();
    await page.getByText("2 of 2 links in 1 program").waitFor();

    // only failing: alice's link alone
    await filterSwitch(page, "Only failing links").click();
    await page.getByText("1 of 2 links in 1 program").waitFor();
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
      tab: "links",
      onlyOnSite: "0",
      hideApproved: "0",
      onlyFailing: "1",
    });

    // a reload (or a shared address) shows the same list
    await page.reload();
    await page.getByText("1 of 2 links in 1 program").waitFor();
    expect(await filterSwitch(page, "Only failing links").isChecked()).toBe(true);

    await page.getByRole("button", { name: "Expand All" }).click();
    const row = page.locator(`[aria-label="Link by active"]`);
    await row.getByText("Failing", { exact: true }).waitFor();
    // a failing link is out of the rotation: not shown as active
    expect(await row.getByText("Active", { exact: true }).count()).toBe(0);
    await row.getByText(/Failing: out of the rotation\. 2 tests in a row found it broken \(HTTP 404/).waitFor();
    await row.getByText(/Last test: Broken · HTTP 404/).waitFor();

    // the last tests, newest first, in words
    const history = row.getByRole("button", { name: "Show test history (2) for link by active" });
    await history.click();
    const tests = row.getByRole("list", { name: /Last tests of the link by active/ }).getByRole("listitem");
    expect(await tests.count()).toBe(2);
    expect(await tests.first().textContent()).toMatch(/Broken · HTTP 404/);
    // the same button now hides them again
    expect(await row.getByRole("button", { name: "Hide test history (2) for link by active" }).getAttribute("aria-expanded")).toBe("true");
    await screenshot(page, "health-01-admin-failing-details");

    // the healthy link: its last test, quietly, no Failing chip
    await filterSwitch(page, "Only failing links").click();
    await page.getByText("2 of 2 links in 1 program").waitFor();
    expect(new URL(page.url()).searchParams.get("onlyFailing")).toBeNull();
    await page.getByRole("button", { name: "Expand All" }).click();
    const tomRow = page.locator(`[aria-label="Link by trialing"]`);
    await tomRow.getByText(/Last test: Working · HTTP 200/).waitFor();
    await tomRow.getByText("Active", { exact: true }).waitFor();
    expect(await tomRow.getByText("Failing", { exact: true }).count()).toBe(0);
    await context.close();
  });

  it("admin: 'Run health check' shows its progress, then the counts", async () => {
    // more links at the one fixture host, which the check tests a second apart: the admin can watch it go
    const program = await api<{ id: string }>("POST", "/api/programs", adminToken, { name: "Amex Gold" });
    const extra: string[] = [];
    let expired = 0;
    for (let i = 0; i < 4; i++) {
      const broken = i % 2 === 0;
      if (broken) expired += 1;
      const link = await api<{ id: string }>("POST", "/api/links", adminToken, {
        programId: program.id,
        name: `Member ${String(i)}`,
        email: `member${String(i)}@example.com`,
        link: `${broken ? EXPIRED : WORKING}?n=${String(i)}`,
        description: "Bonus",
      });
      extra.push(link.id);
    }
    await api("PATCH", "/api/links/bulk", adminToken, { ids: extra, op: "approve" });
    const total = extra.length + 2;

    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.getByRole("tab", { name: "Referral Links" }).click();
    await page.getByRole("button", { name: "Run health check" }).click();
    await page.getByText(new RegExp(`^Links tested: \\d+ of ${String(total)}$`)).waitFor();
    await page.getByRole("progressbar", { name: "Run health check progress" }).waitFor();
    await screenshot(page, "health-02-admin-check-progress");

    // the expired extra links and alice's are broken; one broken test does not make a link failing, a third one in a row keeps alice's
    const broken = expired + 1;
    const summary = `${String(total)} links tested: ${String(total - broken)} working, ${String(broken)} broken, 0 could not be verified. Failing now: 1.`;
    await expectToast(page, "Health check done", summary);
    // the summary stays after the toast has gone, until dismissed
    const kept = page.getByRole("status").filter({ has: page.getByRole("button", { name: "Dismiss summary" }) });
    await kept.waitFor();
    expect(await kept.textContent()).toContain(summary);
    await screenshot(page, "health-03-admin-check-summary");
    await context.close();
  }, 120_000);

  it("member: a failing link says so and why; 'Test now' on the fixed link brings it back, and says when to retry after 5", async () => {
    const { context, page } = await newPage(browser());
    await signInAsMember(page, "active@example.com");
    const card = page.getByRole("article").filter({ hasText: "Chase Sapphire" });
    await card.getByText("Failing: taken out of the rotation").waitFor();
    await card.getByText(/2 tests in a row found it broken \(HTTP 404/).waitFor();
    await card.getByText(/fix the link at the bank, or edit it here/).waitFor();
    await screenshot(page, "health-04-member-failing");

    // the bank fixes the offer: the same address works again
    await setBankPage(ALICE_BANK_PAGE, 200);
    await card.getByRole("button", { name: "Test now: Chase Sapphire" }).click();
    await card.getByRole("status").filter({ hasText: "Test result: Working · HTTP 200" }).waitFor();
    // the list is read again: back in the rotation
    await card.getByText(/Last test: Working · HTTP 200/).waitFor();
    expect(await card.getByText("Failing: taken out of the rotation").count()).toBe(0);
    await card.getByText("Active", { exact: true }).waitFor();
    expect((await linkNow(ids.aliceChase)).health.status).toBe("healthy");
    await screenshot(page, "health-05-member-fixed");

    // 5 tests an hour per link: the sixth says when the member can test again
    for (let i = 0; i < 4; i++) await api("POST", `/api/user/links/${ids.aliceChase}/test`, aliceToken, {});
    await card.getByRole("button", { name: "Test now: Chase Sapphire" }).click();
    await card.getByText(/The link could not be tested: 429: .+ You can test it again in \d+ (minute|minutes|second|seconds)\./).waitFor();
    await screenshot(page, "health-06-member-rate-limited");
    await context.close();
  });
});
