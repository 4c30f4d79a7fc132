import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { TIER_MESSAGES, type TierSettings } from "@hub/contract/tiers";
import { freshStoreWithAdmin, signInAsAdmin } from "../../testing/browser/admin";
import { apiRoute } from "../../testing/browser/api";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { signInAsMember } from "../../testing/browser/member";
import { programWithApprovedLinks, seedCountedVisits } from "../../testing/browser/programs";
import { expectToast } from "../../testing/browser/toasts";
import { signInMember } from "../../testing/members";

/**
 * Tiers and weighted shares (the contract's section of that name), in the browser: the admin defines
 * a Gold tier of weight 2 in the Tiers tab, gives it to a member in the Users tab, the member sees
 * "Gold · 2× share" on their dashboard, and the Fairness tab shows each link's weight. At 1280 and
 * 375 px, every screen checked by axe (screenshot()).
 */

const browser = useBrowser();
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
/** Gets Gold. Their Stripe subscription's price (the local Stripe's seed) is in no tier of these tests. */
const MEMBER = "active@example.com";
/** Stays on the default tier. */
const OTHER = "trialing@example.com";
/** A price no subscription of the local Stripe has: Gold comes from the admin's choice only. */
const GOLD_PRICE = "price_e2e_gold";

const GOLD_TIERS: TierSettings = {
  tiers: [
    { id: "standard", name: "Standard", weight: 1, stripePriceIds: [] },
    { id: "gold", name: "Gold", weight: 2, stripePriceIds: [GOLD_PRICE] },
  ],
  defaultTierId: "standard",
};

let admin: string;

beforeEach(async () => {
  admin = await freshStoreWithAdmin();
  // both members signed in once: users, pending approval (shown by the Users tab's default filters)
  await Promise.all([signInMember(MEMBER), signInMember(OTHER)]);
  await programWithCountedVisits();
});

/**
 * "Weighted Bank" with an approved link of each member, and 12 counted visits in the current hour
 * written as the rotation writes them, with the member's link weighted 2 and the other's 1 at every
 * visit: 8 and 4 visits are each link's exact weighted share (12 × 2/3 and 12 × 1/3).
 */
async function programWithCountedVisits(): Promise<void> {
  const program = await programWithApprovedLinks(admin, "Weighted Bank", [MEMBER, OTHER]);
  await seedCountedVisits(program, { [MEMBER]: 8, [OTHER]: 4 }, { [MEMBER]: 2 });
}

/** A user's card in the Users tab: a collapsible card whose header starts with the e-mail. */
const userCard = (page: Page, email: string) => page.locator(".MuiAccordion-root").filter({ hasText: email });
/** One tier of the Tiers panel: a group named by its heading, "Tier 2: Gold". */
const tierGroup = (page: Page, heading: string | RegExp) => page.getByRole("group", { name: heading });
const usersNow = () => apiRoute("listUsers", { idToken: admin });

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

async function openFairnessLinks(page: Page) {
  await page.goto("/analytics");
  await page.getByRole("heading", { name: "Analytics Dashboard" }).waitFor();
  await page.getByRole("tab", { name: "Fairness" }).click();
  await page.getByRole("button", { name: "Show links of Weighted Bank" }).click();
  return page.getByRole("table", { name: "Links of Weighted Bank" }).locator("tbody tr");
}

