// GET /api/announcements/active – the active announcement, or null (open to everyone).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { activeAnnouncementSchema, type Announcement } from "@hub/contract/announcements";
import { apiRequest } from "@/lib/api-client";

export function getActiveAnnouncement(): Promise<Announcement | null> {
  return apiRequest("/api/announcements/active", { schema: activeAnnouncementSchema });
}

/** Under ["announcements"], so invalidating that prefix after an admin edit refreshes it too. */
export const activeAnnouncementQueryKey = ["announcements", "active"] as const;

export function activeAnnouncementQueryOptions() {
  return queryOptions({ queryKey: activeAnnouncementQueryKey, queryFn: getActiveAnnouncement });
}

export function useActiveAnnouncement() {
  return useQuery(activeAnnouncementQueryOptions());
}
