import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { db, foldFinishedDays, newClickId, recordVisit } from "../../testing/backend";
import { freshStoreWithAdmin, signInAsAdmin } from "../../testing/browser/admin";
import { api } from "../../testing/browser/api";
import { accessibilityViolations } from "../../testing/browser/axe";
import { appUrl, newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { expectDailyClicks } from "../../testing/browser/charts";
import { rotationPath } from "@hub/contract/routes";

const browser = useBrowser();
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function approvedLink(adminToken: string, programId: string, email: string, name: string) {
  const link = await api<{ id: string }>("POST", "/api/links", adminToken, {
    programId,
    name,
    email,
    link: `https://refer.example.com/${programId}/${name}`,
    description: "Offer",
  });
  await api("POST", `/api/links/${link.id}/approve`, adminToken);
  return link.id;
}

/** Visits of the public rotation address, as a browser makes them. */
async function visit(programId: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await fetch(`${appUrl()}${rotationPath(programId)}`, { redirect: "manual", headers: { "user-agent": BROWSER_UA } });
    expect(res.status).toBe(302);
  }
}

let adminToken: string;
/** Amex Gold and Alice's link in it. */
let amex: { programId: string; linkId: string };

/** A counted click of Alice's Amex Gold link `daysAgo`, written as the rotation writes it. */
function amexClick(daysAgo: number, shard: number) {
  return recordVisit({
    clickId: newClickId(),
    linkId: amex.linkId,
    programId: amex.programId,
    clickedAt: new Date(Date.now() - daysAgo * 86_400_000),
    ipAddress: "203.0.113.4",
    userAgent: BROWSER_UA,
    shard,
    activeLinkIds: [amex.linkId],
  });
}

beforeEach(async () => {
  adminToken = await freshStoreWithAdmin();
  const chase = await api<{ id: string }>("POST", "/api/programs", adminToken, { name: "Chase Sapphire" });
  const amexProgram = await api<{ id: string }>("POST", "/api/programs", adminToken, { name: "Amex Gold" });
  await approvedLink(adminToken, chase.id, "alice@example.com", "Alice");
  await approvedLink(adminToken, chase.id, "tom@example.com", "Tom");
  amex = { programId: amexProgram.id, linkId: await approvedLink(adminToken, amexProgram.id, "alice@example.com", "Alice") };
  // today through the rotation: Chase 6 (3 each), Amex 2; ten days ago 3 more for Amex
  await visit(chase.id, 6);
  await visit(amex.programId, 2);
  for (let i = 0; i < 3; i++) await amexClick(10, i);
});

const card = (page: Page, name: string) => page.getByRole("group", { name });
const overviewRows = (page: Page) => page.getByRole("table", { name: "Top Programs by Clicks" }).locator("tbody tr");

async function expectCard(page: Page, name: string, text: string) {
  await expect.poll(() => card(page, name).innerText()).toContain(text);
}

/** The admin signs in and opens Analytics from the navigation, as a person would. */
async function openAnalytics(page: Page) {
  await signInAsAdmin(page);
  await page
    .getByRole("link", { name: "Analytics" })
    .or(page.getByRole("button", { name: "Analytics" }))
    .first()
    .click();
  await page.getByRole("heading", { name: "Analytics Dashboard" }).waitFor();
}

async function chooseRange(page: Page, label: string) {
  await page.getByRole("combobox", { name: "Time Range" }).click();
  await page.getByRole("option", { name: label }).click();
}