describe("tiers and weighted shares", () => {
  it("the admin defines Gold (2×), gives it to a member, who sees it; the Fairness tab shows each link's weight (1280 px)", async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    // the hub's own settings are a header button away from /admin, whose tabs stay the specification's five
    await page.getByRole("link", { name: "Hub Settings" }).click();
    await page.getByRole("heading", { name: "Hub Settings" }).waitFor();
    expect(await page.getByRole("tab", { name: "Tiers" }).getAttribute("aria-selected")).toBe("true");

    // until an admin saves tiers there is one, Standard, weight 1: the default, and the only one, which cannot be removed
    const standard = tierGroup(page, "Tier 1: Standard");
    expect(await standard.getByRole("textbox", { name: "Name" }).inputValue()).toBe("Standard");
    expect(await standard.getByRole("spinbutton", { name: "Weight" }).inputValue()).toBe("1");
    expect(await standard.getByRole("radio", { name: "Default tier" }).isChecked()).toBe(true);
    expect(await standard.getByRole("button", { name: "Remove Standard" }).isDisabled()).toBe(true);
    await standard.getByText("The only tier cannot be removed").waitFor();
    await screenshot(page, "tiers-01-panel-1280");

    // Add Tier from the keyboard: the new tier's name field takes the focus, its id follows the name
    await page.getByRole("button", { name: "Add Tier" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.type("Gold");
    const gold = tierGroup(page, "Tier 2: Gold");
    expect(await gold.getByRole("textbox", { name: "Tier id" }).inputValue()).toBe("gold");

    // the contract's schema is checked before anything is sent: a weight above 10 is said under its field
    await gold.getByRole("spinbutton", { name: "Weight" }).fill("11");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await gold.getByText(TIER_MESSAGES.weight).waitFor();
    await page.getByText("Tiers not saved: check the messages under the fields.").waitFor();
    await screenshot(page, "tiers-02-invalid-weight-1280");
    expect(await apiRoute("getTiers", { idToken: admin })).toEqual({
      tiers: [{ id: "standard", name: "Standard", weight: 1, stripePriceIds: [] }],
      defaultTierId: "standard",
    });

    // a price in two tiers: the server's 409, in its own words
    await gold.getByRole("spinbutton", { name: "Weight" }).fill("2");
    await gold.getByRole("textbox", { name: "Stripe price ids" }).fill(GOLD_PRICE);
    await standard.getByRole("textbox", { name: "Stripe price ids" }).fill(GOLD_PRICE);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText(`Tiers not saved: ${TIER_MESSAGES.priceInTwoTiers(GOLD_PRICE)}`).waitFor();
    await screenshot(page, "tiers-03-price-in-two-tiers-1280");

    await standard.getByRole("textbox", { name: "Stripe price ids" }).fill("");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(page, "Tiers saved");
    await page.getByText("No unsaved changes").waitFor();
    expect(await apiRoute("getTiers", { idToken: admin })).toEqual(GOLD_TIERS);
    // a saved tier keeps its id
    expect(await gold.getByRole("textbox", { name: "Tier id" }).getAttribute("readonly")).not.toBeNull();
    await screenshot(page, "tiers-04-saved-1280");

    // the Users tab: the member is on the default tier until the admin chooses Gold for them
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.getByRole("tab", { name: "Users" }).click();
    await page.getByText("2 of 3 users").waitFor();
    const card = userCard(page, MEMBER);
    await card.getByText("Standard", { exact: true }).waitFor();
    await card.getByText("default", { exact: true }).waitFor();
    await page.getByRole("button", { name: `User settings for ${MEMBER}` }).click();
    const settings = page.getByRole("dialog");
    await settings.getByRole("combobox", { name: "Tier" }).click();
    await expect
      .poll(() => page.getByRole("option").allInnerTexts())
      .toEqual(["Automatic (subscription, else default)", "Standard · 1× share", "Gold · 2× share"]);
    await page.getByRole("option", { name: "Gold · 2× share" }).click();
    await screenshot(page, "tiers-05-user-tier-select-1280");
    await settings.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Success", "User settings updated successfully");
    await settings.waitFor({ state: "detached" });
    await card.getByText("Gold", { exact: true }).waitFor();
    await card.getByText("set by admin", { exact: true }).waitFor();
    expect((await usersNow()).find((user) => user.username === MEMBER)).toMatchObject({ tierId: "gold", tierSource: "admin", weight: 2 });
    expect((await usersNow()).find((user) => user.username === OTHER)).toMatchObject({
      tierId: "standard",
      tierSource: "default",
      weight: 1,
    });
    await userCard(page, OTHER).getByText("Standard", { exact: true }).waitFor();
    await screenshot(page, "tiers-06-users-tab-1280");

    // the Fairness tab: each link's weight, and the weighted shares it is measured against
    const links = await openFairnessLinks(page);
    await expect
      .poll(() => links.allInnerTexts())
      .toEqual([
        expect.stringMatching(/^active@example\.com\s+2×\s+8\s+8\s+1\.00$/),
        expect.stringMatching(/^trialing@example\.com\s+1×\s+4\s+4\s+1\.00$/),
      ]);
    await expect
      .poll(() => page.getByRole("table", { name: "Fairness by Program" }).locator("tbody > tr[data-program]").allInnerTexts())
      .toEqual([expect.stringMatching(/^Weighted Bank\s+Fair\s+Even\s+12\s+1\.000\s+0\.000$/)]);
    await screenshot(page, "tiers-07-fairness-weights-1280");
    await context.close();

    // the member, signed in, sees their own tier and weight, and their weighted share
    const member = await newPage(browser());
    await signInAsMember(member.page, MEMBER);
    const ownTier = member.page.getByRole("group", { name: "Your tier" });
    await ownTier.getByText("Gold · 2× share", { exact: true }).waitFor();
    await expect
      .poll(() => member.page.getByRole("region", { name: "Your Fair Share" }).getByRole("article", { name: "Weighted Bank" }).innerText())
      .toContain("You received 100% of your 2× share of Weighted Bank's 12 visits in the last 30 days");
    // their own, never anyone else's
    expect(await member.page.getByText(OTHER).count()).toBe(0);
    expect(await apiRoute("getProfile", { idToken: await signInMember(MEMBER) })).toMatchObject({
      tierId: "gold",
      tierName: "Gold",
      tierSource: "admin",
      weight: 2,
    });
    await screenshot(member.page, "tiers-08-member-dashboard-1280");
    await member.context.close();
  }, 180_000);

  it("at 375 px: the Tiers panel stacks each tier, and the Users tab, the member's tier and the Fairness tab fit", async () => {
    await apiRoute("updateTiers", { idToken: admin, body: GOLD_TIERS });
    await apiRoute("updateUser", { idToken: admin, params: { username: MEMBER }, body: { tierId: "gold" } });

    const { context, page } = await newPage(browser(), PHONE);
    await signInAsAdmin(page);
    await page.goto("/admin/settings");
    const gold = tierGroup(page, "Tier 2: Gold");
    await gold.getByRole("spinbutton", { name: "Weight" }).waitFor();
    expect(await gold.getByRole("spinbutton", { name: "Weight" }).inputValue()).toBe("2");
    // stacked: each field of a tier under the one before, the full width of the tier
    const [name, weight] = await Promise.all([
      gold.getByRole("textbox", { name: "Name" }).boundingBox(),
      gold.getByRole("spinbutton", { name: "Weight" }).boundingBox(),
    ]);
    expect(weight!.y).toBeGreaterThan(name!.y + name!.height);
    expect(Math.round(weight!.width)).toBe(Math.round(name!.width));
    await expectNoSidewaysScroll(page);
    await screenshot(page, "tiers-11-panel-375");

    await page.goto("/admin?tab=users");
    const card = userCard(page, MEMBER);
    await card.getByText("Gold", { exact: true }).waitFor();
    await card.getByText("set by admin", { exact: true }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "tiers-12-users-tab-375");

    // the fairness report's tables may scroll sideways inside their card on a phone, as they did before tiers
    const links = await openFairnessLinks(page);
    await expect
      .poll(() => links.allInnerTexts())
      .toEqual([expect.stringMatching(/^active@example\.com\s+2×/), expect.stringMatching(/^trialing@example\.com\s+1×/)]);
    await screenshot(page, "tiers-13-fairness-weights-375");
    await context.close();

    const member = await newPage(browser(), PHONE);
    await signInAsMember(member.page, MEMBER);
    await member.page.getByRole("group", { name: "Your tier" }).getByText("Gold · 2× share", { exact: true }).waitFor();
    await member.page.getByRole("heading", { name: "Your Links (1)" }).waitFor();
    await expectNoSidewaysScroll(member.page);
    await screenshot(member.page, "tiers-14-member-dashboard-375");
    await member.context.close();
  }, 120_000);

  it("removing a tier asks first, then moves its members to the default tier", async () => {
    await apiRoute("updateTiers", { idToken: admin, body: GOLD_TIERS });
    await apiRoute("updateUser", { idToken: admin, params: { username: MEMBER }, body: { tierId: "gold" } });

    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    // the address of the tab Tiers was before it moved to Hub Settings still opens it
    await page.goto("/admin?tab=tiers");
    await page.waitForURL((url) => url.pathname === "/admin/settings" && url.searchParams.get("section") === "tiers");
    await tierGroup(page, "Tier 2: Gold").getByRole("button", { name: "Remove Gold" }).click();
    const confirm = page.getByRole("dialog", { name: "Remove the tier Gold?" });
    await confirm.getByText("Its members move to the default tier, Standard, when you save.").waitFor();
    await screenshot(page, "tiers-21-remove-confirm-1280");
    await confirm.getByRole("button", { name: "Remove Tier" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await tierGroup(page, /^Tier 2/).count()).toBe(0);
    // nothing is removed until the save
    expect((await apiRoute("getTiers", { idToken: admin })).tiers.map((tier) => tier.id)).toEqual(["standard", "gold"]);
    await page.getByText("Unsaved changes", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(page, "Tiers saved");
    expect(await apiRoute("getTiers", { idToken: admin })).toEqual({
      tiers: [{ id: "standard", name: "Standard", weight: 1, stripePriceIds: [] }],
      defaultTierId: "standard",
    });

    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.getByRole("tab", { name: "Users" }).click();
    const card = userCard(page, MEMBER);
    await card.getByText("Standard", { exact: true }).waitFor();
    await card.getByText("default", { exact: true }).waitFor();
    expect((await usersNow()).find((user) => user.username === MEMBER)).toMatchObject({
      tierId: "standard",
      tierSource: "default",
      weight: 1,
    });
    await context.close();
  }, 120_000);
});
