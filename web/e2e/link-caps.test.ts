import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, utcDay } from "@hub/contract/dates";
import { freshStoreWithAdmin } from "../../testing/browser/admin";
import { api, apiRoute } from "../../testing/browser/api";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { signInAsMember } from "../../testing/browser/member";
import { expectToast } from "../../testing/browser/toasts";
import { signInMember } from "../../testing/members";

const browser = useBrowser();
const MEMBER = "active@example.com";
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
// Dates as a British member reads them ("1 January", "3 December 2026"), whatever the machine's locale.
const LOCALE = "en-GB";

let admin: string;
let member: string;
let links: Record<"chase" | "amex" | "discover" | "citi", string>;
const today = () => utcDay(new Date());
const longDay = (day: string) =>
  new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    Date.parse(`${day}T00:00:00Z`),
  );

/** A program with these rules (set as an admin sets them, PATCH) and an approved link of the member in it. */
async function programWithLink(name: string, rules: Record<string, unknown>): Promise<string> {
  const program = await api<{ id: string }>("POST", "/api/programs", admin, { name });
  const link = await api<{ id: string }>("POST", "/api/user/links", member, {
    programId: program.id,
    link: `https://refer.example.com/${program.id}`,
    description: "Bonus offer",
  });
  await api("POST", `/api/links/${link.id}/approve`, admin);
  // after the link: a program whose offer has ended takes no new links
  await api("PATCH", `/api/programs/${program.id}`, admin, rules);
  return link.id;
}

const paid = (linkId: string, occurredOn: string) =>
  apiRoute("recordOutcome", { idToken: member, params: { id: linkId }, body: { kind: "paid", occurredOn } });

// A rolling cap's paid referral, ten days ago: it leaves the 365-day window 365 days after it.
const rollingPaidOn = () => addDays(today(), -10);

beforeEach(async () => {
  admin = await freshStoreWithAdmin();
  member = await signInMember(MEMBER);
  links = {
    chase: await programWithLink("Chase Sapphire", { referrerCap: { count: 2, period: "calendar-year" } }),
    amex: await programWithLink("Amex Gold", { referrerCap: { count: 1, period: "rolling-12-months" } }),
    discover: await programWithLink("Discover It", { referrerCap: { count: 5, period: "calendar-year" } }),
    citi: await programWithLink("Citi Premier", { offerEndsOn: addDays(today(), -1) }),
  };
  await paid(links.chase, today());
  await paid(links.amex, rollingPaidOn());
  await paid(links.discover, today());
});

const card = (page: Page, program: string) => page.getByRole("article", { name: program });

describe("caps, snoozes and ended offers on the member's dashboard", () => {
  it("shows each link's cap state and status, and a paid outcome that reaches the cap takes the link out until 1 January", async () => {
    const { context, page } = await newPage(browser(), { locale: LOCALE });
    await signInAsMember(page, MEMBER);

    const chase = card(page, "Chase Sapphire");
    await chase.getByText("1 of 2 paid referrals this year").waitFor();
    await chase.getByText("Active", { exact: true }).waitFor();
    // a rolling cap: back on the day the paid referral leaves the window, full date
    const amex = card(page, "Amex Gold");
    await amex.getByText(`Cap reached — back on ${longDay(addDays(rollingPaidOn(), 365))}`).waitFor();
    await amex.getByText("Cap reached", { exact: true }).waitFor();
    await card(page, "Discover It").getByText("1 of 5 paid referrals this year").waitFor();
    const citi = card(page, "Citi Premier");
    await citi.getByText("Ended", { exact: true }).waitFor();
    await citi.getByText(/The bank's offer for Citi Premier ended/).waitFor();
    await screenshot(page, "caps-01-dashboard-states");

    // the second paid referral this year reaches Chase's cap: out of the rotation until 1 January
    await page.getByRole("button", { name: "Record outcome for Chase Sapphire" }).click();
    const dialog = page.getByRole("dialog", { name: "Record outcome: Chase Sapphire" });
    await dialog.getByRole("button", { name: "Record" }).click();
    await expectToast(page, "Outcome recorded");
    await chase.getByText("Cap reached — back on 1 January").waitFor();
    await chase.getByText("Cap reached", { exact: true }).waitFor();
    expect(await chase.getByText("Active", { exact: true }).count()).toBe(0);

    // deleted as a mistake: the cap lifts at once
    await page
      .getByRole("region", { name: "Earnings", exact: true })
      .getByRole("button", { name: /^Delete outcome: Paid, .*, Chase Sapphire$/ })
      .first()
      .click();
    await page.getByRole("dialog", { name: "Delete this outcome?" }).getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Outcome deleted");
    await chase.getByText("1 of 2 paid referrals this year").waitFor();
    await chase.getByText("Active", { exact: true }).waitFor();
    await context.close();
  });

  it("snoozes a link until a day and puts it back in now", async () => {
    const { context, page } = await newPage(browser(), { locale: LOCALE });
    await signInAsMember(page, MEMBER);
    const discover = card(page, "Discover It");
    await discover.getByText("Active", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Snooze link for Discover It" }).click();
    const dialog = page.getByRole("dialog", { name: "Snooze your Discover It link" });
    const until = dialog.getByLabel("Snooze until");
    expect(await until.getAttribute("min")).toBe(addDays(today(), 1));
    expect(await until.getAttribute("max")).toBe(addDays(today(), 366));
    await until.fill(addDays(today(), 400));
    await dialog.getByRole("button", { name: "Snooze" }).click();
    await dialog.getByText("A snooze can last at most 366 days").waitFor();
    await screenshot(page, "caps-02-snooze-dialog");

    const day = addDays(today(), 7);
    await until.fill(day);
    await dialog.getByRole("button", { name: "Snooze" }).click();
    await expectToast(page, "Link snoozed");
    await discover.getByText(`Snoozed until ${longDay(day)}`).waitFor();
    await discover.getByText("Snoozed", { exact: true }).waitFor();
    await screenshot(page, "caps-03-snoozed");

    await discover.getByRole("button", { name: "Back in now: Discover It" }).click();
    await expectToast(page, "Snooze ended");
    await discover.getByText("Active", { exact: true }).waitFor();
    expect(await discover.getByText(/Snoozed until/).count()).toBe(0);
    await context.close();
  });

  it("fits a phone: the dashboard's states at 375 px", async () => {
    await apiRoute("snoozeOwnLink", { idToken: member, params: { id: links.discover }, body: { until: addDays(today(), 7) } });
    const { context, page } = await newPage(browser(), { ...PHONE, locale: LOCALE });
    await signInAsMember(page, MEMBER);
    await card(page, "Amex Gold").getByText("Cap reached", { exact: true }).waitFor();
    await card(page, "Discover It")
      .getByText(/^Snoozed until /)
      .waitFor();
    await card(page, "Citi Premier").getByText("Ended", { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "caps-04-phone");
    await context.close();
  });
});
