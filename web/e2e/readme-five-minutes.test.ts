import { spawn } from "node:child_process";
import { resolve } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAsAdmin } from "../../testing/browser/admin";
import { apiRoute } from "../../testing/browser/api";
import { appUrl, newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { expectDailyClicks } from "../../testing/browser/charts";
import { expectToast } from "../../testing/browser/toasts";
import { idTokenFromPassword, resetEmulators } from "../../testing/emulators";
import { receivedWebhooks, resetTermsPages, resetWebhooks } from "../../testing/fixture-site";
import { clearInbox, latestMailTo, loginUrlIn, mailsTo } from "../../testing/inbox";
import { runJob, stripeLocal } from "../../testing/jobs";
import { DEMO, DEMO_SEED_SCRIPT, FIXTURE_SITE } from "../../testing/suite-config";

/**
 * The README's "Five minutes with it", step by step, on the demo data `npm start` seeds (seeded here
 * the way `npm start` seeds it): each screen it names, each mark it promises, each e-mail it says
 * arrives and the alert it says was posted. When the README or the product changes, this fails until
 * the other follows. Every screen is axe-checked as it is reached (screenshot).
 */

const browser = useBrowser();
const ROOT = resolve(__dirname, "../..");
const ALICE = DEMO.member;
const TOM = DEMO.trialMember;
const CASEY = "casey@example.com";
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** What the seed printed: `npm start` shows it in its console. */
let seedOutput = "";
let admin: string;

/** Runs the demo seed as `npm start` does (scripts/local-suite.ts): tsx from the root, the suite's variables. */
function runDemoSeed(): Promise<{ status: number | null; output: string }> {
  return new Promise((done, reject) => {
    const child = spawn(resolve(ROOT, "node_modules/.bin/tsx"), [resolve(ROOT, DEMO_SEED_SCRIPT)], { cwd: ROOT, env: process.env });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (status) => done({ status, output }));
  });
}

beforeAll(async () => {
  await Promise.all([resetEmulators(), stripeLocal.reset(), resetTermsPages(), resetWebhooks(), clearInbox()]);
  const seed = await runDemoSeed();
  seedOutput = seed.output;
  expect(seed.status, seedOutput).toBe(0);
  admin = await idTokenFromPassword(DEMO.admin.email, DEMO.admin.password);
}, 180_000);
afterAll(() => Promise.all([resetTermsPages(), resetWebhooks()]));

const toggle = (page: Page, name: string) => page.getByRole("switch", { name }).or(page.getByRole("checkbox", { name }));
const article = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

async function signInAsDemoAdmin(page: Page) {
  await signInAsAdmin(page, DEMO.admin);
}

/** Waits until `check` holds for the inbox: mails arrive over SMTP a moment after the action. */
async function expectMails(address: string, subject: RegExp, count: number) {
  await expect.poll(async () => (await mailsTo(address)).filter((m) => subject.test(m.subject)).length).toBe(count);
}

