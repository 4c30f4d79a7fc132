import type { Locator, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, utcDay } from "@hub/contract/dates";
import { newClickId, recordVisit } from "../../testing/backend";
import { freshStoreWithAdmin } from "../../testing/browser/admin";
import { api, apiRoute } from "../../testing/browser/api";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { expectNoLayoutProblems } from "../../testing/browser/layout";
import { signInAsMember } from "../../testing/browser/member";
import { gotoTakenOver } from "../../testing/browser/takeover";
import { signInMember } from "../../testing/members";

/*
 * Issue 43: a member on a 375 px phone sees every figure of their dashboard without scrolling
 * sideways, and every dialog they can open fills the screen with its primary action in view. The
 * layout check (testing/browser/layout.ts) looks at what is on screen; axe runs on each screenshot.
 */

const browser = useBrowser();
const MEMBER = "active@example.com";
const WIDTH = 375;
const HEIGHT = 740;
const PHONE = { viewport: { width: WIDTH, height: HEIGHT }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
/** The least a control is on a phone, in both directions. */
const TOUCH_TARGET = 44;
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

// Names as long as a bank's marketing makes them (the contract allows 100 characters).
const LONG = "Chase Sapphire Preferred Visa Signature Card: Premium Travel Rewards with Airport Lounge Access";
const SNOOZED = "The Business Platinum Card from American Express (Membership Rewards Points)";
const CAPPED = "Capital One Venture X Rewards";
const PENDING = "Citi Strata Premier";
const DEAD = "Discover It Cash Back";
const ENDED = "Wells Fargo Autograph Journey";

let admin: string;
let member: string;
const today = () => utcDay(new Date());

/** A program as an admin makes it, and the member's link in it (approved unless told). */
async function programWithLink(name: string, approved = true): Promise<{ programId: string; linkId: string }> {
  const program = await api<{ id: string }>("POST", "/api/programs", admin, { name });
  const link = await api<{ id: string }>("POST", "/api/user/links", member, {
    programId: program.id,
    link: `https://refer.example.com/${program.id}/alice-with-a-rather-long-referral-code-0123456789`,
    description: "60,000 bonus points after you spend $4,000 on purchases in the first 3 months from account opening.",
  });
  if (approved) await api("POST", `/api/links/${link.id}/approve`, admin);
  return { programId: program.id, linkId: link.id };
}

const outcome = (linkId: string, body: { kind: "signed-up" | "paid" | "clawed-back"; amount?: number; currency?: string; note?: string }) =>
  apiRoute("recordOutcome", { idToken: member, params: { id: linkId }, body: { occurredOn: today(), ...body } });

/**
 * The member's links in every state a card shows (active with visits, snoozed, cap reached, pending,
 * dead with a note, offer ended), and a year of outcomes in two currencies with the largest amounts
 * the contract takes: six-figure totals, long program names, long notes.
 */
async function seed() {
  admin = await freshStoreWithAdmin();
  member = await signInMember(MEMBER);
  // approved: the weekly digest's switch is on the dashboard too
  await apiRoute("approveUser", { idToken: admin, params: { username: MEMBER } });

  const long = await programWithLink(LONG);
  await api("POST", `/api/programs/${long.programId}/toggle-shared`, admin, { isSharedOnSite: true });
  const other = await api<{ id: string }>("POST", "/api/links", admin, {
    programId: long.programId,
    name: "tom",
    email: "tom@example.com",
    link: `https://refer.example.com/${long.programId}/tom`,
    description: "Offer",
  });
  await api("POST", `/api/links/${other.id}/approve`, admin);
  // visits this hour: the fair-share card has figures and a chart
  let shard = 0;
  for (const [linkId, count] of [
    [long.linkId, 6],
    [other.id, 4],
  ] as const) {
    for (let i = 0; i < count; i++) {
      await recordVisit({
        clickId: newClickId(),
        linkId,
        programId: long.programId,
        clickedAt: new Date(),
        ipAddress: "203.0.113.4",
        userAgent: BROWSER_UA,
        shard: shard++,
        activeLinkIds: [long.linkId, other.id],
      });
    }
  }

  await outcome(long.linkId, {
    kind: "paid",
    amount: 100000,
    currency: "USD",
    note: "Welcome bonus after the minimum spend in the first three months, paid as a statement credit",
  });
  await outcome(long.linkId, { kind: "paid", amount: 99999.99, currency: "USD" });
  await outcome(long.linkId, { kind: "clawed-back", amount: 12345.67, currency: "USD", note: "Account closed within a year" });
  await outcome(long.linkId, { kind: "signed-up" });

  const snoozed = await programWithLink(SNOOZED);
  for (const amount of [100000, 100000, 88888.88]) await outcome(snoozed.linkId, { kind: "paid", amount, currency: "EUR" });
  await outcome(snoozed.linkId, { kind: "clawed-back", amount: 99999.99, currency: "EUR" });
  await apiRoute("snoozeOwnLink", { idToken: member, params: { id: snoozed.linkId }, body: { until: addDays(today(), 30) } });

  const capped = await programWithLink(CAPPED);
  await api("PATCH", `/api/programs/${capped.programId}`, admin, { referrerCap: { count: 1, period: "calendar-year" } });
  await outcome(capped.linkId, { kind: "paid" });

  await programWithLink(PENDING, false);
  const dead = await programWithLink(DEAD);
  await api("POST", `/api/links/${dead.linkId}/mark-dead`, admin, {
    note: "The bank's page says this referral code is no longer valid; please send a new one from your online banking.",
  });
  const ended = await programWithLink(ENDED);
  await api("PATCH", `/api/programs/${ended.programId}`, admin, { offerEndsOn: addDays(today(), -1) });
}

beforeEach(seed);

/** The button is on screen as it is, nothing to scroll. */
async function expectInView(button: Locator) {
  const box = await button.boundingBox();
  expect(box, "the button has a box").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
  expect(box!.y + box!.height).toBeLessThanOrEqual(HEIGHT);
}

/**
 * An open dialog on the phone: full screen, nothing cut or off screen, its controls a fingertip's
 * size, its primary action in view; then its screenshot (and axe), and it closes with `close`.
 */
async function checkDialog(page: Page, dialog: Locator, primary: string, shot: string, close = "Cancel") {
  await dialog.waitFor();
  const action = dialog.getByRole("button", { name: primary, exact: true });
  await action.waitFor();
  expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: WIDTH, height: HEIGHT });
  await expectNoLayoutProblems(page, shot);
  await expectNoLayoutProblems(page, `${shot}: touch targets`, { root: dialog, minTarget: TOUCH_TARGET });
  await expectInView(action);
  // a full-page picture draws a fixed dialog where the page is scrolled to: at the top, it is found at once
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, shot);
  await dialog.getByRole("button", { name: close, exact: true }).click();
  await dialog.waitFor({ state: "hidden" });
}

