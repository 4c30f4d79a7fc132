/**
 * The hub-wide ceiling on login e-mails per UTC clock hour (docs/architecture.md, *What the hub does*: member sign-in): it keeps
 * the operator's mail account from becoming a spam relay whatever the per-address limits let through.
 * The hour's count is spread over LOGIN_MAIL_SHARDS documents, so that a burst of sign-ins never
 * queues on one document (Firestore sustains about one write a second per document).
 */
export const LOGIN_MAIL_SHARDS = 16;
export const DEFAULT_LOGIN_MAILS_PER_HOUR = 1000;
const HOUR_MS = 3_600_000;

/** Start of the UTC clock hour `now` falls in. */
export const loginMailHour = (now: Date): Date => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);

/** Document id of one shard of an hour's count: "2026-11-25T14_3". */
export const loginMailShardId = (now: Date, shard: number): string => `${loginMailHour(now).toISOString().slice(0, 13)}_${String(shard)}`;

/** Every shard of the hour `now` falls in. */
export const loginMailShardIds = (now: Date): string[] => Array.from({ length: LOGIN_MAIL_SHARDS }, (_, i) => loginMailShardId(now, i));

/** Whether one more mail fits: fewer than `ceiling` sent this hour (a ceiling of 0 or less sends none). */
export const fitsUnderCeiling = (sentThisHour: number, ceiling: number): boolean => sentThisHour < ceiling;

/** The shards' counts summed; a missing or odd value counts as nothing. */
export const sentThisHour = (counts: readonly unknown[]): number =>
  counts.reduce<number>((sum, c) => sum + (typeof c === "number" && Number.isFinite(c) && c > 0 ? c : 0), 0);
