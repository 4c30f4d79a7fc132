import { beforeEach, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { signInAsMember } from "../../testing/browser/member";
import { expectToast } from "../../testing/browser/toasts";
import { createProgramAs, signInActors, submitOwnLink } from "../../testing/actors";
import { clearInbox, latestMailTo } from "../../testing/inbox";
import { resetEmulators } from "../../testing/emulators";
import { callRoute } from "../../testing/http";
import { runJob } from "../../testing/jobs";

/**
 * The weekly digest as a member meets it (docs/architecture.md, *The weekly digest*): a switch on the dashboard that
 * turns it off and on, and the unsubscribe page its e-mail links to, which works signed out.
 */

const browser = useBrowser();
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
const ALICE = "active@example.com";
/** The dashboard's switch once the profile is loaded (disabled until then, showing the default). */
const digestSwitch = (page: Page) => page.getByRole("switch", { name: "Weekly digest e-mail", disabled: false });

beforeEach(async () => {
  await resetEmulators();
  await clearInbox();
});

describe("the weekly digest", () => {
  it("is switched off and on from the dashboard, and stays as set", async () => {
    const { admin } = await signInActors();
    await callRoute("approveUser", { params: { username: ALICE }, idToken: admin });
    const { context, page } = await newPage(browser());
    await signInAsMember(page, ALICE);
    const digest = digestSwitch(page);
    await digest.waitFor();
    expect(await digest.isChecked()).toBe(true);
    await screenshot(page, "digest-01-dashboard-on");

    await digest.click();
    await expectToast(page, "Weekly digest off");
    expect(await digest.isChecked()).toBe(false);
    await page.reload();
    await digestSwitch(page).waitFor();
    expect(await digestSwitch(page).isChecked()).toBe(false);
    await screenshot(page, "digest-02-dashboard-off");

    const phone = await newPage(browser(), PHONE);
    await signInAsMember(phone.page, ALICE);
    const onPhone = digestSwitch(phone.page);
    await onPhone.waitFor();
    await onPhone.click();
    await expectToast(phone.page, "Weekly digest on");
    expect(await onPhone.isChecked()).toBe(true);
    await screenshot(phone.page, "digest-03-dashboard-375");
    await phone.context.close();
    await context.close();
  });

  it("is not offered to a member awaiting approval, who cannot receive it; the banner says what is true", async () => {
    const { context, page } = await newPage(browser());
    await signInAsMember(page, ALICE);
    const banner = page.getByRole("alert").filter({ hasText: "Membership Verification in Progress" });
    await banner.waitFor();
    expect(await banner.textContent()).toContain("You can already submit links; an administrator reviews each one before it is shown.");
    await page.getByRole("heading", { name: /^Your Links/ }).waitFor();
    expect(await page.getByRole("switch", { name: "Weekly digest e-mail" }).count()).toBe(0);
    expect(await page.getByText("Every Monday").count()).toBe(0);
    await context.close();
  });

  it("the e-mail's unsubscribe page works signed out; a forged link says it is invalid", async () => {
    const { admin, alice } = await signInActors();
    await callRoute("approveUser", { params: { username: ALICE }, idToken: admin });
    const program = await createProgramAs(admin, "Cashback Card");
    await callRoute("approveLink", { params: { id: (await submitOwnLink(alice, program.id)).id }, idToken: admin });
    expect(await runJob(admin, "runWeeklyDigest")).toMatchObject({ state: "done", summary: { sent: 1 } });
    const pageUrl = /https?:\/\/\S+(\/unsubscribe\?token=[\w.%-]+)/.exec((await latestMailTo(ALICE, /^Your referral week/)).text)?.[1];
    expect(pageUrl).toBeDefined();

    // a forged token first: nothing changes, and the page says so
    const forged = await newPage(browser());
    await forged.page.goto(pageUrl!.replace(/.$/, (c) => (c === "A" ? "B" : "A")));
    await forged.page.getByRole("button", { name: "Unsubscribe from the weekly digest" }).click();
    await forged.page.getByText("Unsubscribe link is invalid").waitFor();
    await screenshot(forged.page, "digest-04-unsubscribe-invalid");
    await forged.context.close();

    const phone = await newPage(browser(), PHONE);
    await phone.page.goto(pageUrl!);
    await phone.page.getByRole("button", { name: "Unsubscribe from the weekly digest" }).waitFor();
    await screenshot(phone.page, "digest-05-unsubscribe-375");
    await phone.context.close();

    const { context, page } = await newPage(browser());
    await page.goto(pageUrl!);
    // opening the page alone changes nothing (mail scanners follow links)
    expect((await callRoute("getProfile", { idToken: alice })).body).toMatchObject({ weeklyDigest: true });
    await screenshot(page, "digest-06-unsubscribe");
    await page.getByRole("button", { name: "Unsubscribe from the weekly digest" }).click();
    await page.getByText("You are unsubscribed").waitFor();
    await screenshot(page, "digest-07-unsubscribed");
    expect((await callRoute("getProfile", { idToken: alice })).body).toMatchObject({ weeklyDigest: false });

    // the member sees it off on their dashboard
    await signInAsMember(page, ALICE);
    await digestSwitch(page).waitFor();
    expect(await digestSwitch(page).isChecked()).toBe(false);
    await context.close();
  });
});
