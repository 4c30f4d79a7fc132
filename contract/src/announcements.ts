import { z } from "./zod";
import { LIMITS, textField } from "./common";

const message = textField("Message is required")
  .trim()
  .min(1, { error: "Message is required" })
  .max(LIMITS.announcement, { error: `Message must be ${LIMITS.announcement} characters or less` });

export const announcementSchema = z.object({
  id: z.string(),
  message: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

// GET /api/announcements/active → the active announcement or null; GET /api/announcements (admin) → the announcement, active or not, or null
export const activeAnnouncementSchema = announcementSchema.nullable();

// POST /api/announcements: edits the single announcement, or creates it
export const saveAnnouncementRequestSchema = z.strictObject({
  message,
  isActive: z.boolean({ error: "isActive must be true or false" }),
});
export type SaveAnnouncementRequest = z.infer<typeof saveAnnouncementRequestSchema>;

// PATCH /api/announcements/{id}
export const updateAnnouncementRequestSchema = z.strictObject({
  message: message.optional(),
  isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
});
