import { ANNOUNCEMENT_ID, getAnnouncement, saveAnnouncement } from "./announcements.store";
import { ApiError } from "../platform/api-error";
import type { RouteHandlers } from "../route-handlers";

/** The one announcement: everyone reads it while active, the admin reads it (active or not) and writes it. */
export function announcementsRoutes(): RouteHandlers<
  "getActiveAnnouncement" | "getAnnouncement" | "saveAnnouncement" | "updateAnnouncement"
> {
  return {
    getAnnouncement: () => getAnnouncement(),
    getActiveAnnouncement: async () => {
      const current = await getAnnouncement();
      return current?.isActive ? current : null;
    },
    // edits the single announcement, or creates it
    saveAnnouncement: async ({ body }) => {
      const saved = await saveAnnouncement(body, false);
      // only if it was deleted between the write and the read
      if (!saved) throw new ApiError("NOT_FOUND", "Announcement not found");
      return saved;
    },
    updateAnnouncement: async ({ params, body }) => {
      const saved = params.id === ANNOUNCEMENT_ID ? await saveAnnouncement(body, true) : null;
      if (!saved) throw new ApiError("NOT_FOUND", "Announcement not found");
      return saved;
    },
  };
}
