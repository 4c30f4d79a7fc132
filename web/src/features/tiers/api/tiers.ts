// The membership tiers and their change (admin); the member's own tier, from their profile.
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TierSettings } from "@hub/contract/tiers";
import type { Profile } from "@hub/contract/users";
import { callApi } from "@/lib/api-client";
import { QUERY_KEYS, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function tiersQueryOptions() {
  return queryOptions({ queryKey: QUERY_KEYS.tiers, queryFn: () => callApi("getTiers") });
}

/** The tiers (admin): one `standard` tier of weight 1 until an admin saves some. */
export function useTiers() {
  return useQuery(tiersQueryOptions());
}

export const saveTiers = (body: TierSettings) => callApi("updateTiers", { body });

/**
 * Replaces the tiers. The answer is what is stored, cached at once; the users refresh, since a
 * removed tier's members move to the default and every member's weight may have changed.
 */
export function useSaveTiers(toasts: ToastsFor<typeof saveTiers>) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAdminData();
  return useToastMutation({
    mutationKey: ["admin", "save-tiers"],
    mutationFn: saveTiers,
    onSuccess: async (saved: TierSettings) => {
      queryClient.setQueryData(QUERY_KEYS.tiers, saved);
      await invalidate();
    },
    ...toasts,
  });
}

/** What the member's dashboard shows of their own tier. */
export type OwnTier = Pick<Profile, "tierId" | "tierName" | "tierSource" | "weight">;

const ownTier = ({ tierId, tierName, tierSource, weight }: Profile): OwnTier => ({ tierId, tierName, tierSource, weight });

/** The signed-in member's own tier: read from their profile (the same cached query as their settings). */
export function useOwnTier() {
  return useQuery({ queryKey: QUERY_KEYS.profile, queryFn: () => callApi("getProfile"), select: ownTier });
}
