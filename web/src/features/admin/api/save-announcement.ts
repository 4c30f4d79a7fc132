// POST /api/announcements – edits the single announcement, or creates it when there is none (admin).
import { useMutation } from "@tanstack/react-query";
import { announcementSchema, type Announcement, type SaveAnnouncementRequest } from "@hub/contract/announcements";
import { apiRequest } from "@/lib/api-client";
import { useInvalidateAdminData } from "./admin-cache";

export function saveAnnouncement(body: SaveAnnouncementRequest): Promise<Announcement> {
  return apiRequest("/api/announcements", { method: "POST", body, schema: announcementSchema });
}

export function useSaveAnnouncement() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: ["admin", "save-announcement"], mutationFn: saveAnnouncement, onSuccess: invalidate });
}
