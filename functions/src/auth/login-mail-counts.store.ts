import { randomInt } from "node:crypto";
import { FieldValue, Timestamp } from "firebase-admin/firestore";
import { COLLECTIONS, db, type TtlPolicy } from "../platform/db";
import { fitsUnderCeiling, LOGIN_MAIL_SHARDS, loginMailHour, loginMailShardIds, sentThisHour } from "./login-mail-ceiling";

const counts = () => db().collection(COLLECTIONS.loginMailCounts);

/** An hour's shards are kept a day after it ended (for the operator to look back), then Firestore's TTL removes them. */
const KEPT_MS = 25 * 3_600_000;

export const LOGIN_MAIL_COUNTS_TTL: TtlPolicy = { collection: COLLECTIONS.loginMailCounts, field: "deleteAt" };

export type LoginMailAllowance = { allowed: true } | { allowed: false; sentThisHour: number };

/**
 * Counts one login mail against the hub-wide hourly ceiling, or refuses it when the hour's mails
 * have reached `ceiling`. The shards are read, then one random shard incremented: not one
 * transaction (that would put every mail through one lock), so mails counted at the same instant may
 * pass the ceiling by the few in flight; the queue's concurrency bounds that.
 */
export async function countLoginMail(now: Date, ceiling: number): Promise<LoginMailAllowance> {
  const refs = loginMailShardIds(now).map((id) => counts().doc(id));
  const snaps = await db().getAll(...refs);
  const sent = sentThisHour(snaps.map((s) => s.get("count") as unknown));
  if (!fitsUnderCeiling(sent, ceiling)) return { allowed: false, sentThisHour: sent };
  const hour = loginMailHour(now);
  await refs[randomInt(LOGIN_MAIL_SHARDS)]!.set(
    { count: FieldValue.increment(1), hour: Timestamp.fromDate(hour), deleteAt: Timestamp.fromMillis(hour.getTime() + KEPT_MS) },
    { merge: true },
  );
  return { allowed: true };
}
