import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, utcDay } from "@hub/contract/dates";
import { freshStoreWithAdmin, signInAsAdmin } from "../../testing/browser/admin";
import { api } from "../../testing/browser/api";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { signInAsMember } from "../../testing/browser/member";
import { expectToast } from "../../testing/browser/toasts";
import { signInMember } from "../../testing/members";
import { keepEachTestInOneClockHour } from "../../testing/clock-hour";

const browser = useBrowser();
let admin: string;

beforeEach(async () => {
  admin = await freshStoreWithAdmin();
});

const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
const MEMBER = "active@example.com";
const TERMS = "https://bank.example/referral-terms";
/** An offer that ended long ago, and one that ends long after any run of this test. */
const ENDED_ON = "2020-01-31";
const FAR_END = "2099-12-31";

interface Rules {
  referrerCap?: { count: number; period: "calendar-year" | "rolling-12-months" } | null;
  offerEndsOn?: string | null;
  termsUrl?: string | null;
}

/** A program as an admin makes it (approved), shared on the site when asked, with rules set through PATCH. */
async function program(name: string, rules: Rules = {}, { shared = false } = {}): Promise<string> {
  const { id } = await api<{ id: string }>("POST", "/api/programs", admin, { name });
  if (shared) await api("POST", `/api/programs/${id}/toggle-shared`, admin, { isSharedOnSite: true });
  if (Object.keys(rules).length > 0) await api("PATCH", `/api/programs/${id}`, admin, rules);
  return id;
}

/** The admin's Programs tab with approved programs shown, and `name`'s card opened. */
async function openAdminCard(page: Page, name: string) {
  await signInAsAdmin(page);
  const hideApproved = page
    .getByRole("switch", { name: "Hide Approved Programs" })
    .or(page.getByRole("checkbox", { name: "Hide Approved Programs" }));
  if (await hideApproved.isChecked()) await hideApproved.click();
  await page.getByRole("button", { name: new RegExp(name) }).click();
  await page.getByRole("button", { name: "Edit" }).waitFor();
}

/** The terms link opens the bank's page in a new tab, and gives it no hold on this one. */
async function expectTermsLink(page: Page, programName: string) {
  const link = page.getByRole("link", { name: `Terms of ${programName} (opens in a new tab)` });
  expect(await link.getAttribute("href")).toBe(TERMS);
  expect(await link.getAttribute("target")).toBe("_blank");
  expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
}