describe("the README's five minutes, on the demo data", () => {
  it("seeding logs no error, and the terms-watch mail and alert it describes are there", async () => {
    expect(seedOutput).toMatch(/\[seed\] 4 members, 4 programs, 9 links/);
    expect(seedOutput).not.toMatch(/error/i);
    await latestMailTo(DEMO.admin.email, /^The Chase Sapphire Preferred terms changed$/);
    await expect.poll(async () => (await receivedWebhooks("demo")).map((w) => w.body).join("\n")).toContain("Chase Sapphire Preferred");
  });

  it("1. /programs signed out: each shared program's short address, copy, QR code, terms, offer end and paid count", async () => {
    // a visitor's browser (a headless one's own user agent would be counted as a bot, rightly)
    const { context, page } = await newPage(browser(), { userAgent: BROWSER_UA });
    await page.goto("/programs");
    await page.getByRole("heading", { name: "Referral Programs", level: 1 }).waitFor();
    expect(await page.getByRole("article").locator("h2").allTextContents()).toEqual(["Amex Gold", "Chase Sapphire Preferred"]);
    for (const [name, slug] of [
      ["Chase Sapphire Preferred", "chase-sapphire-preferred"],
      ["Amex Gold", "amex-gold"],
    ] as const) {
      const card = article(page, name);
      expect(await card.locator("code").textContent()).toBe(`${appUrl()}/r/${slug}`);
      await card.getByRole("button", { name: `Copy rotation address of ${name}` }).waitFor();
      await card.getByRole("button", { name: `Show QR code of ${name}` }).waitFor();
      await card.getByRole("link", { name: `Terms of ${name} (opens in a new tab)` }).waitFor();
      await card.getByText(/^Members reported \d+ paid referrals? this year$/).waitFor();
    }
    await article(page, "Amex Gold").getByText("· Ends in 4 days").waitFor();
    await screenshot(page, "readme-1-programs");

    // the short address sends the visitor on to a member's link (at the fixture site) and counts the visit
    const visits = async () =>
      (await apiRoute("listLinks", { idToken: admin }))
        .filter((l: { programId: string }) => l.programId === chase.id)
        .reduce((n: number, l: { visitCount: number }) => n + l.visitCount, 0);
    const programs = (await apiRoute("listPrograms", { idToken: admin })) as { id: string; name: string }[];
    const chase = programs.find((p) => p.name === "Chase Sapphire Preferred")!;
    const before = await visits();
    await page.goto("/r/chase-sapphire-preferred");
    await page.getByRole("heading", { name: "Get 60,000 bonus points" }).waitFor();
    expect(page.url().startsWith(`${FIXTURE_SITE}/offer?ref=sapphire-`)).toBe(true);
    await expect.poll(visits).toBe(before + 1);
    // the older address, and the slug in capitals, still lead there
    for (const path of [`/api/programs/${chase.id}/redirect`, "/r/CHASE-SAPPHIRE-PREFERRED"]) {
      const res = await fetch(`${appUrl()}${path}`, { redirect: "manual", headers: { "user-agent": BROWSER_UA } });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toMatch(/^http:\/\/fixture\.referral-hub\.test:\d+\/offer\?ref=sapphire-/);
    }
    await context.close();
  });

  it("2. the member: tier, links dead first with fair shares, the cap and the snooze, Earnings and the digest switch", async () => {
    const { context, page } = await newPage(browser());
    await page.goto("/");
    await page.getByRole("textbox", { name: "Email" }).fill(ALICE);
    await page.getByRole("button", { name: "Continue with Email" }).click();
    await page.goto(loginUrlIn(await latestMailTo(ALICE, /^Your login link/)));
    await page.waitForURL("**/dashboard");
    await page.getByRole("group", { name: "Your tier" }).getByText("Gold · 2× share", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Your Links (3)" }).waitFor();
    // dead first
    await expect
      .poll(() => page.getByRole("region", { name: "Your Links (3)" }).getByRole("article").locator("h3").allTextContents())
      .toEqual([expect.stringContaining("Discover it Cash Back"), expect.any(String), expect.any(String)]);
    await page.getByRole("button", { name: "Submit New Link" }).waitFor();
    // dates in the browser's own words: "1 January" in en-GB, "January 1" in en-US
    await page
      .getByText(/^Cap reached — back on (1 January|January 1)$/)
      .first()
      .waitFor();
    await page
      .getByText(/^Snoozed until /)
      .first()
      .waitFor();
    await page.getByRole("button", { name: "Back in now: Amex Gold" }).waitFor();
    await page.getByRole("button", { name: "Record outcome for Chase Sapphire Preferred" }).waitFor();
    await page.getByRole("region", { name: "Your Fair Share" }).getByText("Your 2× share").first().waitFor();
    const earnings = page.getByRole("region", { name: "Earnings" });
    await earnings.getByRole("combobox", { name: "Year" }).waitFor();
    await earnings.getByRole("button", { name: "Download CSV" }).waitFor();
    await toggle(page, "Weekly digest e-mail").first().waitFor();
    await screenshot(page, "readme-2-member-dashboard");
    await context.close();
  });

  it("3. the admin: exactly the five tabs; approve the pending link, pause one, search; Hub Settings has the tiers; Users the members' tiers", async () => {
    const { context, page } = await newPage(browser());
    await signInAsDemoAdmin(page);
    expect(await page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab").allTextContents()).toEqual([
      "Programs",
      "Referral Links",
      "Users",
      "Duplicates",
      "Announcements",
    ]);
    await screenshot(page, "readme-3-admin-programs");

    await page.getByRole("tab", { name: "Referral Links" }).click();
    await page.getByRole("button", { name: "Expand All" }).click();
    const casey = page.getByRole("region", { name: "Amex Gold" }).getByRole("listitem", { name: "Link by Casey Invited" });
    await expect.poll(() => casey.count()).toBe(1);
    await casey.getByRole("button", { name: "Approve", exact: true }).click();
    await expectToast(page, "Link approved");
    await toggle(page, "Hide approved links").click();
    await page.getByRole("button", { name: "Expand All" }).click();
    await page.getByRole("region", { name: "Amex Gold" }).getByRole("button", { name: "Actions for link by Alice Active" }).click();
    await page.getByRole("menuitem", { name: "Pause" }).click();
    await expectToast(page, "Link paused");
    await page.getByRole("searchbox", { name: "Search links" }).fill("casey");
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("casey");
    await screenshot(page, "readme-3-admin-links");

    await page.getByRole("link", { name: "Hub Settings" }).click();
    await page.getByRole("heading", { name: "Hub Settings", level: 1 }).waitFor();
    const gold = page.getByRole("group", { name: "Tier 2: Gold" });
    expect(await page.getByRole("group", { name: "Tier 1: Standard" }).getByRole("textbox", { name: "Name" }).inputValue()).toBe(
      "Standard",
    );
    expect(await gold.getByRole("spinbutton", { name: "Weight" }).inputValue()).toBe("2");
    expect(await gold.getByRole("textbox", { name: "Stripe price ids" }).inputValue()).toMatch(/^price_/);
    await screenshot(page, "readme-3-hub-settings-tiers");

    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.getByRole("tab", { name: "Users" }).click();
    await toggle(page, "Hide approved users").click();
    await page.getByRole("button", { name: new RegExp(`^${ALICE} .*Tier Gold from subscription`) }).waitFor();
    await screenshot(page, "readme-3-admin-users");
    await context.close();
  });

  it("4. Run health check: the demo's broken link turns Failing, and its owner's e-mail arrives", async () => {
    const { context, page } = await newPage(browser());
    await signInAsDemoAdmin(page);
    await page.getByRole("tab", { name: "Referral Links" }).click();
    await page.getByRole("button", { name: "Run health check" }).click();
    await expectToast(page, "Health check done", "Failing now: 1.");
    // Only failing links shows the approved ones too (a failing link was approved)
    await toggle(page, "Only failing links").click();
    await page.getByText(/^1 of 9 links in 1 program$/).waitFor();
    await page.getByRole("button", { name: "Expand All" }).click();
    await page.locator('[aria-label="Link by Tom Trial"]').getByText("Failing", { exact: true }).waitFor();
    await latestMailTo(TOM, /^Your Amex Gold referral link is failing and out of the rotation$/);
    await screenshot(page, "readme-4-failing-link");
    await context.close();
  });

  it("5. /analytics: clicks per program and member, Fairness with weights, Traffic with Chase standing out, Outcomes", async () => {
    const { context, page } = await newPage(browser());
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signInAsDemoAdmin(page);
    await page.goto("/analytics");
    await page.getByRole("heading", { name: "Analytics Dashboard" }).waitFor();
    await page.getByRole("table", { name: "Top Programs by Clicks" }).getByRole("button", { name: "Chase Sapphire Preferred" }).waitFor();
    await page.getByRole("tab", { name: "Users" }).click();
    await page.getByRole("table", { name: "User Analytics" }).getByText(ALICE).waitFor();
    await page.getByRole("tab", { name: "Fairness" }).click();
    await page.getByRole("button", { name: "Show links of Chase Sapphire Preferred" }).click();
    await page.getByRole("table", { name: "Links of Chase Sapphire Preferred" }).getByText("2×").first().waitFor();
    await screenshot(page, "readme-5-fairness");
    await page.getByRole("tab", { name: "Traffic" }).click();
    await page
      .getByRole("table", { name: "Traffic by Program" })
      .getByRole("rowheader", { name: /^Chase Sapphire Preferred Stands out/ })
      .waitFor();
    await screenshot(page, "readme-5-traffic");
    await page.getByRole("tab", { name: "Outcomes" }).click();
    await page
      .getByRole("table", { name: "Outcomes by Program" })
      .getByRole("button", { name: "Show links of Chase Sapphire Preferred" })
      .waitFor();
    await screenshot(page, "readme-5-outcomes");
    // the Programs tab: 'Daily Clicks' over the last 30 days, all time beside it by the month
    await page.getByRole("tab", { name: "Programs" }).click();
    await page.getByRole("combobox", { name: "Select Program" }).click();
    await page.getByRole("option", { name: "Chase Sapphire Preferred" }).click();
    await expectDailyClicks(page, null);
    await expect
      .poll(() =>
        page
          .getByRole("region", { name: "Monthly Clicks" })
          .getByText(/clicks from /)
          .first()
          .textContent(),
      )
      .toMatch(/^[\d,]+ clicks from .+ \(calendar months, UTC\)\.$/);
    await screenshot(page, "readme-5-daily-clicks");
    await context.close();
  });

  it("6. the program rules; the Day's Turn warns Amex Gold's active owners once; the weekly digest once, unsubscribed signed out", async () => {
    const { context, page } = await newPage(browser());
    await signInAsDemoAdmin(page);
    // the rules are the program's Edit dialog
    await toggle(page, "Hide Approved Programs").click();
    await page.getByRole("button", { name: /^Amex Gold/ }).click();
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const edit = page.getByRole("dialog");
    const rules = edit.getByRole("region", { name: "Program rules" });
    await rules.getByRole("spinbutton", { name: "Referrer cap" }).waitFor();
    for (const field of ["Offer ends on", "Terms link"]) await rules.getByRole("textbox", { name: field }).waitFor();
    await screenshot(page, "readme-6-program-rules");
    await edit.getByRole("button", { name: "Cancel" }).click();

    // who is warned: the owners of Amex Gold's links in the rotation now
    const links = (await apiRoute("listLinks", { idToken: admin })) as { programId: string; email: string; isActive: boolean }[];
    const programs = (await apiRoute("listPrograms", { idToken: admin })) as { id: string; name: string }[];
    const amexId = programs.find((p) => p.name === "Amex Gold")!.id;
    const warned = [...new Set(links.filter((l) => l.programId === amexId && l.isActive).map((l) => l.email))];
    expect(warned).toEqual([CASEY]);
    const offerEnds = /^The Amex Gold offer ends on /;
    await page.getByRole("button", { name: "Run the Day's Turn" }).click();
    await expectToast(page, "The day's turn is done");
    for (const owner of [ALICE, TOM, CASEY]) await expectMails(owner, offerEnds, warned.includes(owner) ? 1 : 0);
    // once: the day's turn again (as the nightly schedule would run it) sends no second warning
    expect((await runJob(admin, "runDaily")).state).toBe("done");
    for (const owner of [ALICE, TOM, CASEY])
      expect((await mailsTo(owner)).filter((m) => offerEnds.test(m.subject))).toHaveLength(warned.includes(owner) ? 1 : 0);

    const digest = /^Your referral week at the /;
    await page.getByRole("tab", { name: "Users" }).click();
    await page.getByRole("button", { name: "Send Weekly Digest" }).click();
    await expectToast(page, "Weekly digest sent");
    await expectMails(ALICE, digest, 1);
    // once a week per member: sent again the same week, nobody gets a second
    expect((await runJob(admin, "runWeeklyDigest")).state).toBe("done");
    expect((await mailsTo(ALICE)).filter((m) => digest.test(m.subject))).toHaveLength(1);
    const unsubscribe = /https?:\/\/\S+(\/unsubscribe\?token=[\w.%-]+)/.exec((await latestMailTo(ALICE, digest)).text)?.[1];
    expect(unsubscribe).toBeDefined();
    const visitor = await newPage(browser());
    await visitor.page.goto(unsubscribe!);
    await visitor.page.getByRole("button", { name: "Unsubscribe from the weekly digest" }).click();
    await visitor.page.getByText("You are unsubscribed").waitFor();
    await screenshot(visitor.page, "readme-6-unsubscribed");
    await visitor.context.close();
    await context.close();
  });

  it("7. Chase Sapphire Preferred is named for its changed terms with the default filters; its Terms; the Alerts channel; Check Terms Now", async () => {
    const { context, page } = await newPage(browser());
    await signInAsDemoAdmin(page);
    expect(await toggle(page, "Hide Approved Programs").isChecked()).toBe(true);
    const notice = page.getByRole("region", { name: "Terms to review" });
    await notice.getByText("Chase Sapphire Preferred").waitFor();
    await notice.getByText(": Terms changed").waitFor();
    await screenshot(page, "readme-7-terms-to-review");
    await notice.getByRole("button", { name: "Open Terms of Chase Sapphire Preferred" }).click();
    const dialog = page.getByRole("dialog", { name: "Chase Sapphire Preferred: terms" });
    await dialog.getByText("60,000 → 40,000 points").waitFor();
    const diff = dialog.getByLabel("Changes to the terms");
    expect(await diff.locator("del").allTextContents()).toContain("60,000");
    expect(await diff.locator("ins").allTextContents()).toContain("40,000");
    for (const action of ["Mark Reviewed", "Edit Rules", "End Offer Today"]) await dialog.getByRole("button", { name: action }).waitFor();
    await screenshot(page, "readme-7-terms-dialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await page.getByRole("link", { name: "Hub Settings" }).click();
    await page.getByRole("tab", { name: "Alerts" }).click();
    await page.getByText(/^Alerts go to http:\/\/discord\.com:\d+\/••••/).waitFor();
    await page.getByRole("button", { name: "Send Test Alert" }).click();
    await expectToast(page, "Test alert sent");
    await expect.poll(async () => (await receivedWebhooks("demo")).length).toBeGreaterThanOrEqual(2);
    await screenshot(page, "readme-7-alerts-channel");

    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.getByRole("button", { name: "Check Terms Now" }).click();
    await expectToast(page, "The terms are checked");
    await context.close();
  });

  it("8. the theme toggle, Log in as user and Back to Admin", async () => {
    const { context, page } = await newPage(browser());
    await signInAsDemoAdmin(page);
    await page.getByRole("button", { name: "Theme: system" }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await page.getByRole("button", { name: "Theme: dark" }).waitFor();
    await screenshot(page, "readme-8-dark");
    await page.getByRole("tab", { name: "Users" }).click();
    await toggle(page, "Hide approved users").click();
    const aliceCard: Locator = page.getByRole("button", { name: new RegExp(`^${ALICE} `) });
    await aliceCard.click();
    await page.getByRole("button", { name: "Log in as user" }).first().click();
    await page.waitForURL("**/dashboard");
    expect(await page.getByTestId("session-email").textContent()).toBe(ALICE);
    await page.getByRole("button", { name: "Back to Admin" }).click();
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    expect(await page.getByTestId("session-email").textContent()).toBe(DEMO.admin.email);
    await context.close();
  });
});