const card = (page: Page, program: string) => page.getByRole("region", { name: /^Your Links/ }).getByRole("article", { name: program });
const earnings = (page: Page) => page.getByRole("region", { name: "Earnings", exact: true });

describe("a member's screens on a 375 px phone", () => {
  for (const scheme of ["light", "dark"] as const) {
    it(`fit the screen, every figure and every dialog's primary action in view (${scheme})`, async () => {
      const { context, page } = await newPage(browser(), { ...PHONE, locale: "en-US", colorScheme: scheme, reducedMotion: "reduce" });
      await signInAsMember(page, MEMBER);
      await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute("data-hub-theme"))).toBe(scheme);

      // the dashboard, once everything on it has arrived
      await page.getByRole("heading", { name: "Your Links (6)" }).waitFor();
      await card(page, CAPPED).getByText("Cap reached", { exact: true }).waitFor();
      await card(page, SNOOZED)
        .getByText(/^Snoozed until /)
        .waitFor();
      await card(page, DEAD).getByText("This link was marked dead").waitFor();
      await card(page, ENDED).getByText("Offer ended", { exact: true }).waitFor();
      const section = earnings(page);
      const totals = section.getByRole("table", { name: `Totals per currency for ${String(new Date().getUTCFullYear())}` });
      await totals.getByRole("row", { name: /^USD/ }).getByText("$187,654.32").waitFor();
      await totals.getByRole("row", { name: /^EUR/ }).getByText("€188,888.89").waitFor();
      await section.getByRole("cell", { name: /Welcome bonus after the minimum spend/ }).waitFor();
      const fairShare = page.getByRole("region", { name: "Your Fair Share" }).getByRole("article", { name: LONG });
      await expect.poll(() => fairShare.locator(".MuiLineChart-line").count()).toBeGreaterThan(0);
      await page.getByRole("switch", { name: "Weekly digest e-mail", disabled: false }).waitFor();

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
      await expectNoLayoutProblems(page, `dashboard (${scheme})`);
      await expectNoLayoutProblems(page, `dashboard (${scheme}): touch targets`, { root: page.getByRole("main"), minTarget: TOUCH_TARGET });
      // the theme toggle, over the page's top corner on every page
      await expectNoLayoutProblems(page, `header (${scheme}): touch targets`, { root: page.getByRole("banner"), minTarget: TOUCH_TARGET });
      await screenshot(page, `phone-layout-01-dashboard-${scheme}`);

      // every dialog a member opens from the dashboard, one after another
      await page.getByRole("button", { name: "Submit New Link" }).click();
      await checkDialog(
        page,
        page.getByRole("dialog", { name: "Submit New Link" }),
        "Submit Link",
        `phone-layout-02-submit-link-${scheme}`,
      );

      await page.getByRole("button", { name: `Edit link for ${LONG}` }).click();
      await checkDialog(page, page.getByRole("dialog", { name: "Edit Link" }), "Save Changes", `phone-layout-03-edit-link-${scheme}`);

      await page.getByRole("button", { name: `Edit link for ${DEAD}` }).click();
      await checkDialog(
        page,
        page.getByRole("dialog", { name: "Update Dead Link" }),
        "Re-save Link",
        `phone-layout-04-edit-dead-link-${scheme}`,
      );

      // Record outcome, also with its messages under the fields: taller, and still its button in view
      await page.getByRole("button", { name: `Record outcome for ${LONG}` }).click();
      const record = page.getByRole("dialog", { name: `Record outcome: ${LONG}` });
      await record.getByRole("textbox", { name: "Amount (optional)" }).fill("12.345");
      await record.getByRole("textbox", { name: "Note (optional)" }).fill("A".repeat(200));
      await record.getByRole("button", { name: "Record", exact: true }).click();
      await record.getByText("Amount must be more than 0 and at most 100000, with at most 2 decimals").waitFor();
      await checkDialog(page, record, "Record", `phone-layout-05-record-outcome-${scheme}`);

      await page.getByRole("button", { name: `Snooze link for ${LONG}` }).click();
      await checkDialog(page, page.getByRole("dialog", { name: `Snooze your ${LONG} link` }), "Snooze", `phone-layout-06-snooze-${scheme}`);

      await page.getByRole("button", { name: `Delete link for ${LONG}` }).click();
      await checkDialog(page, page.getByRole("dialog", { name: "Delete Link" }), "Delete", `phone-layout-07-delete-link-${scheme}`);

      await section
        .getByRole("button", { name: new RegExp(`^Delete outcome: Clawed back, .*, ${SNOOZED.replace(/[()]/g, "\\$&")}$`) })
        .click();
      await checkDialog(
        page,
        page.getByRole("dialog", { name: "Delete this outcome?" }),
        "Delete",
        `phone-layout-08-delete-outcome-${scheme}`,
      );

      // the QR code of a shared program, on the member's /programs: the app's dialog, so tapped once
      // the app has the page (before, the tap is the visitor island's and opens its own)
      await gotoTakenOver(page, "/programs");
      await page
        .getByRole("article", { name: LONG })
        .getByRole("button", { name: `Show QR code of ${LONG}` })
        .click();
      await checkDialog(
        page,
        page.locator(".MuiDialog-root").getByRole("dialog", { name: LONG }),
        "Close",
        `phone-layout-09-qr-code-${scheme}`,
        "Close",
      );
      await context.close();
      // ten screens, each through axe and the layout check: more than the suite's 90 s on a busy machine
    }, 240_000);
  }
});
