import type { Locator, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { freshStoreWithAdmin, signInAsAdmin } from "../../testing/browser/admin";
import { accessibilityViolations } from "../../testing/browser/axe";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { signInAsMember } from "../../testing/browser/member";
import { programWithApprovedLinks, seedCountedVisits } from "../../testing/browser/programs";

const browser = useBrowser();
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
const MEMBER = "active@example.com";

let admin: string;
beforeEach(async () => {
  admin = await freshStoreWithAdmin();
});

async function chooseRange(page: Page, scope: Page | Locator, label: string) {
  await scope.getByRole("combobox", { name: "Time Range" }).click();
  await page.getByRole("option", { name: label }).click();
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

describe("a member's fair share", () => {
  beforeEach(async () => {
    // Amex Gold: three members, 15 visits, 5 each would be equal; the member got 6 (120%).
    const amex = await programWithApprovedLinks(admin, "Amex Gold", [MEMBER, "tom@example.com", "una@example.com"]);
    await seedCountedVisits(amex, { [MEMBER]: 6, "tom@example.com": 4, "una@example.com": 5 });
    // Wise: the member's link alone, never visited.
    await programWithApprovedLinks(admin, "Wise", [MEMBER]);
  });

  const fairShare = (page: Page) => page.getByRole("region", { name: "Your Fair Share" });
  const linkCard = (page: Page, program: string) => fairShare(page).getByRole("article", { name: program });

  it("reads their visits against an equal share, in words and on a chart, at 1280 and 375 px", async () => {
    const { context, page } = await newPage(browser());
    await page.emulateMedia({ reducedMotion: "reduce" }); // the chart then draws at once, for the screenshot
    await signInAsMember(page, MEMBER);

    const amex = linkCard(page, "Amex Gold");
    await expect
      .poll(() => amex.innerText())
      .toContain("You received 120% of an equal share of Amex Gold's 15 visits in the last 30 days; 3 members share this program.");
    await expect.poll(() => amex.locator("dl").innerText()).toMatch(/Your visits\s+6\s+Equal share\s+5\s+Ratio\s+120%/);
    // the chart, loaded after the page, says what it draws
    await expect.poll(() => amex.getByText(/^6 visits against an equal share of 5, from .+ \(UTC days\)\.$/).count()).toBe(1);
    await expect
      .poll(() => linkCard(page, "Wise").innerText())
      .toContain("Wise had no visits in the last 30 days, so there were no visits to share yet.");
    await fairShare(page)
      .getByText(/In balanced mode a newly added link gets more than an equal share/)
      .waitFor();
    await page.getByRole("heading", { name: "Your Links (2)" }).waitFor();
    expect(await accessibilityViolations(page, fairShare(page))).toEqual([]);
    await screenshot(page, "fair-share-01-dashboard-1280");

    // the last 24 hours, hour by hour; the range is kept in the address
    await chooseRange(page, fairShare(page), "Last 24 hours");
    await expect.poll(() => amex.innerText()).toContain("of Amex Gold's 15 visits in the last 24 hours;");
    await expect
      .poll(() => amex.getByText(/^6 visits against an equal share of 5, from .+ \(hours in your time zone\)\.$/).count())
      .toBe(1);
    expect(new URL(page.url()).searchParams.get("range")).toBe("24h");
    await page.reload();
    await expect.poll(() => amex.innerText()).toContain("in the last 24 hours;");
    await page.getByRole("heading", { name: "Your Links (2)" }).waitFor();
    await screenshot(page, "fair-share-02-dashboard-24h-1280");
    await context.close();

    const phone = await newPage(browser(), PHONE);
    await phone.page.emulateMedia({ reducedMotion: "reduce" });
    await signInAsMember(phone.page, MEMBER);
    await expect.poll(() => linkCard(phone.page, "Amex Gold").innerText()).toContain("You received 120% of an equal share");
    await expect
      .poll(() =>
        linkCard(phone.page, "Amex Gold")
          .getByText(/^6 visits against an equal share of 5, from /)
          .count(),
      )
      .toBe(1);
    await phone.page.getByRole("heading", { name: "Your Links (2)" }).waitFor();
    await expectNoSidewaysScroll(phone.page);
    await screenshot(phone.page, "fair-share-03-dashboard-375");
    await phone.context.close();
  });

  it("offers the six ranges the API counts, the months ones too", async () => {
    const { context, page } = await newPage(browser());
    await signInAsMember(page, MEMBER);
    const amex = linkCard(page, "Amex Gold");
    await expect.poll(() => amex.innerText()).toContain("in the last 30 days;");

    await fairShare(page).getByRole("combobox", { name: "Time Range" }).click();
    await expect
      .poll(() => page.getByRole("option").allInnerTexts())
      .toEqual(["All Time", "Last 12 months", "Last 3 months", "Last 30 days", "Last 7 days", "Last 24 hours"]);
    expect(await accessibilityViolations(page, page.getByRole("listbox"))).toEqual([]);
    await page.getByRole("option", { name: "Last 12 months" }).click();
    await expect
      .poll(() => amex.innerText())
      .toContain("You received 120% of an equal share of Amex Gold's 15 visits in the last 12 months;");
    // a year is drawn month by month
    await expect.poll(() => amex.getByText(/^6 visits against an equal share of 5, from .+ \(calendar months, UTC\)\.$/).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get("range")).toBe("12mo");

    await chooseRange(page, fairShare(page), "Last 3 months");
    await expect.poll(() => amex.innerText()).toContain("of Amex Gold's 15 visits in the last 3 months;");
    await page.reload();
    await expect.poll(() => amex.innerText()).toContain("in the last 3 months;");
    expect(await accessibilityViolations(page, fairShare(page))).toEqual([]);
    await context.close();
  });
});

describe("the admin's fairness report", () => {
  beforeEach(async () => {
    // Skewed Bank: 20 visits to one link and 2 to the other, both in the rotation at every visit: ratios
    // 20/11 and 2/11, Jain's index 2² / (2 × (1.818² + 0.182²)) = 0.599, largest deviation 9/11 = 0.818.
    const skewed = await programWithApprovedLinks(admin, "Skewed Bank", ["alice@example.com", "bob@example.com"]);
    await seedCountedVisits(skewed, { "alice@example.com": 20, "bob@example.com": 2 });
    // Fair Card: 6 each.
    const fair = await programWithApprovedLinks(admin, "Fair Card", ["carol@example.com", "dan@example.com"]);
    await seedCountedVisits(fair, { "carol@example.com": 6, "dan@example.com": 6 });
    // Quiet Club: a link, no visits.
    await programWithApprovedLinks(admin, "Quiet Club", ["erin@example.com"]);
  });

  const rows = (page: Page) => page.getByRole("table", { name: "Fairness by Program" }).locator("tbody > tr[data-program]");

  it("flags a skewed program and not a fair one, sorts, opens a program's links and keeps the view in the address", async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.goto("/analytics");
    await page.getByRole("heading", { name: "Analytics Dashboard" }).waitFor();
    await page.getByRole("tab", { name: "Fairness" }).click();

    // by default the programs that stand out come first
    await expect
      .poll(() => rows(page).allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Skewed Bank\s+Stands out\s+Even\s+22\s+0\.599\s+0\.818$/),
        expect.stringMatching(/^Fair Card\s+Fair\s+Even\s+12\s+1\.000\s+0\.000$/),
        // no figures, and why
        expect.stringMatching(
          /^Quiet Club\s+—\s+no visits in this range\s+Even\s+0\s+—\s+no visits in this range\s+—\s+no visits in this range$/,
        ),
      ]);
    await page.getByText("Jain's index").first().waitFor();
    expect(await accessibilityViolations(page, page.getByRole("tabpanel"))).toEqual([]);

    const names = async () => (await rows(page).allInnerTexts()).map((text) => text.split("\n")[0]!.trim());
    // a new column starts descending, the same column flips; a missing figure stays last either way
    await page.getByRole("button", { name: "Jain's Index" }).click();
    await expect.poll(names).toEqual(["Fair Card", "Skewed Bank", "Quiet Club"]);
    await page.getByRole("button", { name: "Jain's Index" }).click();
    await expect.poll(names).toEqual(["Skewed Bank", "Fair Card", "Quiet Club"]);
    await page.getByRole("button", { name: "Visits" }).click();
    await expect.poll(names).toEqual(["Skewed Bank", "Fair Card", "Quiet Club"]);
    await page.getByRole("button", { name: "Visits" }).click();
    await expect.poll(names).toEqual(["Quiet Club", "Fair Card", "Skewed Bank"]);
    // and the flagged ones back on top
    await page.getByRole("button", { name: "Status" }).click();
    await expect.poll(() => rows(page).first().innerText()).toMatch(/^Skewed Bank\s+Stands out/);

    // a program's links against their fair share
    await page.getByRole("button", { name: "Show links of Skewed Bank" }).click();
    const links = page.getByRole("table", { name: "Links of Skewed Bank" }).locator("tbody tr");
    await expect
      .poll(() => links.allInnerTexts())
      .toEqual([
        // weight 1 each: neither owner is a member with a tier above the default
        expect.stringMatching(/^alice@example\.com\s+1×\s+20\s+11\s+1\.82$/),
        expect.stringMatching(/^bob@example\.com\s+1×\s+2\s+11\s+0\.18$/),
      ]);
    await screenshot(page, "fair-share-04-fairness-tab");

    // the tab and the sort survive a reload
    await page.getByRole("button", { name: "Visits" }).click();
    await page.reload();
    await expect.poll(() => page.getByRole("tab", { name: "Fairness" }).getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => rows(page).first().innerText()).toMatch(/^Skewed Bank/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ tab: "fairness", fairnessSort: "visits" });
    await context.close();
  });

  it("draws the last 24 hours' Daily Clicks hour by hour", async () => {
    const { context, page } = await newPage(browser());
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signInAsAdmin(page);
    await page.goto("/analytics?range=24h&tab=programs");
    await page.getByRole("combobox", { name: "Select Program" }).click();
    await page.getByRole("option", { name: "Skewed Bank" }).click();
    await page.getByRole("heading", { name: "Daily Clicks" }).waitFor();
    await expect
      .poll(() =>
        page
          .getByText(/clicks from .+ \(hours in your time zone\)/)
          .first()
          .textContent(),
      )
      .toMatch(/^22 clicks from .+ \(hours in your time zone\)\.$/);
    await screenshot(page, "fair-share-05-daily-clicks-24h");
    await context.close();
  });
});
