import { z } from "./zod";
import { textField } from "./common";

/**
 * Membership tiers (the contract's *Tiers and weighted shares*): a community may sell a tier whose
 * links are shown more often. Each tier has a weight (a link's share of the rotation against the
 * others') and the Stripe prices that grant it; one tier is the default. Until an admin saves tiers
 * there is one, `standard`, weight 1, which is the rotation every program had before tiers.
 */

export const TIER_LIMITS = { tiers: 10, name: 40, weight: { min: 1, max: 10 }, priceIds: 20, priceId: 255 } as const;
export const TIER_ID_PATTERN = /^[a-z0-9-]{1,40}$/;

export const TIER_MESSAGES = {
  id: "A tier id is 1 to 40 lower-case letters, digits or dashes",
  name: `A tier name is 1 to ${String(TIER_LIMITS.name)} characters`,
  weight: `A tier's weight is a whole number from ${String(TIER_LIMITS.weight.min)} to ${String(TIER_LIMITS.weight.max)}`,
  priceId: "A Stripe price id is 1 to 255 characters",
  count: `Define 1 to ${String(TIER_LIMITS.tiers)} tiers`,
  duplicateId: "Each tier needs an id of its own",
  defaultTier: "The default tier must be one of the tiers",
  unknownTier: (tierId: string) => `No tier has the id ${tierId}`,
  priceInTwoTiers: (priceId: string) => `The price ${priceId} is in two tiers; a price grants one tier`,
} as const;

export const tierSchema = z.strictObject({
  id: textField(TIER_MESSAGES.id).regex(TIER_ID_PATTERN, { error: TIER_MESSAGES.id }),
  name: textField(TIER_MESSAGES.name).trim().min(1, { error: TIER_MESSAGES.name }).max(TIER_LIMITS.name, { error: TIER_MESSAGES.name }),
  weight: z
    .number({ error: TIER_MESSAGES.weight })
    .int({ error: TIER_MESSAGES.weight })
    .min(TIER_LIMITS.weight.min, { error: TIER_MESSAGES.weight })
    .max(TIER_LIMITS.weight.max, { error: TIER_MESSAGES.weight }),
  stripePriceIds: z
    .array(
      textField(TIER_MESSAGES.priceId)
        .trim()
        .min(1, { error: TIER_MESSAGES.priceId })
        .max(TIER_LIMITS.priceId, { error: TIER_MESSAGES.priceId }),
    )
    .max(TIER_LIMITS.priceIds, { error: `A tier lists at most ${String(TIER_LIMITS.priceIds)} prices` }),
});
export type Tier = z.infer<typeof tierSchema>;

/**
 * `PUT /api/admin/tiers`' body and `GET`'s answer. A price listed by two tiers is not refused here
 * but by the server, as `409 CONFLICT` (priceInTwoTiers): it contradicts what is stored, not a field.
 */
export const tierSettingsSchema = z
  .strictObject({
    tiers: z.array(tierSchema).min(1, { error: TIER_MESSAGES.count }).max(TIER_LIMITS.tiers, { error: TIER_MESSAGES.count }),
    defaultTierId: textField(TIER_MESSAGES.defaultTier),
  })
  .superRefine((settings, ctx) => {
    const ids = settings.tiers.map((t) => t.id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", path: ["tiers"], message: TIER_MESSAGES.duplicateId });
    if (!ids.includes(settings.defaultTierId))
      ctx.addIssue({ code: "custom", path: ["defaultTierId"], message: TIER_MESSAGES.defaultTier });
  });
export type TierSettings = z.infer<typeof tierSettingsSchema>;
/** `PUT /api/admin/tiers`' body: the whole settings, as `GET` answers them. */
export const updateTiersRequestSchema = tierSettingsSchema;

/** What every community has until an admin saves tiers: one tier, weight 1. */
export const DEFAULT_TIER_SETTINGS: TierSettings = {
  tiers: [{ id: "standard", name: "Standard", weight: 1, stripePriceIds: [] }],
  defaultTierId: "standard",
};

/** The first price that two tiers list (each price grants one tier), or null. */
export function priceInTwoTiers(tiers: readonly Pick<Tier, "stripePriceIds">[]): string | null {
  const seen = new Set<string>();
  for (const tier of tiers) {
    for (const price of new Set(tier.stripePriceIds)) {
      if (seen.has(price)) return price;
      seen.add(price);
    }
  }
  return null;
}

export const TIER_SOURCES = ["admin", "subscription", "default"] as const;
export type TierSource = (typeof TIER_SOURCES)[number];

export const tierSourceSchema = z.enum(TIER_SOURCES);

/** A member's tier as the user answer carries it (`GET /api/user`, `/api/users`: their own, or an admin's view). */
export const memberTierSchema = z.object({ tierId: z.string(), tierSource: tierSourceSchema, weight: z.number().int() });
export type MemberTier = z.infer<typeof memberTierSchema>;

/** `PATCH /api/users/{username}`'s `tierId`: a tier's id, or null for the automatic tier. */
export const tierChoiceSchema = textField(TIER_MESSAGES.id).regex(TIER_ID_PATTERN, { error: TIER_MESSAGES.id }).nullable();

/**
 * A member's tier: the admin's choice when set, else the tier that lists a price of the member's
 * active or trialing subscription (the caller passes the prices only of such a subscription), else
 * the default. A removed tier's members so fall back to the default with no write.
 */
export function memberTier(
  settings: TierSettings,
  member: { adminTierId: string | null; subscriptionPriceIds: readonly string[] },
): MemberTier & { tierName: string } {
  const byId = (id: string | null) => (id === null ? undefined : settings.tiers.find((t) => t.id === id));
  const answer = (tier: Tier, tierSource: TierSource) => ({ tierId: tier.id, tierName: tier.name, tierSource, weight: tier.weight });
  const fallback = byId(settings.defaultTierId) ?? settings.tiers[0]!;
  if (member.adminTierId !== null) {
    // an admin's choice of a tier since removed: the member is moved to the default, not to another tier
    const chosen = byId(member.adminTierId);
    return chosen ? answer(chosen, "admin") : answer(fallback, "default");
  }
  // a subscription with several prices: the heaviest tier any of them grants
  const paid = settings.tiers
    .filter((t) => t.stripePriceIds.some((price) => member.subscriptionPriceIds.includes(price)))
    .sort((a, b) => b.weight - a.weight)[0];
  return paid ? answer(paid, "subscription") : answer(fallback, "default");
}

/** How the member's own tier reads on their dashboard: "Gold · 2× share". */
export const tierLabel = (tier: { name: string; weight: number }): string => `${tier.name} · ${String(tier.weight)}× share`;
