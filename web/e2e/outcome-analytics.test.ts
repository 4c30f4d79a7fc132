import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { utcDay } from "@hub/contract/dates";
import { freshStoreWithAdmin, signInAsAdmin } from "../../testing/browser/admin";
import { accessibilityViolations } from "../../testing/browser/axe";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { programWithApprovedLinks, seedCountedVisits, type ProgramWithLinks } from "../../testing/browser/programs";
import { seedOutcome } from "../../testing/outcomes";

/*
 * Outcomes are seeded as the outcome writer stores them (testing/outcomes.ts): the member's
 * recording form and its route are built on other branches.
 */

const browser = useBrowser();
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

let admin: string;
beforeEach(async () => {
  admin = await freshStoreWithAdmin();
});

const outcome = (program: ProgramWithLinks, owner: string, kind: "signed-up" | "paid" | "clawed-back") =>
  seedOutcome({
    email: owner,
    linkId: program.links[owner]!,
    kind,
    occurredOn: utcDay(new Date()),
  });

const rows = (page: Page) => page.getByRole("table", { name: "Outcomes by Program" }).locator("tbody > tr[data-program]");

async function openOutcomes(page: Page) {
  await signInAsAdmin(page);
  await page.goto("/analytics");
  await page.getByRole("heading", { name: "Analytics Dashboard" }).waitFor();
  await page.getByRole("tab", { name: "Outcomes" }).click();
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

describe("the admin's outcome analytics", () => {
  it("reads outcomes and conversion per program and per link, sorts, and keeps the view in the address, at 1280 and 375 px", async () => {
    // Amex Gold: 10 visits (8 and 2), 2 paid, 1 signed up, 1 clawed back: 20.0%. Quiet Club: 1 paid, no visit.
    const amex = await programWithApprovedLinks(admin, "Amex Gold", ["alice@example.com", "tom@example.com"], { shared: true });
    await seedCountedVisits(amex, { "alice@example.com": 8, "tom@example.com": 2 });
    await outcome(amex, "alice@example.com", "paid");
    await outcome(amex, "alice@example.com", "paid");
    await outcome(amex, "alice@example.com", "signed-up");
    await outcome(amex, "tom@example.com", "clawed-back");
    const quiet = await programWithApprovedLinks(admin, "Quiet Club", ["erin@example.com"], { shared: true });
    await outcome(quiet, "erin@example.com", "paid");
    await programWithApprovedLinks(admin, "Wise", ["una@example.com"], { shared: true });

    const { context, page } = await newPage(browser());
    await openOutcomes(page);
    // most paid first, ties by name; a conversion without visits is "—" and says why
    await expect
      .poll(() => rows(page).allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Amex Gold\s+10\s+1\s+2\s+1\s+20\.0%$/),
        expect.stringMatching(/^Quiet Club\s+0\s+0\s+1\s+0\s+—\s+no visits in this range$/),
        expect.stringMatching(/^Wise\s+0\s+0\s+0\s+0\s+—\s+no visits in this range$/),
      ]);
    expect(new URL(page.url()).searchParams.get("tab")).toBe("outcomes");

    await page.getByRole("button", { name: "Show links of Amex Gold" }).click();
    const amexLinks = page.getByRole("table", { name: "Links of Amex Gold" });
    await expect
      .poll(() => amexLinks.locator("tbody tr").allInnerTexts())
      .toEqual([
        expect.stringMatching(/^alice@example\.com\s+8\s+2\s+25\.0%$/),
        expect.stringMatching(/^tom@example\.com\s+2\s+0\s+0\.0%$/),
      ]);
    expect(await accessibilityViolations(page, page.getByRole("tabpanel"))).toEqual([]);
    await screenshot(page, "outcome-analytics-01-1280");

    // sorted by conversion, lowest first: those without one stay last
    await page.getByRole("button", { name: "Conversion" }).click();
    await page.getByRole("button", { name: "Conversion" }).click();
    await expect
      .poll(() => rows(page).allInnerTexts())
      .toEqual([expect.stringMatching(/^Amex Gold/), expect.stringMatching(/^Quiet Club/), expect.stringMatching(/^Wise/)]);
    expect(new URL(page.url()).searchParams.get("outcomesSort")).toBe("conversion");
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await page.getByRole("tab", { name: "Outcomes" }).getAttribute("aria-selected")).toBe("true");
    await context.close();

    const phone = await newPage(browser(), PHONE);
    await openOutcomes(phone.page);
    await expect.poll(() => rows(phone.page).first().innerText()).toMatch(/^Amex Gold\s+10\s+1\s+2\s+1\s+20\.0%$/);
    await expectNoSidewaysScroll(phone.page);
    await screenshot(phone.page, "outcome-analytics-02-375");
    await phone.context.close();
  });

  it("says so when nothing was recorded in the range", async () => {
    const amex = await programWithApprovedLinks(admin, "Amex Gold", ["alice@example.com"], { shared: true });
    await seedCountedVisits(amex, { "alice@example.com": 3 });

    const { context, page } = await newPage(browser());
    await openOutcomes(page);
    await page.getByText("No outcomes recorded in this period").waitFor();
    expect(await rows(page).count()).toBe(0);
    expect(await accessibilityViolations(page, page.getByRole("tabpanel"))).toEqual([]);
    await screenshot(page, "outcome-analytics-03-empty-1280");
    await context.close();
  });
});

describe("the open programs page", () => {
  it("says how many paid referrals members reported this year, and nothing where there are none", async () => {
    const amex = await programWithApprovedLinks(admin, "Amex Gold", ["alice@example.com", "tom@example.com"], { shared: true });
    await outcome(amex, "alice@example.com", "paid");
    await outcome(amex, "tom@example.com", "paid");
    await outcome(amex, "tom@example.com", "signed-up");
    const wise = await programWithApprovedLinks(admin, "Wise", ["una@example.com"], { shared: true });
    await outcome(wise, "una@example.com", "paid");
    await programWithApprovedLinks(admin, "Quiet Club", ["erin@example.com"], { shared: true });

    const { context, page } = await newPage(browser());
    await page.goto("/programs");
    const card = (name: string) => page.getByRole("article", { name });
    await expect.poll(() => card("Amex Gold").innerText()).toContain("Members reported 2 paid referrals this year");
    await expect.poll(() => card("Wise").innerText()).toContain("Members reported 1 paid referral this year");
    expect(await card("Quiet Club").innerText()).not.toContain("paid referral");
    await screenshot(page, "outcome-analytics-04-programs-1280");
    await context.close();

    const phone = await newPage(browser(), PHONE);
    await phone.page.goto("/programs");
    await expect
      .poll(() => phone.page.getByRole("article", { name: "Amex Gold" }).innerText())
      .toContain("Members reported 2 paid referrals this year");
    await expectNoSidewaysScroll(phone.page);
    await screenshot(phone.page, "outcome-analytics-05-programs-375");
    await phone.context.close();
  });
});
