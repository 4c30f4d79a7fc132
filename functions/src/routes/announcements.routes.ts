import { Router } from "express";
import { saveAnnouncementRequestSchema, updateAnnouncementRequestSchema, type Announcement } from "@hub/contract/announcements";
import { ANNOUNCEMENT_ID, getAnnouncement, saveAnnouncement } from "../data/announcements.repo";
import { ApiError } from "../services/api-error";
import { idOf } from "./params";
import { defineRoute } from "./define-route";

export function announcementsRoutes(): Router {
  const router = Router();

  // GET /api/announcements/active – the active announcement or null (open to all)
  defineRoute(router, "GET /announcements/active", async (_req, res) => {
    const current = await getAnnouncement();
    const body: Announcement | null = current?.isActive ? current : null;
    res.json(body);
  });

  // POST /api/announcements – edit the single announcement, or create it
  defineRoute(router, "POST /announcements", async (req, res) => {
    const body = saveAnnouncementRequestSchema.parse(req.body ?? {});
    res.json(await saveAnnouncement(body, false));
  });

  // PATCH /api/announcements/:id – edit the announcement
  defineRoute(router, "PATCH /announcements/:id", async (req, res) => {
    const id = idOf(req);
    const body = updateAnnouncementRequestSchema.parse(req.body ?? {});
    const saved = id === ANNOUNCEMENT_ID ? await saveAnnouncement(body, true) : null;
    if (!saved) throw new ApiError("NOT_FOUND", "Announcement not found");
    res.json(saved);
  });

  return router;
}
