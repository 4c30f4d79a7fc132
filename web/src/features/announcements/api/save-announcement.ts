// Edits the single announcement, or creates it when there is none (admin).
import type { SaveAnnouncementRequest } from "@hub/contract/announcements";
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function saveAnnouncement(body: SaveAnnouncementRequest) {
  return callApi("saveAnnouncement", { body });
}

export function useSaveAnnouncement(toasts: ToastsFor<typeof saveAnnouncement>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: ["admin", "save-announcement"], mutationFn: saveAnnouncement, onSuccess: invalidate, ...toasts });
}
