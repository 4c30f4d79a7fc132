import { Timestamp, type DocumentSnapshot, type Query, type Transaction } from "firebase-admin/firestore";
import { COLLECTIONS, db } from "../platform/db";
import { addLinkCounts, readConsistently } from "../rotation/visits.store";

/**
 * What analytics reads: the roll-ups the rotation's counters become (see visits.store), never the click
 * records themselves, so its cost follows links × days asked for, not the number of clicks.
 */

/** One document's visits per link: a day's roll-up (click_days), a not yet folded counter, or a month's roll-up. */
export interface ClickTally {
  kind: "day" | "counter" | "month";
  /** YYYY-MM-DD for a day, YYYY-MM for a month (UTC). */
  period: string;
  counts: Map<string, number>;
  lastClickedAt: Map<string, Date>;
}

export interface AnalyticsLink {
  id: string;
  programId: string;
  email: string;
  approved: boolean;
  paused: boolean;
  isDead: boolean;
  /** All-time visits: the stored count plus what the unfolded counters hold. */
  visitCount: number;
}

export interface AnalyticsSnapshot {
  programs: { id: string; name: string }[];
  links: AnalyticsLink[];
  tallies: ClickTally[];
}

/** Which roll-ups to read: stretches of UTC days (YYYY-MM-DD) and months (YYYY-MM, `from` null: from the first), ends included. */
export interface AnalyticsReads {
  days: { from: string; to: string }[];
  months: { from: string | null; to: string }[];
}

function tallyOf(kind: ClickTally["kind"], period: string, doc: DocumentSnapshot): ClickTally {
  const counts = new Map<string, number>();
  addLinkCounts(counts, doc);
  const lastClickedAt = new Map<string, Date>();
  for (const [linkId, at] of Object.entries((doc.get("lastClickedAt") ?? {}) as Record<string, unknown>)) if (at instanceof Timestamp) lastClickedAt.set(linkId, at.toDate());
  return { kind, period, counts, lastClickedAt };
}

const ROLLUP_FIELDS = ["links", "lastClickedAt"] as const;

/**
 * Programs, links and the asked-for roll-ups plus every unfolded counter, in one read-only
 * transaction: a nightly fold moves visits from counters into roll-ups atomically, so reading both at
 * one point in time counts each visit exactly once.
 */
export function readAnalytics(reads: AnalyticsReads): Promise<AnalyticsSnapshot> {
  const days = db().collection(COLLECTIONS.clickDays);
  const months = db().collection(COLLECTIONS.clickMonths);
  return readConsistently(async (tx: Transaction) => {
    const dayQueries: Query[] = reads.days.map((r) => days.where("day", ">=", r.from).where("day", "<=", r.to));
    const monthQueries: Query[] = reads.months.map((r) => (r.from ? months.where("month", ">=", r.from) : months).where("month", "<=", r.to));
    const [programSnap, linkSnap, counterSnap, ...rollupSnaps] = await Promise.all([
      tx.get(db().collection(COLLECTIONS.programs).select("name")),
      tx.get(db().collection(COLLECTIONS.links).select("programId", "email", "approved", "paused", "isDead", "visitCount")),
      tx.get(db().collection(COLLECTIONS.clickCounters).select("day", ...ROLLUP_FIELDS)),
      ...monthQueries.map((q) => tx.get(q.select("month", ...ROLLUP_FIELDS))),
      ...dayQueries.map((q) => tx.get(q.select("day", ...ROLLUP_FIELDS))),
    ]);
    const monthSnaps = rollupSnaps.slice(0, monthQueries.length);
    const daySnaps = rollupSnaps.slice(monthQueries.length);

    const counterTallies = counterSnap.docs.map((d) => tallyOf("counter", String(d.get("day")), d));
    const unfolded = new Map<string, number>();
    for (const tally of counterTallies) for (const [id, n] of tally.counts) unfolded.set(id, (unfolded.get(id) ?? 0) + n);

    return {
      programs: programSnap.docs.map((d) => ({ id: d.id, name: typeof d.get("name") === "string" ? (d.get("name") as string) : "" })),
      links: linkSnap.docs.map((d) => ({
        id: d.id,
        programId: String(d.get("programId")),
        email: String(d.get("email")),
        approved: d.get("approved") === true,
        paused: d.get("paused") === true,
        isDead: d.get("isDead") === true,
        visitCount: (typeof d.get("visitCount") === "number" ? (d.get("visitCount") as number) : 0) + (unfolded.get(d.id) ?? 0),
      })),
      tallies: [
        ...counterTallies,
        ...monthSnaps.flatMap((snap) => snap.docs.map((d) => tallyOf("month", String(d.get("month")), d))),
        ...daySnaps.flatMap((snap) => snap.docs.map((d) => tallyOf("day", String(d.get("day")), d))),
      ],
    };
  });
}
