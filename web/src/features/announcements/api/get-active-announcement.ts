// The active announcement, or null (open to everyone): the member dashboard's banner and the admin form's start.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

export function getActiveAnnouncement() {
  return callApi("getActiveAnnouncement");
}

/** Under the announcements key, so invalidating it after an admin edit refreshes this too. */
export const activeAnnouncementQueryKey = [...QUERY_KEYS.announcements, "active"] as const;

export function activeAnnouncementQueryOptions() {
  return queryOptions({ queryKey: activeAnnouncementQueryKey, queryFn: getActiveAnnouncement });
}

export function useActiveAnnouncement() {
  return useQuery(activeAnnouncementQueryOptions());
}
