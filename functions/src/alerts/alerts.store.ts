import { FieldValue, Timestamp, type DocumentData, type Transaction } from "firebase-admin/firestore";
import type { AlertEvent, AlertKind } from "@hub/contract/alerts";
import { ALERT_EVENTS } from "@hub/contract/alerts";
import { COLLECTIONS, db, taskQueue, type TtlPolicy } from "../platform/db";

/*
 * The alerts channel (the contract's *Terms watch and alerts*): `alert_channel/current` holds the
 * webhook address, the events it is sent, its signing secret (server-side only) and its last delivery;
 * `alert_deliveries/{id}` one per alert raised, by what it tells (so a second raise of the same news
 * finds it and sends nothing), with its message, attempts and state. Each is posted by the
 * `deliverAlerts` queue, once per attempt.
 */

const channelRef = () => db().collection(COLLECTIONS.alertChannel).doc("current");
const deliveries = () => db().collection(COLLECTIONS.alertDeliveries);

/** A delivery is kept this long after it was raised, then TTL-deleted. */
const DELIVERY_KEPT_MS = 90 * 86_400_000;
export const ALERT_DELIVERIES_TTL: TtlPolicy = { collection: COLLECTIONS.alertDeliveries, field: "expiresAt" };

export const ALERT_QUEUE = "deliverAlerts";

export interface LastDelivery {
  at: string;
  event: AlertKind;
  ok: boolean;
  status: number | null;
}

export interface AlertChannel {
  webhookUrl: string | null;
  events: AlertEvent[];
  signingSecret: string | null;
  lastDelivery: LastDelivery | null;
}

const isEvent = (e: unknown): e is AlertEvent => (ALERT_EVENTS as readonly unknown[]).includes(e);

function lastDeliveryOf(value: unknown): LastDelivery | null {
  const d = value as Partial<LastDelivery> | null | undefined;
  if (!d || typeof d.at !== "string" || typeof d.event !== "string" || typeof d.ok !== "boolean") return null;
  return { at: d.at, event: d.event, ok: d.ok, status: typeof d.status === "number" ? d.status : null };
}

/** The channel as stored; off (no address, every event) before an admin sets it. */
export async function readAlertChannel(): Promise<AlertChannel> {
  return channelOf((await channelRef().get()).data() ?? {});
}

function channelOf(d: DocumentData): AlertChannel {
  return {
    webhookUrl: typeof d.webhookUrl === "string" ? d.webhookUrl : null,
    events: Array.isArray(d.events) ? d.events.filter(isEvent) : [...ALERT_EVENTS],
    signingSecret: typeof d.signingSecret === "string" ? d.signingSecret : null,
    lastDelivery: lastDeliveryOf(d.lastDelivery),
  };
}

/** The transaction a change of the channel is written in, for the entry that records it. */
export type ChannelTransaction = Transaction;

/**
 * Writes what changed of the channel (the fields given), in one transaction with the read it answers
 * and with `alsoIn` (the change's activity entry); nothing at all when no field changes.
 */
export async function changeAlertChannel(
  change: (current: AlertChannel) => Partial<AlertChannel>,
  alsoIn: (tx: Transaction, current: AlertChannel, fields: Partial<AlertChannel>) => void = () => undefined,
): Promise<AlertChannel> {
  return db().runTransaction(async (tx) => {
    const current = channelOf((await tx.get(channelRef())).data() ?? {});
    const fields = change(current);
    if (Object.keys(fields).length === 0) return current;
    tx.set(channelRef(), { ...fields, updatedAt: FieldValue.serverTimestamp() }, { merge: true });
    alsoIn(tx, current, fields);
    return { ...current, ...fields };
  });
}

export async function recordLastDelivery(last: LastDelivery): Promise<void> {
  await channelRef().set({ lastDelivery: last }, { merge: true });
}

/** What the channel says: the words, the hub's screen that shows it, and facts for a machine (never a member's identity). */
export interface AlertMessage {
  text: string;
  url: string;
  data: Record<string, string | number | boolean | null>;
}

export interface AlertDelivery {
  id: string;
  kind: AlertKind;
  message: AlertMessage;
  attempts: number;
  state: "pending" | "delivered" | "failed";
}

/**
 * Records the delivery of an alert, once: false when one with this id exists already (the news was
 * raised before), so a retried job or a second instance never sends it twice; false too when one of
 * `quietIds` exists (the same news raised lately, for an alert sent at most once in a while).
 */
export async function createDeliveryOnce(
  id: string,
  kind: AlertKind,
  message: AlertMessage,
  now: Date,
  quietIds: readonly string[] = [],
): Promise<boolean> {
  const ref = deliveries().doc(id);
  return db().runTransaction(async (tx) => {
    const found = await tx.getAll(ref, ...quietIds.map((quietId) => deliveries().doc(quietId)));
    if (found.some((snapshot) => snapshot.exists)) return false;
    tx.create(ref, {
      kind,
      message,
      attempts: 0,
      state: "pending",
      createdAt: Timestamp.fromDate(now),
      expiresAt: Timestamp.fromMillis(now.getTime() + DELIVERY_KEPT_MS),
    });
    return true;
  });
}

export async function readDelivery(id: string): Promise<AlertDelivery | null> {
  const d = (await deliveries().doc(id).get()).data();
  return d ? deliveryOf(id, d) : null;
}

function deliveryOf(id: string, d: DocumentData): AlertDelivery {
  return {
    id,
    kind: d.kind as AlertKind,
    message: d.message as AlertMessage,
    attempts: typeof d.attempts === "number" ? d.attempts : 0,
    state: d.state === "delivered" || d.state === "failed" ? d.state : "pending",
  };
}

/** How long a task holds a delivery it posts: longer than a post's deadline, shorter than the queue's retry. */
export const DELIVERY_LEASE_MS = 60_000;

/**
 * Takes the delivery for one attempt, in a transaction: the delivery (still pending, and now this
 * task's until `DELIVERY_LEASE_MS` from now) when no other task holds it; `{ heldForMs }` when
 * another does (a second dispatch of the same task, or a retry sent while the first still posts);
 * null when there is nothing left to post.
 */
export async function leaseDelivery(id: string, now: Date): Promise<AlertDelivery | { heldForMs: number } | null> {
  const ref = deliveries().doc(id);
  return db().runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const delivery = snapshot.exists ? deliveryOf(id, snapshot.data()!) : null;
    if (delivery?.state !== "pending") return null;
    const leasedUntil = (snapshot.get("leasedUntil") as Timestamp | undefined)?.toMillis() ?? 0;
    if (leasedUntil > now.getTime()) return { heldForMs: leasedUntil - now.getTime() };
    tx.update(ref, { leasedUntil: Timestamp.fromMillis(now.getTime() + DELIVERY_LEASE_MS) });
    return delivery;
  });
}

/** One attempt made: its number, and the delivery's state after it; the lease given back. */
export async function recordAttempt(id: string, attempts: number, state: AlertDelivery["state"], status: number | null): Promise<void> {
  await deliveries()
    .doc(id)
    .update({ attempts, state, lastStatus: status, leasedUntil: FieldValue.delete(), updatedAt: FieldValue.serverTimestamp() });
}

/** The next attempt of a delivery, on the queue, `delaySeconds` from now. */
export const enqueueDelivery = (deliveryId: string, delaySeconds = 0) =>
  taskQueue<{ deliveryId: string }>(ALERT_QUEUE).enqueue(
    { deliveryId },
    { dispatchDeadlineSeconds: 60, ...(delaySeconds > 0 ? { scheduleDelaySeconds: delaySeconds } : {}) },
  );
