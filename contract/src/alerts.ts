import { z } from "./zod";
import { httpUrlField } from "./common";

/**
 * The alerts channel (the contract's *Terms watch and alerts*): one webhook (Discord, Slack or any
 * https endpoint) where the hub tells the community's admins what happened, in the receiving
 * service's format. Never a member's identity in a message.
 */

export const ALERT_EVENTS = [
  "terms-changed",
  "terms-unreachable",
  "link-failing",
  "link-recovered",
  "program-stands-out",
  "offer-ending",
  "program-shared",
  "job-failed",
] as const;
export const alertEventSchema = z.enum(ALERT_EVENTS, { error: "Unknown event" });
export type AlertEvent = z.infer<typeof alertEventSchema>;
/** What a delivery is of: an event, or the admin's *Send Test Alert*. */
export type AlertKind = AlertEvent | "test";

/** What each event is called in the Alerts panel. */
export const ALERT_EVENT_LABELS: Record<AlertEvent, string> = {
  "terms-changed": "A program's terms changed",
  "terms-unreachable": "A program's terms page cannot be read",
  "link-failing": "A link failed its checks",
  "link-recovered": "A failing link works again",
  "program-stands-out": "A program stands out in the traffic report",
  "offer-ending": "An offer ends in seven days",
  "program-shared": "A program is newly shared on the open page",
  "job-failed": "A background job failed",
};

/** The last delivery the channel made (the test's included): when, of what, and what the receiver answered. */
export const lastDeliverySchema = z.object({
  at: z.string(),
  event: z.string(),
  ok: z.boolean(),
  /** The receiver's status, or null when it gave none (no connection, a refused address, a timeout). */
  status: z.number().int().nullable(),
});

/** GET /api/admin/alerts: the channel, its address shown only as its host and a masked path. */
export const alertSettingsSchema = z.object({
  webhookUrl: z.string().nullable(),
  events: z.array(alertEventSchema),
  lastDelivery: lastDeliverySchema.nullable(),
  /** Only in the answer that set a new address or rotated the secret: never shown again. */
  signingSecret: z.string().optional(),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/** PUT /api/admin/alerts: an omitted field keeps its value; `webhookUrl: null` turns the channel off. */
export const updateAlertsRequestSchema = z.strictObject({
  webhookUrl: httpUrlField().nullable().optional(),
  events: z.array(alertEventSchema, { error: "events must be a list of events" }).max(ALERT_EVENTS.length).optional(),
  rotateSecret: z.literal(true, { error: "rotateSecret must be true" }).optional(),
});
export type UpdateAlertsRequest = z.infer<typeof updateAlertsRequestSchema>;

export const alertTestStartedSchema = z.object({ deliveryId: z.string() });

/** The refusal of an address a webhook may not go to (plain http, a private or local address). */
export const WEBHOOK_URL_RULE = "The webhook address must be https:// on a public host";
