import { readFileSync } from "node:fs";
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

let admin: string;
let member: string;
let ids: { chaseLink: string; amexLink: string };
// The server's today (UTC), as outcomes are dated.
const today = () => utcDay(new Date());
const thisYear = () => new Date().getUTCFullYear();

/** An approved link of the member in a new program. */
async function approvedLink(programName: string): Promise<string> {
  const program = await api<{ id: string }>("POST", "/api/programs", admin, { name: programName });
  const link = await api<{ id: string }>("POST", "/api/user/links", member, {
    programId: program.id,
    link: `https://refer.example.com/${program.id}`,
    description: "Bonus offer",
  });
  await api("POST", `/api/links/${link.id}/approve`, admin);
  return link.id;
}

beforeEach(async () => {
  admin = await freshStoreWithAdmin();
  member = await signInMember(MEMBER);
  ids = { chaseLink: await approvedLink("Chase Sapphire"), amexLink: await approvedLink("Amex Gold") };
});

const earnings = (page: Page) => page.getByRole("region", { name: "Earnings", exact: true });

/** Fills the 'Record outcome' dialog of a link; leaves it open for the caller to submit. */
async function fillOutcome(page: Page, program: string, outcome: { kind: string; amount?: string; currency?: string; note?: string }) {
  await page.getByRole("button", { name: `Record outcome for ${program}` }).click();
  const dialog = page.getByRole("dialog", { name: `Record outcome: ${program}` });
  await dialog.getByRole("combobox", { name: "Outcome" }).click();
  await page.getByRole("option", { name: outcome.kind, exact: true }).click();
  if (outcome.amount !== undefined) await dialog.getByRole("textbox", { name: "Amount (optional)" }).fill(outcome.amount);
  if (outcome.currency !== undefined) await dialog.getByRole("combobox", { name: "Currency" }).fill(outcome.currency);
  if (outcome.note !== undefined) await dialog.getByRole("textbox", { name: "Note (optional)" }).fill(outcome.note);
  return dialog;
}

