import { priceInTwoTiers, TIER_MESSAGES, type TierSettings } from "@hub/contract/tiers";
import type { Caller } from "../accounts/caller";
import { clearAdminTiers, readTierSettings, saveTierSettings } from "../accounts/tiers.store";
import { ApiError } from "../platform/api-error";

/** GET /api/admin/tiers */
export const tierSettings = (): Promise<TierSettings> => readTierSettings();

/**
 * PUT /api/admin/tiers: a price in two tiers contradicts itself (a member's price must name one tier),
 * so it is refused as a conflict. A removed tier's members are on the default from the save on (a
 * member's tier is worked out from the stored tiers); the admin choices that named it are then cleared,
 * so that a tier made again later with the same id does not take them back.
 */
export async function changeTierSettings(caller: Caller, settings: TierSettings): Promise<TierSettings> {
  const twice = priceInTwoTiers(settings.tiers);
  if (twice !== null) throw new ApiError("CONFLICT", TIER_MESSAGES.priceInTwoTiers(twice), { details: { priceId: twice } });
  const removed = await saveTierSettings(settings, { actorUid: caller.uid, action: "tiers.update" });
  await clearAdminTiers(removed);
  return settings;
}
