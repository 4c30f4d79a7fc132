import { createHash, randomBytes } from "node:crypto";
import { logger } from "firebase-functions";
import { WEBHOOK_URL_RULE, type AlertEvent, type AlertSettings, type UpdateAlertsRequest } from "@hub/contract/alerts";
import { addDays, utcDay } from "@hub/contract/dates";
import { ApiError } from "../platform/api-error";
import { dnsHostOf } from "../platform/http/dns-host";
import type { AppDeps } from "../platform/deps";
import {
  changeAlertChannel,
  createDeliveryOnce,
  enqueueDelivery,
  readAlertChannel,
  type AlertChannel,
  type AlertMessage,
  type ChannelTransaction,
} from "./alerts.store";

/*
 * The alerts channel's settings (GET and PUT /api/admin/alerts), its test, and how the rest of the hub
 * raises an alert: once per piece of news, only when the channel is on and takes that event, then
 * delivered by the queue (alerts/alert-delivery.service).
 */

/** The address as the panel shows it: its host and a masked path (a webhook's path is its password). */
export function maskedWebhookUrl(webhookUrl: string): string {
  const url = new URL(webhookUrl);
  const path = url.pathname.length > 1 ? `/${"•".repeat(4)}${url.pathname.slice(-4)}` : "/";
  return `${url.protocol}//${url.host}${path}`;
}

const settingsOf = (channel: AlertChannel, signingSecret?: string): AlertSettings => ({
  webhookUrl: channel.webhookUrl === null ? null : maskedWebhookUrl(channel.webhookUrl),
  events: channel.events,
  lastDelivery: channel.lastDelivery,
  ...(signingSecret ? { signingSecret } : {}),
});

export async function alertSettings(): Promise<AlertSettings> {
  return settingsOf(await readAlertChannel());
}

const newSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

/**
 * Records a change of the channel in its own transaction (the activity log, which the composition
 * root wires: the audit collection is not this capability's). `details` names the address by its
 * host only (its path is its password) and a new secret only by the fact.
 */
export type AlertChangeRecorder = (tx: ChannelTransaction, details: Record<string, unknown>) => void;

/**
 * PUT /api/admin/alerts: an omitted field keeps its value, `webhookUrl: null` turns the channel off. A
 * new address, or `rotateSecret`, makes a new signing secret, in this answer only. A call that changes
 * nothing writes nothing, and records nothing.
 */
export async function changeAlertSettings(
  deps: Pick<AppDeps, "webhooks">,
  body: UpdateAlertsRequest,
  record: AlertChangeRecorder = () => undefined,
): Promise<AlertSettings> {
  if (body.webhookUrl && !deps.webhooks.isAllowedUrl(body.webhookUrl)) {
    throw new ApiError("VALIDATION", WEBHOOK_URL_RULE, { issues: [{ path: "webhookUrl", message: WEBHOOK_URL_RULE }] });
  }
  let secret: string | undefined;
  const channel = await changeAlertChannel(
    (current) => {
      const fields: Partial<AlertChannel> = {};
      if (body.webhookUrl !== undefined && body.webhookUrl !== current.webhookUrl) fields.webhookUrl = body.webhookUrl;
      const events = body.events && [...new Set(body.events)];
      if (events && (events.length !== current.events.length || events.some((e, i) => e !== current.events[i]))) fields.events = events;
      if (fields.webhookUrl || body.rotateSecret) fields.signingSecret = secret = newSecret();
      return fields;
    },
    (tx, _current, fields) =>
      record(tx, {
        ...("webhookUrl" in fields ? { webhookHost: fields.webhookUrl ? dnsHostOf(fields.webhookUrl) : null } : {}),
        ...(fields.events ? { events: fields.events } : {}),
        ...(fields.signingSecret ? { signingSecret: "new" } : {}),
      }),
  );
  return settingsOf(channel, channel.webhookUrl ? secret : undefined);
}

/** POST /api/admin/alerts/test: a test message, delivered as any alert is. */
export async function sendTestAlert(deps: Pick<AppDeps, "appOrigin" | "now">): Promise<{ deliveryId: string }> {
  const channel = await readAlertChannel();
  if (!channel.webhookUrl) throw new ApiError("BAD_REQUEST", "Set a webhook address first");
  const deliveryId = `test_${randomBytes(9).toString("base64url")}`;
  const message: AlertMessage = {
    text: "Test alert from the referral hub: this channel receives the hub's alerts.",
    url: `${deps.appOrigin}/admin`,
    data: {},
  };
  await createDeliveryOnce(deliveryId, "test", message, deps.now());
  await enqueueDelivery(deliveryId);
  return { deliveryId };
}

const deliveryIdOf = (event: AlertEvent, once: string) => `${event}_${createHash("sha256").update(once).digest("hex").slice(0, 32)}`;

/**
 * Raises an alert of `event` about one piece of news, named by `once` (e.g. a program and a terms
 * version): delivered at most once however often it is raised, and only when the channel is on and
 * takes that event. With `everyDays`, `once` names a subject that may come back (a program standing
 * out): raised for it at most once in any `everyDays` UTC days, whatever the calendar week. Never
 * throws: an alert lost is logged, and the work that raised it goes on.
 */
export async function raiseAlert(
  deps: Pick<AppDeps, "now">,
  event: AlertEvent,
  once: string,
  message: AlertMessage,
  options: { everyDays?: number } = {},
): Promise<void> {
  try {
    const channel = await readAlertChannel();
    if (!channel.webhookUrl || !channel.events.includes(event)) return;
    const now = deps.now();
    const ids = options.everyDays
      ? Array.from({ length: options.everyDays }, (_, back) => deliveryIdOf(event, `${once}@${addDays(utcDay(now), -back)}`))
      : [deliveryIdOf(event, once)];
    const [id, ...quietIds] = ids as [string, ...string[]];
    if (await createDeliveryOnce(id, event, message, now, quietIds)) await enqueueDelivery(id);
  } catch (err) {
    logger.error("alert not raised", { event, error: err instanceof Error ? err.message : String(err) });
  }
}
