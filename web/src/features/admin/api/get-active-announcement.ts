// GET /api/announcements/active – the announcement the admin form starts from, or null when there is none.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { activeAnnouncementSchema, type Announcement } from "@hub/contract/announcements";
import { apiRequest } from "@/lib/api-client";
import { ADMIN_DATA_KEYS } from "./admin-cache";

export function getActiveAnnouncement(): Promise<Announcement | null> {
  return apiRequest("/api/announcements/active", { schema: activeAnnouncementSchema });
}

/** The same key as the member dashboard's banner: one cache entry, refreshed by the ["announcements"] prefix. */
export function adminAnnouncementQueryOptions() {
  return queryOptions({ queryKey: [...ADMIN_DATA_KEYS.announcements, "active"], queryFn: getActiveAnnouncement });
}

export function useAdminAnnouncement() {
  return useQuery(adminAnnouncementQueryOptions());
}
