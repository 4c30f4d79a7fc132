import { tierLabel, type Tier, type TierSource } from "@hub/contract/tiers";
import type { AdminUser, UpdateUserRequest } from "@hub/contract/users";

/** Where a user's tier comes from, as the Users tab says it under the tier's name. */
export const TIER_SOURCE_CAPTIONS: Record<TierSource, string> = {
  admin: "set by admin",
  subscription: "from subscription",
  default: "default",
};

/** A tier's name by its id; the id itself while the tiers are not loaded (or the tier is gone). */
export function tierNameOf(tierId: string, tiers: readonly Pick<Tier, "id" | "name">[] | undefined): string {
  return tiers?.find((tier) => tier.id === tierId)?.name ?? tierId;
}

/** The tier select's value for "no choice of the admin's": never a tier's id (ids have no underscore). */
export const AUTOMATIC_TIER = "_automatic";
export const AUTOMATIC_TIER_LABEL = "Automatic (subscription, else default)";

type TierUser = Pick<AdminUser, "tierId" | "tierSource">;

/** What the select shows for a user: the admin's choice when there is one, else Automatic. */
export function tierChoiceOf(user: TierUser): string {
  return user.tierSource === "admin" ? user.tierId : AUTOMATIC_TIER;
}

/**
 * The select's options: Automatic, then each tier ("Gold · 2× share"). A chosen tier the list does not
 * have (the tiers not loaded yet) is kept as its id, so the select always shows what is stored.
 */
export function tierOptions(tiers: readonly Tier[] | undefined, user: TierUser): { value: string; label: string }[] {
  const options = [
    { value: AUTOMATIC_TIER, label: AUTOMATIC_TIER_LABEL },
    ...(tiers ?? []).map((tier) => ({ value: tier.id, label: tierLabel(tier) })),
  ];
  const choice = tierChoiceOf(user);
  return options.some((option) => option.value === choice) ? options : [...options, { value: choice, label: choice }];
}

/** The `tierId` to send: none when the choice is unchanged; null to go back to the automatic tier. */
export function tierChange(user: TierUser, choice: string): Pick<UpdateUserRequest, "tierId"> {
  if (choice === tierChoiceOf(user)) return {};
  return { tierId: choice === AUTOMATIC_TIER ? null : choice };
}
