import { Router } from "express";
import { saveAnnouncementRequestSchema, updateAnnouncementRequestSchema, type Announcement } from "../contract/announcements";
import { ANNOUNCEMENT_ID, getAnnouncement, saveAnnouncement } from "../data/announcements.repo";
import { authenticate } from "../middleware/auth";
import { ApiError } from "../services/api-error";
import { idOf } from "./params";

export function announcementsRoutes(): Router {
  const router = Router();
  const admin = authenticate("admin");

  // GET /api/announcements/active – the active announcement or null (open to all)
  router.get("/announcements/active", async (_req, res) => {
    const current = await getAnnouncement();
    const body: Announcement | null = current?.isActive ? current : null;
    res.json(body);
  });

  // POST /api/announcements – edit the single announcement, or create it
  router.post("/announcements", admin, async (req, res) => {
    const body = saveAnnouncementRequestSchema.parse(req.body ?? {});
    res.json(await saveAnnouncement(body, false));
  });

  // PATCH /api/announcements/:id – edit the announcement
  router.patch("/announcements/:id", admin, async (req, res) => {
    const id = idOf(req);
    const body = updateAnnouncementRequestSchema.parse(req.body ?? {});
    const saved = id === ANNOUNCEMENT_ID ? await saveAnnouncement(body, true) : null;
    if (!saved) throw new ApiError("NOT_FOUND", "Announcement not found");
    res.json(saved);
  });

  return router;
}
