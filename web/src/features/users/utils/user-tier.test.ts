import { describe, expect, it } from "vitest";
import { updateUserRequestSchema } from "@hub/contract/users";
import { AUTOMATIC_TIER, AUTOMATIC_TIER_LABEL, TIER_SOURCE_CAPTIONS, tierChange, tierChoiceOf, tierNameOf, tierOptions } from "./user-tier";

const TIERS = [
  { id: "standard", name: "Standard", weight: 1, stripePriceIds: [] },
  { id: "gold", name: "Gold", weight: 2, stripePriceIds: ["price_gold"] },
];

describe("a user's tier in the Users tab", () => {
  it("names the tier, and its id while the tiers load", () => {
    expect(tierNameOf("gold", TIERS)).toBe("Gold");
    expect(tierNameOf("gold", undefined)).toBe("gold");
    expect(TIER_SOURCE_CAPTIONS).toEqual({ admin: "set by admin", subscription: "from subscription", default: "default" });
  });

  it("offers Automatic and each tier with its share", () => {
    expect(tierOptions(TIERS, { tierId: "standard", tierSource: "default" })).toEqual([
      { value: AUTOMATIC_TIER, label: AUTOMATIC_TIER_LABEL },
      { value: "standard", label: "Standard · 1× share" },
      { value: "gold", label: "Gold · 2× share" },
    ]);
    // the admin's choice shows while the tiers load
    expect(tierOptions(undefined, { tierId: "gold", tierSource: "admin" }).map((option) => option.value)).toEqual([AUTOMATIC_TIER, "gold"]);
  });

  it("starts on the admin's choice, else Automatic (whatever tier that gives now)", () => {
    expect(tierChoiceOf({ tierId: "gold", tierSource: "admin" })).toBe("gold");
    expect(tierChoiceOf({ tierId: "gold", tierSource: "subscription" })).toBe(AUTOMATIC_TIER);
    expect(tierChoiceOf({ tierId: "standard", tierSource: "default" })).toBe(AUTOMATIC_TIER);
  });

  it("sends the tier only when the choice changed, and null for Automatic", () => {
    const automatic = { tierId: "gold", tierSource: "subscription" } as const;
    const chosen = { tierId: "gold", tierSource: "admin" } as const;
    expect(tierChange(automatic, AUTOMATIC_TIER)).toEqual({});
    expect(tierChange(automatic, "gold")).toEqual({ tierId: "gold" });
    expect(tierChange(chosen, "gold")).toEqual({});
    expect(tierChange(chosen, AUTOMATIC_TIER)).toEqual({ tierId: null });
    expect(tierChange(chosen, "standard")).toEqual({ tierId: "standard" });
    expect(updateUserRequestSchema.parse(tierChange(chosen, AUTOMATIC_TIER))).toEqual({ tierId: null });
    // the select's Automatic value can never be a tier's id
    expect(updateUserRequestSchema.safeParse({ tierId: AUTOMATIC_TIER }).success).toBe(false);
  });
});
