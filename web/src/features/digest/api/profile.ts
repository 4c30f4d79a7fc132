// The member's own profile and its one setting, the weekly digest e-mail.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Profile } from "@hub/contract/users";
import { callApi } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";
import { useToastMutation } from "@/components/toasts/index";

export function getProfile(): Promise<Profile> {
  return callApi("getProfile");
}

export function useProfile() {
  return useQuery({ queryKey: QUERY_KEYS.profile, queryFn: getProfile });
}

export function setWeeklyDigest(weeklyDigest: boolean): Promise<Profile> {
  return callApi("updateProfile", { body: { weeklyDigest } });
}

/** Turns the digest on or off; the answer is the profile as stored, cached at once. */
export function useSetWeeklyDigest() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: setWeeklyDigest,
    onSuccess: (profile: Profile) => {
      queryClient.setQueryData(QUERY_KEYS.profile, profile);
    },
    success: (profile) => ({ title: profile.weeklyDigest ? "Weekly digest on" : "Weekly digest off" }),
    error: "Could not change the weekly digest",
  });
}
