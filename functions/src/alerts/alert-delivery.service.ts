import { logger } from "firebase-functions";
import type { AppDeps } from "../platform/deps";
import { bodyOf, formatOf, headersOf } from "./alert-bodies";
import { dnsHostOf } from "../platform/http/dns-host";
import { enqueueDelivery, leaseDelivery, readAlertChannel, recordAttempt, recordLastDelivery } from "./alerts.store";

/*
 * One attempt of one alert's delivery (the `deliverAlerts` queue; the contract's *Delivery*): posted
 * through the link tester's guarded connections, no redirect followed, no answer body kept. A
 * connection failure, a 429 (after its Retry-After) and a 5xx are tried again later, with backoff;
 * any other answer ends it. One task posts a delivery at a time (a lease on it): a second dispatch
 * while the first posts comes back when the lease ends, and finds it done. Neither the full address
 * nor the secret is ever logged.
 */

/** Attempts in all, the first included. */
export const MAX_ATTEMPTS = 5;
/** The wait before attempt n+1 (n from 1): 10 s, 40 s, 160 s, 640 s in a deploy (`base` 10; the emulator's 1 s, so tests see retries). */
export const backoffSeconds = (attempt: number, base = 10) => base * 4 ** (attempt - 1);
/** A Retry-After honoured up to an hour. */
const MAX_RETRY_AFTER_S = 3_600;

function retryAfterSeconds(value: string | null, now: Date): number | null {
  if (!value) return null;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : Math.ceil((Date.parse(value) - now.getTime()) / 1000);
  return Number.isFinite(seconds) ? Math.min(MAX_RETRY_AFTER_S, Math.max(0, seconds)) : null;
}

export async function deliverAlert(
  deps: Pick<AppDeps, "webhooks" | "now">,
  deliveryId: string,
  backoffBase = 10,
  enqueue: typeof enqueueDelivery = enqueueDelivery,
): Promise<void> {
  const now = deps.now();
  const delivery = await leaseDelivery(deliveryId, now);
  if (delivery === null) return;
  if ("heldForMs" in delivery) {
    // another task posts it now: come back when its lease ends, in case that task never finishes
    await enqueue(deliveryId, Math.ceil(delivery.heldForMs / 1000));
    return;
  }
  const channel = await readAlertChannel();
  const attempt = delivery.attempts + 1;
  // the address is checked again at every connection, by its host as DNS reads it
  if (!channel.webhookUrl || !deps.webhooks.isAllowedUrl(channel.webhookUrl)) {
    await recordAttempt(deliveryId, delivery.attempts, "failed", null);
    return;
  }
  const format = formatOf(channel.webhookUrl);
  const body = bodyOf(format, delivery.kind, delivery.message);
  const timestamp = Math.floor(now.getTime() / 1000);
  const answer = await deps.webhooks.post(channel.webhookUrl, headersOf(format, deliveryId, timestamp, body, channel.signingSecret), body);
  const status = answer.status ?? 0;
  const ok = status >= 200 && status < 300;
  const retryable = !ok && ((answer.status === null && answer.errorCode !== "REFUSED_ADDRESS") || status === 429 || status >= 500);
  const again = retryable && attempt < MAX_ATTEMPTS;
  await recordAttempt(deliveryId, attempt, ok ? "delivered" : again ? "pending" : "failed", answer.status);
  await recordLastDelivery({ at: now.toISOString(), event: delivery.kind, ok, status: answer.status });
  if (!ok) {
    // the host only: a webhook's path is its password
    logger.warn("alert not delivered", {
      deliveryId,
      host: dnsHostOf(channel.webhookUrl),
      attempt,
      status: answer.status,
      errorCode: answer.errorCode ?? null,
      again,
    });
  }
  if (again) await enqueue(deliveryId, Math.max(backoffSeconds(attempt, backoffBase), retryAfterSeconds(answer.retryAfter, now) ?? 0));
}