/** Nothing wider than the screen: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

describe("program rules in the admin console", () => {
  it("an admin sets a program's cap, end date and terms, sees them on its card, and clears them", async () => {
    await program("Amex Gold");
    const { context, page } = await newPage(browser());
    await openAdminCard(page, "Amex Gold");
    const details = page.getByRole("region", { name: /Amex Gold/ });
    for (const unset of ["No referrer cap", "No end date", "No terms link"]) await details.getByText(unset).waitFor();

    await page.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit program" });
    // the contract's own message, under the field it is about
    await dialog.getByRole("spinbutton", { name: "Referrer cap" }).fill("1001");
    await dialog.getByRole("textbox", { name: "Terms link" }).fill("ftp://bank.example/terms");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Cap must be a whole number from 1 to 1000").waitFor();
    await dialog.getByText("Invalid URL").waitFor();

    // keyboard only: the count, the period's list, the date and the address
    await dialog.getByRole("spinbutton", { name: "Referrer cap" }).fill("5");
    await dialog.getByRole("combobox", { name: "Cap period" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("option", { name: "per rolling 12 months" }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.getByRole("combobox", { name: "Cap period" }).textContent()).toBe("per rolling 12 months");
    await dialog.getByLabel("Offer ends on").fill(FAR_END);
    await dialog.getByRole("textbox", { name: "Terms link" }).fill(TERMS);
    await screenshot(page, "rules-01-admin-form");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Program updated");

    await details.getByText("Cap: 5 paid referrals per rolling 12 months").waitFor();
    await details.getByText("Offer ends 31 December 2099").waitFor();
    await expectTermsLink(page, "Amex Gold");
    await screenshot(page, "rules-02-admin-card");
    const [stored] = await api<{ referrerCap: unknown; offerEndsOn: unknown; termsUrl: unknown }[]>("GET", "/api/programs", admin);
    expect(stored).toMatchObject({ referrerCap: { count: 5, period: "rolling-12-months" }, offerEndsOn: FAR_END, termsUrl: TERMS });

    // emptied fields clear the rules (sent as null)
    await page.getByRole("button", { name: "Edit" }).click();
    expect(await dialog.getByRole("spinbutton", { name: "Referrer cap" }).inputValue()).toBe("5");
    await dialog.getByRole("spinbutton", { name: "Referrer cap" }).fill("");
    await dialog.getByLabel("Offer ends on").fill("");
    await dialog.getByRole("textbox", { name: "Terms link" }).fill("");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Program updated");
    for (const unset of ["No referrer cap", "No end date", "No terms link"]) await details.getByText(unset).waitFor();
    const [cleared] = await api<Rules[]>("GET", "/api/programs", admin);
    expect(cleared).toMatchObject({ referrerCap: null, offerEndsOn: null, termsUrl: null });
    await context.close();
  });

  it("the Referral Links tab says why a link is out: Ended for an ended offer, never Active in a program awaiting approval", async () => {
    const member = await signInMember(MEMBER);
    // a link approved while its offer ran (an ended offer takes no new links), then the offer ends
    const oldBank = await program("Old Bank");
    const ended = await api<{ id: string }>("POST", "/api/user/links", member, {
      programId: oldBank,
      link: "https://refer.example.com/old-bank/alice",
      description: "Bonus",
    });
    await api("POST", `/api/links/${ended.id}/approve`, admin);
    await api("PATCH", `/api/programs/${oldBank}`, admin, { offerEndsOn: ENDED_ON });
    // a member's proposal, not approved, whose link an admin approved
    const proposal = await api<{ id: string }>("POST", "/api/programs", member, { name: "Proposed Bank" });
    const waiting = await api<{ id: string }>("POST", "/api/user/links", member, {
      programId: proposal.id,
      link: "https://refer.example.com/proposed/alice",
      description: "Bonus",
    });
    await api("POST", `/api/links/${waiting.id}/approve`, admin);

    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.getByRole("tab", { name: "Referral Links" }).click();
    // every link, approved or not, shared on the site or not
    for (const name of ["Hide approved links", "Only links on site"]) {
      const filter = page.getByRole("switch", { name }).or(page.getByRole("checkbox", { name }));
      if (await filter.isChecked()) await filter.click();
    }
    await page.getByRole("button", { name: "Expand All" }).click();
    const row = (text: string) => page.locator(`[aria-label^="Link by "]`).filter({ hasText: text });
    await row("/old-bank/alice").getByText("Ended", { exact: true }).waitFor();
    expect(await row("/old-bank/alice").getByText("Owner blocked or lapsed").count()).toBe(0);
    await row("/proposed/alice").getByText("Program not approved", { exact: true }).waitFor();
    expect(await row("/proposed/alice").getByText("Active", { exact: true }).count()).toBe(0);
    await screenshot(page, "rules-05-admin-links-why-out");
    await context.close();
  });

  it("an ended offer's card says so, and the form and card fit a phone", async () => {
    await program("Old Bank", { referrerCap: { count: 5, period: "calendar-year" }, offerEndsOn: ENDED_ON, termsUrl: TERMS });
    const { context, page } = await newPage(browser(), PHONE);
    await openAdminCard(page, "Old Bank");
    await page
      .getByRole("button", { name: /Old Bank/ })
      .getByText("Ended", { exact: true })
      .waitFor();
    const details = page.getByRole("region", { name: /Old Bank/ });
    await details.getByText("Cap: 5 paid referrals per calendar year").waitFor();
    await details.getByText("Offer ended on 31 January 2020").waitFor();
    await expectTermsLink(page, "Old Bank");
    await expectNoSidewaysScroll(page);
    await screenshot(page, "rules-03-admin-card-phone");

    await page.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit program" });
    expect(await dialog.getByLabel("Offer ends on").inputValue()).toBe(ENDED_ON);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "rules-04-admin-form-phone");
    await context.close();
  });
});

describe("program rules where members and visitors see them", () => {
  // "Ends in 3 days" counts from the UTC day, and midnight is an hour's end
  keepEachTestInOneClockHour();

  it("the open /programs page shows each offer's end date, the days left in its last week, and its terms", async () => {
    const endsSoon = addDays(utcDay(new Date()), 3);
    await program("Amex Gold", { offerEndsOn: endsSoon, termsUrl: TERMS }, { shared: true });
    await program("Chase Sapphire", { offerEndsOn: FAR_END }, { shared: true });
    await program("Old Bank", { offerEndsOn: ENDED_ON, termsUrl: TERMS }, { shared: true });

    for (const [options, shot] of [
      [{}, "rules-05-public-programs"],
      [PHONE, "rules-06-public-programs-phone"],
    ] as const) {
      const { context, page } = await newPage(browser(), options);
      await page.goto("/programs");
      const amex = page.getByRole("article", { name: "Amex Gold", exact: true });
      await amex.getByText("Ends in 3 days").waitFor();
      await expectTermsLink(page, "Amex Gold");
      const chase = page.getByRole("article", { name: "Chase Sapphire", exact: true });
      await chase.getByText("Offer ends 31 Dec 2099").waitFor();
      expect(await chase.getByText(/Ends in/).count()).toBe(0);
      expect(await chase.getByRole("link", { name: /^Terms/ }).count()).toBe(0);
      // an ended offer leaves the open list
      expect(await page.getByRole("article", { name: "Old Bank", exact: true }).count()).toBe(0);
      await expectNoSidewaysScroll(page);
      await screenshot(page, shot);
      await context.close();
    }
  });

  it("a member is shown the chosen program's rules, is not offered an ended one, and is told when one ends meanwhile", async () => {
    const member = await signInMember(MEMBER);
    const oldBank = await program("Old Bank");
    await api("POST", "/api/user/links", member, { programId: oldBank, link: "https://refer.example.com/old", description: "Old offer" });
    await api("PATCH", `/api/programs/${oldBank}`, admin, { offerEndsOn: ENDED_ON });
    const closed = await program("Closed Bank", { offerEndsOn: ENDED_ON });
    const ending = await program("Ending Bank", {
      referrerCap: { count: 3, period: "calendar-year" },
      offerEndsOn: FAR_END,
      termsUrl: TERMS,
    });

    const { context, page } = await newPage(browser());
    await signInAsMember(page, MEMBER);
    // a shortcut to an ended program chooses nothing
    await page.goto(`/submit?programId=${closed}`);
    const picker = page.getByRole("combobox", { name: "Program" });
    await picker.click();
    const closedOption = page.getByRole("option", { name: "Closed Bank (Ended)" });
    expect(await closedOption.getAttribute("aria-disabled")).toBe("true");
    expect(await picker.inputValue()).toBe("");
    await page.getByRole("option", { name: "Ending Bank" }).click();
    await page.getByText("Cap: 3 paid referrals per calendar year").waitFor();
    await page.getByText("Offer ends 31 December 2099").waitFor();
    await expectTermsLink(page, "Ending Bank");
    await page.getByRole("textbox", { name: "Your Name" }).fill("Alice Active");
    await page.getByRole("textbox", { name: "Referral Link" }).fill("https://refer.example.com/ending/alice");
    await page.getByRole("textbox", { name: "Offer Details" }).fill("$200 after two deposits");
    await screenshot(page, "rules-07-submit-rules");

    // the offer ends while the form is open: the server refuses the link, the form says why
    await api("PATCH", `/api/programs/${ending}`, admin, { offerEndsOn: ENDED_ON });
    await page.getByRole("button", { name: "Submit Link" }).click();
    await expectToast(page, "Offer ended");
    await page.getByText("This program's offer has ended: it takes no new links.").waitFor();
    await picker.click();
    expect(await page.getByRole("option", { name: "Ending Bank (Ended)" }).getAttribute("aria-disabled")).toBe("true");
    await page.keyboard.press("Escape");
    await screenshot(page, "rules-08-submit-offer-ended");

    // /programs: the member's program whose offer ended is listed as Ended, though the open list leaves it out
    await page.goto("/programs");
    const ended = page.getByRole("region", { name: "Your links in offers that have ended" });
    await ended.getByText("Old Bank").waitFor();
    await ended.getByText("Ended", { exact: true }).waitFor();
    await ended.getByText("Offer ended on 31 January 2020").waitFor();
    await screenshot(page, "rules-09-programs-member-ended");
    await context.close();

    const phone = await newPage(browser(), PHONE);
    await signInAsMember(phone.page, MEMBER);
    await phone.page.goto("/submit");
    await phone.page.getByRole("combobox", { name: "Program" }).click();
    expect(await phone.page.getByRole("option", { name: "Closed Bank (Ended)" }).getAttribute("aria-disabled")).toBe("true");
    await phone.page.keyboard.press("Escape");
    await expectNoSidewaysScroll(phone.page);
    await screenshot(phone.page, "rules-10-submit-phone");
    await phone.context.close();
  });
});
