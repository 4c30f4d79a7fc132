// The active announcement, or null (open to everyone).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";

export function getActiveAnnouncement() {
  return callApi("getActiveAnnouncement");
}

/** Under ["announcements"], so invalidating that prefix after an admin edit refreshes it too. */
export const activeAnnouncementQueryKey = ["announcements", "active"] as const;

export function activeAnnouncementQueryOptions() {
  return queryOptions({ queryKey: activeAnnouncementQueryKey, queryFn: getActiveAnnouncement });
}

export function useActiveAnnouncement() {
  return useQuery(activeAnnouncementQueryOptions());
}