describe("a member's Earnings", () => {
  it("records outcomes on their links and sees them with totals per currency; deletes one; downloads the year", async () => {
    const { context, page } = await newPage(browser(), { locale: "en-US", acceptDownloads: true });
    await signInAsMember(page, MEMBER);
    await earnings(page)
      .getByText(`No outcomes recorded in ${String(thisYear())} yet`)
      .waitFor();
    await screenshot(page, "earnings-01-empty");

    // the form says what is wrong, under the field, in the contract's words
    let dialog = await fillOutcome(page, "Chase Sapphire", { kind: "Paid", amount: "12.345" });
    expect(await dialog.getByLabel("Date").inputValue()).toBe(await page.evaluate(() => new Date().toLocaleDateString("en-CA")));
    await dialog.getByRole("button", { name: "Record" }).click();
    await dialog.getByText("Amount must be more than 0 and at most 100000, with at most 2 decimals").waitFor();
    // a day the server refuses (two days ahead): its message goes under the date
    await dialog.getByLabel("Date").fill(addDays(today(), 2));
    await dialog.getByRole("textbox", { name: "Amount (optional)" }).fill("200");
    await dialog.getByRole("button", { name: "Record" }).click();
    await expect.poll(() => dialog.getByLabel("Date").getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "earnings-02-record-errors");

    await dialog.getByLabel("Date").fill(today());
    await dialog.getByRole("textbox", { name: "Note (optional)" }).fill("First bonus");
    await dialog.getByRole("button", { name: "Record" }).click();
    await expectToast(page, "Outcome recorded");
    await dialog.waitFor({ state: "hidden" });

    dialog = await fillOutcome(page, "Amex Gold", { kind: "Paid", amount: "100", currency: "EUR" });
    await dialog.getByRole("button", { name: "Record" }).click();
    await expectToast(page, "Outcome recorded");
    await dialog.waitFor({ state: "hidden" });

    // the currency last used is the next one's default
    dialog = await fillOutcome(page, "Chase Sapphire", { kind: "Clawed back", amount: "50", note: "Account closed early" });
    expect(await dialog.getByRole("combobox", { name: "Currency" }).inputValue()).toBe("EUR");
    await dialog.getByRole("combobox", { name: "Currency" }).fill("USD");
    await dialog.getByRole("button", { name: "Record" }).click();
    // the dialog closes once the server has it: the toast alone may still be the previous one's, and a
    // reload while the request is on its way loses it (a member would not reload, a test must wait)
    await dialog.waitFor({ state: "hidden" });
    await expectToast(page, "Outcome recorded");
    await apiRoute("recordOutcome", { idToken: member, params: { id: ids.amexLink }, body: { kind: "signed-up", occurredOn: today() } });

    await page.reload();
    const section = earnings(page);
    await section.getByText("Signed up: 1 · Paid: 2 · Clawed back: 1").waitFor();
    const totals = section.getByRole("table", { name: `Totals per currency for ${String(thisYear())}` });
    expect(await totals.getByRole("row", { name: /^USD/ }).innerText()).toMatch(/USD\s+\$200\.00\s+\$50\.00\s+\$150\.00/);
    expect(await totals.getByRole("row", { name: /^EUR/ }).innerText()).toMatch(/EUR\s+€100\.00\s+€0\.00\s+€100\.00/);
    const entries = section.getByRole("table", { name: `Outcomes recorded in ${String(thisYear())}` }).getByRole("row");
    expect(await entries.count()).toBe(5);
    await section.getByRole("cell", { name: "First bonus" }).waitFor();
    await screenshot(page, "earnings-03-year");

    // a mistaken one, deleted after a confirmation: the totals follow
    await section.getByRole("button", { name: /^Delete outcome: Clawed back, .*, Chase Sapphire$/ }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this outcome?" });
    await confirm.getByText(/Clawed back, .*, Chase Sapphire \(\$50\.00\) will be deleted\./).waitFor();
    await screenshot(page, "earnings-04-delete-confirm");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Outcome deleted");
    await section.getByText("Signed up: 1 · Paid: 2 · Clawed back: 0").waitFor();
    expect(await totals.getByRole("row", { name: /^USD/ }).innerText()).toMatch(/USD\s+\$200\.00\s+\$0\.00\s+\$200\.00/);
    expect(await entries.count()).toBe(4);

    // the year as a file for the tax records: one row per entry
    const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`referral-earnings-${String(thisYear())}.csv`);
    const csv = readFileSync((await download.path())!, "utf8");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(1 + 3);
    expect(csv).toContain("First bonus");
    expect(csv).toContain("Amex Gold");
    expect(csv).not.toContain("Account closed early");
    await context.close();
  });

  it("shows another year from the year picker, and says when a year has none", async () => {
    const lastYear = thisYear() - 1;
    await apiRoute("recordOutcome", {
      idToken: member,
      params: { id: ids.chaseLink },
      body: { kind: "paid", occurredOn: `${String(lastYear)}-12-31`, amount: 250, currency: "USD", note: "Year-end bonus" },
    });
    const { context, page } = await newPage(browser(), { locale: "en-US" });
    await signInAsMember(page, MEMBER);
    const section = earnings(page);
    await section.getByText(`No outcomes recorded in ${String(thisYear())} yet`).waitFor();

    await section.getByRole("combobox", { name: "Year" }).click();
    await page.getByRole("option", { name: String(lastYear) }).click();
    await section.getByRole("cell", { name: "Year-end bonus" }).waitFor();
    await section.getByText("Signed up: 0 · Paid: 1 · Clawed back: 0").waitFor();
    await screenshot(page, "earnings-05-last-year");

    await section.getByRole("combobox", { name: "Year" }).click();
    await page.getByRole("option", { name: String(lastYear - 1) }).click();
    await section.getByText(`No outcomes recorded in ${String(lastYear - 1)} yet`).waitFor();
    await context.close();
  });

  it("fits a phone: Earnings at 375 px", async () => {
    await apiRoute("recordOutcome", {
      idToken: member,
      params: { id: ids.chaseLink },
      body: {
        kind: "paid",
        occurredOn: today(),
        amount: 200,
        currency: "USD",
        note: "A note long enough to wrap on a phone's narrow screen",
      },
    });
    const { context, page } = await newPage(browser(), { ...PHONE, locale: "en-US" });
    await signInAsMember(page, MEMBER);
    const section = earnings(page);
    await section.getByRole("cell", { name: /A note long enough/ }).waitFor();
    await section.scrollIntoViewIfNeeded();
    // nothing wider than the screen but the entries' own scrolling table
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "earnings-06-phone");
    await context.close();
  });
});
