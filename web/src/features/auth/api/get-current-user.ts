// The signed-in user, or null when there is no session (401).
import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";

export function getCurrentUser() {
  return callApi("getCurrentUser", {}, { on401: "returnNull" });
}

/** Keyed by Firebase uid, so signing in as someone else always loads that person. */
export const currentUserQueryKey = (uid: string | null) => ["auth", "current-user", uid] as const;

export function currentUserQueryOptions(uid: string | null) {
  return queryOptions({
    queryKey: currentUserQueryKey(uid),
    // Without a Firebase user there is no session to ask about.
    queryFn: uid ? getCurrentUser : skipToken,
  });
}

export function useCurrentUserQuery(uid: string | null) {
  return useQuery(currentUserQueryOptions(uid));
}
