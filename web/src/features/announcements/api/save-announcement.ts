// Edits the single announcement, or creates it when there is none (admin).
import { useMutation } from "@tanstack/react-query";
import type { SaveAnnouncementRequest } from "@hub/contract/announcements";
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData } from "@/lib/query-keys";

export function saveAnnouncement(body: SaveAnnouncementRequest) {
  return callApi("saveAnnouncement", { body });
}

export function useSaveAnnouncement() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: ["admin", "save-announcement"], mutationFn: saveAnnouncement, onSuccess: invalidate });
}
