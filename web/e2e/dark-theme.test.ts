import type { Locator, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { newClickId, recordVisit } from "../../testing/backend";
import { freshStoreWithAdmin, signInAsAdmin } from "../../testing/browser/admin";
import { api } from "../../testing/browser/api";
import { accessibilityViolations } from "../../testing/browser/axe";
import { newPage, saveScreenshot, screenshot, useBrowser } from "../../testing/browser/browser";
import { signInAsMember } from "../../testing/browser/member";

const browser = useBrowser();
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const MEMBER = "active@example.com";
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
/** A visitor whose system is set to dark; the chart draws at once (no animation) for the screenshots. */
const DARK_SYSTEM = { colorScheme: "dark", reducedMotion: "reduce" } as const;

let admin: string;

beforeEach(async () => {
  admin = await freshStoreWithAdmin();
  await seed();
});

async function link(programId: string, owner: string, approved = true): Promise<string> {
  const created = await api<{ id: string }>("POST", "/api/links", admin, {
    programId,
    name: owner.split("@")[0],
    email: owner,
    link: `https://refer.example.com/${programId}/${owner}`,
    description: "Offer",
  });
  if (approved) await api("POST", `/api/links/${created.id}/approve`, admin);
  return created.id;
}

/**
 * Amex Gold: the member, Tom and Una in the rotation, with visits this hour (the member's fair-share
 * chart and the analytics' Daily Clicks have a line to draw), and Vic's link waiting for approval.
 * Chase Sapphire: a paused link and a dead one. Every status chip of the admin's list is on screen.
 */
async function seed() {
  const amex = await api<{ id: string }>("POST", "/api/programs", admin, { name: "Amex Gold" });
  const chase = await api<{ id: string }>("POST", "/api/programs", admin, { name: "Chase Sapphire" });
  await api("POST", `/api/programs/${amex.id}/toggle-shared`, admin, { isSharedOnSite: true });
  const amexLinks: Record<string, string> = {};
  for (const owner of [MEMBER, "tom@example.com", "una@example.com"]) amexLinks[owner] = await link(amex.id, owner);
  await link(amex.id, "vic@example.com", false);
  await api("POST", `/api/links/${await link(chase.id, "tom@example.com")}/pause`, admin);
  await api("POST", `/api/links/${await link(chase.id, "una@example.com")}/mark-dead`, admin, { note: "Offer ended" });
  const activeLinkIds = Object.values(amexLinks);
  let shard = 0;
  for (const [owner, count] of Object.entries({ [MEMBER]: 6, "tom@example.com": 4, "una@example.com": 5 })) {
    for (let i = 0; i < count; i++) {
      await recordVisit({
        clickId: newClickId(),
        linkId: amexLinks[owner]!,
        programId: amex.id,
        clickedAt: new Date(),
        ipAddress: "203.0.113.4",
        userAgent: BROWSER_UA,
        shard: shard++,
        activeLinkIds,
      });
    }
  }
}

/** WCAG relative luminance of a computed colour ("rgb(r, g, b)" or "rgba(...)"): 0 black, 1 white. */
function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** The page's background as the user sees it: the body's. */
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function expectDarkPage(page: Page) {
  await expect.poll(async () => luminance(await pageBackground(page))).toBeLessThan(0.02);
  // and its text light on it
  expect(luminance(await page.evaluate(() => getComputedStyle(document.body).color))).toBeGreaterThan(0.7);
}

async function expectLightPage(page: Page) {
  await expect.poll(async () => luminance(await pageBackground(page))).toBeGreaterThan(0.85);
}

/** A chart's line stands out from what it is drawn on, the nearest background (WCAG's 3:1 for graphics). */
async function expectLineContrasts(line: Locator) {
  const { stroke, background } = await line.evaluate((element) => {
    let under: Element | null = element.parentElement;
    while (under && /^(transparent|rgba\(.*, 0\))$/.test(getComputedStyle(under).backgroundColor)) under = under.parentElement;
    return { stroke: getComputedStyle(element).stroke, background: under ? getComputedStyle(under).backgroundColor : "" };
  });
  expect(contrast(stroke, background), `line ${stroke} on ${background}`).toBeGreaterThanOrEqual(3);
}

async function turnOff(page: Page, label: string) {
  const control = page.getByRole("switch", { name: label }).or(page.getByRole("checkbox", { name: label }));
  if (await control.isChecked()) await control.click();
}

/** Errors React reports when a prerendered page's HTML and its first render in the browser differ. */
function watchHydration(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|#418|#423|#425/i.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

describe("the dark theme", () => {
  it("follows a dark system from the first paint of the prerendered pages, and the toggle's choice outlasts a reload", async () => {
    // before any script runs: the prerendered HTML alone paints dark
    const noScript = await newPage(browser(), { ...DARK_SYSTEM, javaScriptEnabled: false });
    for (const address of ["/", "/programs"]) {
      await noScript.page.goto(address);
      await expectDarkPage(noScript.page);
    }
    // only the picture: axe runs as a script, which this page refuses (the same pages are checked below, with scripts)
    await saveScreenshot(noScript.page, "dark-01-programs-before-scripts");
    await noScript.context.close();

    const { context, page } = await newPage(browser(), DARK_SYSTEM);
    const hydrationErrors = watchHydration(page);
    await page.goto("/");
    await page.getByRole("heading", { name: "Referral Hub", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Continue with Email" }).waitFor();
    await expectDarkPage(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "dark-02-home");

    await page.goto("/programs");
    await page.getByRole("article", { name: "Amex Gold" }).getByText("3 active links").waitFor();
    await expectDarkPage(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "dark-03-programs");
    expect(hydrationErrors).toEqual([]);

    // on a phone the toggle in the corner stays clear of the page's title
    const phone = await newPage(browser(), { ...DARK_SYSTEM, ...PHONE });
    await phone.page.goto("/programs");
    await phone.page.getByRole("article", { name: "Amex Gold" }).getByText("3 active links").waitFor();
    const toggleBox = await phone.page.getByRole("button", { name: "Theme: system" }).boundingBox();
    const titleBox = await phone.page.getByRole("heading", { name: "Referral Programs", level: 1 }).boundingBox();
    expect(toggleBox!.y + toggleBox!.height).toBeLessThanOrEqual(titleBox!.y);
    await screenshot(phone.page, "dark-03-programs-375");
    await phone.context.close();

    // the toggle, by keyboard: light wins over the system's dark, and stays after a reload
    await page.goto("/");
    // pressed before the app has taken over the server-rendered page: the loader holds the tap and replays it
    await page.getByRole("button", { name: "Continue with Email" }).waitFor();
    const toggle = page.getByRole("button", { name: "Theme: system" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitemradio", { name: "System", checked: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("System");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Light");
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor({ state: "hidden" });
    await expectLightPage(page);
    await page.reload();
    await page.getByRole("heading", { name: "Referral Hub", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Theme: light" }).waitFor();
    await expectLightPage(page);
    await screenshot(page, "dark-04-home-chosen-light");
    // and on a page the app renders itself (not prerendered)
    await page.goto("/email-login");
    await page.getByRole("button", { name: "Theme: light" }).waitFor();
    await expectLightPage(page);

    // back to the system's: dark again
    await page.getByRole("button", { name: "Theme: light" }).click();
    await page.getByRole("menuitemradio", { name: "System" }).click();
    await expectDarkPage(page);
    await page.getByRole("button", { name: "Theme: system" }).waitFor();
    expect(hydrationErrors).toEqual([]);
    await context.close();
  });

  it("a member's dashboard is dark and readable, the fair-share chart's lines too", async () => {
    const { context, page } = await newPage(browser(), DARK_SYSTEM);
    await signInAsMember(page, MEMBER);
    const amex = page.getByRole("region", { name: "Your Fair Share" }).getByRole("article", { name: "Amex Gold" });
    await expect.poll(() => amex.innerText()).toContain("You received 120% of an equal share of Amex Gold's 15 visits");
    await expect.poll(() => amex.getByText(/^6 visits against an equal share of 5, from /).count()).toBe(1);
    await page.getByRole("heading", { name: "Your Links (1)" }).waitFor();
    await expectDarkPage(page);
    await expectLineContrasts(amex.locator('.MuiLineChart-line[data-series="visits"]'));
    await expectLineContrasts(amex.locator('.MuiLineChart-line[data-series="fairShare"]'));
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "dark-05-member-dashboard");
    await context.close();
  });

  it("an admin's Referral Links tab, its status chips, and the analytics are dark and readable", async () => {
    const { context, page } = await newPage(browser(), DARK_SYSTEM);
    await signInAsAdmin(page);
    await expectDarkPage(page);
    // Programs and Users: their cards' chips
    await turnOff(page, "Hide Approved Programs");
    await page.getByText("2 of 2 programs").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("tab", { name: "Users" }).click();
    for (const label of ["Hide blocked users", "Hide approved users", "Hide admins"]) await turnOff(page, label);
    await page.getByText(/^(\d+) of \1 users$/).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "dark-06-admin-users");

    await page.getByRole("tab", { name: "Referral Links" }).click();
    for (const label of ["Hide dead links", "Hide approved links", "Hide unpaused links", "Only links on site"]) await turnOff(page, label);
    await page.getByRole("button", { name: "Expand All" }).click();
    const rows = page.locator('[aria-label^="Link by "]');
    await expect.poll(() => rows.count()).toBe(6);
    for (const status of ["Pending", "Active", "Paused", "Dead"]) await rows.getByText(status, { exact: true }).first().waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "dark-07-admin-links");

    await page.goto("/analytics?tab=programs");
    await page.getByRole("heading", { name: "Analytics Dashboard" }).waitFor();
    await page.getByRole("combobox", { name: "Select Program" }).click();
    await page.getByRole("option", { name: "Amex Gold" }).click();
    // all time: 'Daily Clicks' over the last 30 days, the calendar months beside it (every click is recent)
    for (const chart of ["Daily Clicks", "Monthly Clicks"])
      await expect
        .poll(() =>
          page
            .getByRole("region", { name: chart })
            .getByText(/^15 clicks from /)
            .count(),
        )
        .toBe(1);
    await expectDarkPage(page);
    await expectLineContrasts(page.locator(".MuiLineChart-line").first());
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "dark-08-analytics-programs");

    await page.getByRole("tab", { name: "Fairness" }).click();
    await page.getByRole("table", { name: "Fairness by Program" }).locator("tbody > tr[data-program]").first().waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "dark-09-analytics-fairness");
    await context.close();
  });
});
