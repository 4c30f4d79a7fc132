// The single announcement, active or not, or null (admin): what the admin's form edits.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

export function getAnnouncement() {
  return callApi("getAnnouncement");
}

/** Under the announcements key, so invalidating it after an admin edit refreshes this too. */
export const announcementQueryKey = [...QUERY_KEYS.announcements, "current"] as const;

export function useAnnouncement() {
  return useQuery(queryOptions({ queryKey: announcementQueryKey, queryFn: getAnnouncement }));
}
