// The announcement the admin form starts from, or null when there is none.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { ADMIN_DATA_KEYS } from "./admin-cache";

export function getActiveAnnouncement() {
  return callApi("getActiveAnnouncement");
}

/** The same key as the member dashboard's banner: one cache entry, refreshed by the ["announcements"] prefix. */
export function adminAnnouncementQueryOptions() {
  return queryOptions({ queryKey: [...ADMIN_DATA_KEYS.announcements, "active"], queryFn: getActiveAnnouncement });
}

export function useAdminAnnouncement() {
  return useQuery(adminAnnouncementQueryOptions());
}