describe("analytics", () => {
  it("an admin reads clicks per program, per range, per owner and per day, and the view survives a reload", async () => {
    const { page } = await newPage(browser());
    await page.emulateMedia({ reducedMotion: "reduce" }); // the chart then draws at once, for the screenshot
    await openAnalytics(page);

    // all time: 11 clicks over 3 links
    await expectCard(page, "Total Programs", "2");
    await expectCard(page, "Total Links", "3");
    await expectCard(page, "Total Clicks", "11");
    await expectCard(page, "Avg. Clicks per Link", "4");
    // default order: clicks, most first; percentages with one decimal
    await expect
      .poll(() => overviewRows(page).allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Chase Sapphire\s+6\s+54\.5%\s+2\s+3\.0$/),
        expect.stringMatching(/^Amex Gold\s+5\s+45\.5%\s+1\s+5\.0$/),
      ]);
    await screenshot(page, "analytics-01-overview-all-time");

    // sorting: a new column starts descending, the same column flips
    await page.getByRole("button", { name: "Avg Clicks/Link" }).click();
    await expect.poll(() => overviewRows(page).first().innerText()).toMatch(/^Amex Gold/);
    await page.getByRole("button", { name: "Avg Clicks/Link" }).click();
    await expect.poll(() => overviewRows(page).first().innerText()).toMatch(/^Chase Sapphire/);

    // last 7 days: the clicks of ten days ago drop out; still by average clicks per link, fewest first
    await chooseRange(page, "Last 7 days");
    await expectCard(page, "Total Clicks", "8");
    await expect
      .poll(() => overviewRows(page).allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Amex Gold\s+2\s+25\.0%\s+1\s+2\.0$/),
        expect.stringMatching(/^Chase Sapphire\s+6\s+75\.0%\s+2\s+3\.0$/),
      ]);
    await screenshot(page, "analytics-02-overview-7-days-sorted");

    // the state is in the address: a reload keeps range and sort
    expect(new URL(page.url()).searchParams.get("range")).toBe("7d");
    await page.reload();
    await expectCard(page, "Total Clicks", "8");
    await expect.poll(() => overviewRows(page).first().innerText()).toMatch(/^Amex Gold/);

    // a program's name opens it in the Programs tab: its daily chart and its owners
    await page.getByRole("button", { name: "Amex Gold" }).click();
    await expect.poll(() => page.getByRole("tab", { name: "Programs" }).getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => page.getByRole("combobox", { name: "Select Program" }).innerText()).toContain("Amex Gold");
    // the chart says what it draws: the 2 clicks of today, over the 7 days of the range
    await expectDailyClicks(page, 2, 7);
    expect(await page.getByRole("region", { name: /Weekly Clicks|Monthly Clicks/ }).count()).toBe(0);
    const performance = page.getByRole("table", { name: "User Performance" });
    await expect
      .poll(() => performance.locator("tbody tr").allInnerTexts())
      .toEqual([expect.stringMatching(/Alice[\s\S]*alice@example\.com\s+2\s+100\.0%\s+1/)]);
    await screenshot(page, "analytics-03-program-daily-clicks");

    // another program from the dropdown, over 30 days: the older clicks count again
    await chooseRange(page, "Last 30 days");
    await page.getByRole("combobox", { name: "Select Program" }).click();
    await page.getByRole("option", { name: "Chase Sapphire" }).click();
    await expect.poll(() => performance.locator("tbody tr").count()).toBe(2);
    await expect
      .poll(() => performance.locator("tbody tr").allInnerTexts())
      .toEqual([expect.stringMatching(/alice@example\.com\s+3\s+50\.0%/), expect.stringMatching(/tom@example\.com\s+3\s+50\.0%/)]);

    // users: clicks in the range and all time, by all-time clicks
    await page.getByRole("tab", { name: "Users" }).click();
    const users = page.getByRole("table", { name: "User Analytics" }).locator("tbody tr");
    await expect
      .poll(() => users.allInnerTexts())
      .toEqual([
        expect.stringMatching(/^alice@example\.com\s+8\s+72\.7%\s+8\s+72\.7%\s+2$/),
        expect.stringMatching(/^tom@example\.com\s+3\s+27\.3%\s+3\s+27\.3%\s+1$/),
      ]);
    await screenshot(page, "analytics-04-users");
    await page.getByRole("button", { name: "User Email" }).click();
    await expect.poll(() => users.first().innerText()).toMatch(/^tom@example\.com/);
    await page.reload();
    await expect.poll(() => users.first().innerText()).toMatch(/^tom@example\.com/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ range: "30d", tab: "users", usersSort: "email" }); // descending, the default, is left out
  });

  it("draws 'Daily Clicks' over the last 30 days at 3 months, 12 months and all time, the longer view beside it, with no axe finding", async () => {
    // one more Amex click 50 days ago: in the longer views, not in the last 30 days (folded, as the
    // nightly job leaves a past day: a range beyond 30 days reads the days before them from roll-ups)
    await amexClick(50, 0);
    await foldFinishedDays(new Date());

    const { page } = await newPage(browser());
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openAnalytics(page);
    await chooseRange(page, "Last 3 months");
    await expectCard(page, "Total Clicks", "12");
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Amex Gold" }).click();
    // today's 2 and the 3 of ten days ago in the last 30 days; the 50 days ago in the weeks of the range too
    await expectDailyClicks(page, 5);
    await expect
      .poll(() =>
        page
          .getByRole("region", { name: "Weekly Clicks" })
          .getByText(/clicks from .+ \(weeks from Monday, UTC\)/)
          .first()
          .textContent(),
      )
      .toMatch(/^6 clicks from the week of .+ to the week of .+ \(weeks from Monday, UTC\)\.$/);
    await expect
      .poll(() => page.getByRole("table", { name: "User Performance" }).locator("tbody tr").allInnerTexts())
      .toEqual([expect.stringMatching(/Alice[\s\S]*alice@example\.com\s+6\s+100\.0%\s+1/)]);
    expect(await accessibilityViolations(page, page.getByRole("tabpanel"))).toEqual([]);
    await screenshot(page, "analytics-06-program-weekly-clicks");

    for (const range of ["Last 12 months", "All Time"]) {
      await chooseRange(page, range);
      await expectDailyClicks(page, 5);
      await expect
        .poll(() =>
          page
            .getByRole("region", { name: "Monthly Clicks" })
            .getByText(/clicks from .+ \(calendar months, UTC\)/)
            .first()
            .textContent(),
        )
        .toMatch(/^6 clicks from .+ \(calendar months, UTC\)\.$/);
    }
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "analytics-07-program-monthly-clicks");
  });

  it("Active Links leaves out a link whose owner lapsed, as the rotation does", async () => {
    // tom, a member, lapsed: the admin's check finds no subscription of his in Stripe. His link itself is
    // untouched, but out of the rotation (and out of his program's kept active count, in the check's transaction)
    await db().doc("users/tom-uid").set({
      username: "tom@example.com",
      email: "tom@example.com",
      isAdmin: false,
      createdByAdmin: false,
      approved: true,
      blocked: false,
      subscriptionStatus: "active",
      createdAt: new Date(),
    });
    expect(await api("POST", "/api/admin/check-subscription/tom@example.com", adminToken)).toMatchObject({ isActive: false });
    const { page } = await newPage(browser());
    await openAnalytics(page);
    await expectCard(page, "Total Links", "2 active");
    await expect
      .poll(() => overviewRows(page).allInnerTexts())
      .toEqual([expect.stringMatching(/^Chase Sapphire\s+6\s+54\.5%\s+1\s+/), expect.stringMatching(/^Amex Gold\s+5\s+45\.5%\s+1\s+/)]);
    await screenshot(page, "analytics-05-lapsed-owner-not-active");
  });
});
