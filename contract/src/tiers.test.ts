import { describe, expect, it } from "vitest";
import {
  DEFAULT_TIER_SETTINGS,
  memberTier,
  priceInTwoTiers,
  TIER_MESSAGES,
  tierLabel,
  tierSettingsSchema,
  type TierSettings,
} from "./tiers";

const settings: TierSettings = {
  tiers: [
    { id: "standard", name: "Standard", weight: 1, stripePriceIds: ["price_basic"] },
    { id: "gold", name: "Gold", weight: 2, stripePriceIds: ["price_gold_month", "price_gold_year"] },
    { id: "founder", name: "Founder", weight: 5, stripePriceIds: [] },
  ],
  defaultTierId: "standard",
};

const messagesOf = (body: unknown) => {
  const parsed = tierSettingsSchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe("tier settings", () => {
  it("accepts 1 to 10 tiers with ids, names, whole weights 1–10 and a default among them", () => {
    expect(tierSettingsSchema.parse(settings)).toEqual(settings);
    expect(tierSettingsSchema.parse(DEFAULT_TIER_SETTINGS)).toEqual(DEFAULT_TIER_SETTINGS);
    const ten = Array.from({ length: 10 }, (_, i) => ({ id: `t${String(i)}`, name: `T${String(i)}`, weight: 10, stripePriceIds: [] }));
    expect(messagesOf({ tiers: ten, defaultTierId: "t0" })).toEqual([]);
  });

  it("refuses each bad field with its message", () => {
    const one = (tier: Record<string, unknown>, defaultTierId = "a") =>
      messagesOf({ tiers: [{ id: "a", name: "A", weight: 1, stripePriceIds: [], ...tier }], defaultTierId });
    expect(one({ id: "Gold" }, "Gold")).toContain(TIER_MESSAGES.id);
    expect(one({ id: "a".repeat(41) }, "a".repeat(41))).toContain(TIER_MESSAGES.id);
    expect(one({ name: "  " })).toEqual([TIER_MESSAGES.name]);
    expect(one({ name: "n".repeat(41) })).toEqual([TIER_MESSAGES.name]);
    for (const weight of [0, 11, 1.5, "2"]) expect(one({ weight })).toEqual([TIER_MESSAGES.weight]);
    expect(one({ stripePriceIds: [""] })).toEqual([TIER_MESSAGES.priceId]);
    expect(one({}, "b")).toEqual([TIER_MESSAGES.defaultTier]);
    expect(messagesOf({ tiers: [], defaultTierId: "a" })).toContain(TIER_MESSAGES.count);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ id: `t${String(i)}`, name: "T", weight: 1, stripePriceIds: [] }));
    expect(messagesOf({ tiers: eleven, defaultTierId: "t0" })).toEqual([TIER_MESSAGES.count]);
    const twice = { id: "a", name: "A", weight: 1, stripePriceIds: [] };
    expect(messagesOf({ tiers: [twice, twice], defaultTierId: "a" })).toEqual([TIER_MESSAGES.duplicateId]);
    // a field the contract does not name is refused, in a tier and beside them
    expect(tierSettingsSchema.safeParse({ ...settings, tiers: [{ ...twice, hidden: true }] }).success).toBe(false);
    expect(tierSettingsSchema.safeParse({ ...settings, isAdmin: true }).success).toBe(false);
  });

  it("finds a price two tiers list (the server's 409), and none when each is listed once", () => {
    expect(priceInTwoTiers(settings.tiers)).toBeNull();
    expect(priceInTwoTiers([...settings.tiers, { stripePriceIds: ["price_x", "price_gold_year"] }])).toBe("price_gold_year");
    // one tier listing a price twice is one tier
    expect(priceInTwoTiers([{ stripePriceIds: ["price_x", "price_x"] }])).toBeNull();
  });
});

describe("a member's tier", () => {
  it("is the admin's choice, else the subscription price's tier, else the default", () => {
    expect(memberTier(settings, { adminTierId: "founder", subscriptionPriceIds: ["price_gold_year"] })).toEqual({
      tierId: "founder",
      tierName: "Founder",
      tierSource: "admin",
      weight: 5,
    });
    expect(memberTier(settings, { adminTierId: null, subscriptionPriceIds: ["price_gold_year"] })).toEqual({
      tierId: "gold",
      tierName: "Gold",
      tierSource: "subscription",
      weight: 2,
    });
    expect(memberTier(settings, { adminTierId: null, subscriptionPriceIds: ["price_unknown"] })).toEqual({
      tierId: "standard",
      tierName: "Standard",
      tierSource: "default",
      weight: 1,
    });
    expect(memberTier(settings, { adminTierId: null, subscriptionPriceIds: [] })).toMatchObject({ tierSource: "default" });
  });

  it("takes the heaviest tier a subscription's prices grant", () => {
    const prices = ["price_unknown", "price_basic", "price_gold_month"];
    expect(memberTier(settings, { adminTierId: null, subscriptionPriceIds: prices })).toMatchObject({ tierId: "gold", weight: 2 });
  });

  it("moves the members of a removed tier to the default, an admin's choice of it included", () => {
    const withoutGold = { ...settings, tiers: settings.tiers.filter((t) => t.id !== "gold") };
    expect(memberTier(withoutGold, { adminTierId: null, subscriptionPriceIds: ["price_gold_month"] })).toMatchObject({
      tierId: "standard",
      tierSource: "default",
    });
    expect(memberTier(DEFAULT_TIER_SETTINGS, { adminTierId: "founder", subscriptionPriceIds: ["price_gold_month"] })).toEqual({
      tierId: "standard",
      tierName: "Standard",
      tierSource: "default",
      weight: 1,
    });
  });

  it("reads as the member's dashboard shows it", () => {
    expect(tierLabel({ name: "Gold", weight: 2 })).toBe("Gold · 2× share");
  });
});
