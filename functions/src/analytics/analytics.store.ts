import { type DocumentSnapshot, type Query, type Transaction } from "firebase-admin/firestore";
import { COLLECTIONS, db } from "../platform/db";
import { readConsistently } from "../rotation/visits.store";
import { addHours, addPeriod, emptyPeriod, type PeriodCounts } from "../rotation/period-counts";
import { hourStart } from "./analytics-window";

/**
 * What analytics reads: the roll-ups the rotation's counters become (see visits.store), never the click
 * records themselves, so its cost follows links × days asked for, not the number of clicks.
 */

/**
 * One program's visits in one period, from one document: a day's roll-up (click_days), a not yet
 * folded counter shard, a month's roll-up, or one hour of a counter or day roll-up.
 */
export interface ClickTally {
  kind: "day" | "counter" | "month" | "hour";
  /** YYYY-MM-DD for a day or counter, YYYY-MM for a month, the hour's ISO start for an hour (UTC). */
  period: string;
  /** The program that served these visits (the roll-up's, not necessarily the links' program now). */
  programId: string;
  counts: PeriodCounts;
  /** A month's fair shares as its days' folds summed them (a day's or hour's are computed from `counts`). */
  storedFair?: Map<string, number>;
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

export interface AnalyticsProgram {
  id: string;
  name: string;
  distributionMode: "even" | "balanced";
}

export interface AnalyticsSnapshot {
  programs: AnalyticsProgram[];
  links: AnalyticsLink[];
  tallies: ClickTally[];
}

/**
 * Which roll-ups to read: stretches of UTC days (YYYY-MM-DD) and months (YYYY-MM, `from` null: from
 * the first), ends included; and the days whose hours to read (24h), from counters and day roll-ups.
 */
export interface AnalyticsReads {
  days: { from: string; to: string }[];
  months: { from: string | null; to: string }[];
  hourDays?: string[];
}

/** Whose roll-ups: every program's (the admin's views), or those of some programs or counting some links (a member's). */
export type TallyScope = { all: true } | { programIds: string[]; linkIds: string[] };

const DAY_FIELDS = ["programId", "day", "total", "links", "lastClickedAt", "active"] as const;
const MONTH_FIELDS = ["programId", "month", "total", "links", "lastClickedAt", "fair"] as const;
const HOUR_FIELDS = ["programId", "day", "hours"] as const;

const text = (doc: DocumentSnapshot, field: string) => (typeof doc.get(field) === "string" ? (doc.get(field) as string) : "");

function tallyOf(kind: "day" | "counter" | "month", doc: DocumentSnapshot): ClickTally {
  const period = text(doc, kind === "month" ? "month" : "day");
  const tally: ClickTally = { kind, period, programId: text(doc, "programId"), counts: addPeriod(emptyPeriod(), doc.data()) };
  if (kind === "month") tally.storedFair = new Map(Object.entries((doc.get("fair") ?? {}) as Record<string, unknown>).filter((e): e is [string, number] => typeof e[1] === "number"));
  return tally;
}

function hourTallies(doc: DocumentSnapshot): ClickTally[] {
  const day = text(doc, "day");
  return [...addHours(new Map(), doc.get("hours"))].map(([hour, counts]) => ({ kind: "hour", period: hourStart(day, hour), programId: text(doc, "programId"), counts }));
}

/** A query in the scope: as is for every program's; else once per 30 programs and once per 30 links (Firestore's `in` bound). */
function scoped(query: Query, scope: TallyScope): Query[] {
  if ("all" in scope) return [query];
  const queries: Query[] = [];
  for (let i = 0; i < scope.programIds.length; i += 30) queries.push(query.where("programId", "in", scope.programIds.slice(i, i + 30)));
  for (let i = 0; i < scope.linkIds.length; i += 30) queries.push(query.where("linkIds", "array-contains-any", scope.linkIds.slice(i, i + 30)));
  return queries;
}

/** Runs the queries in the transaction, each document once however many of them found it. */
async function uniqueDocs(tx: Transaction, queries: Query[]): Promise<DocumentSnapshot[]> {
  const byPath = new Map<string, DocumentSnapshot>();
  for (const snap of await Promise.all(queries.map((q) => tx.get(q)))) for (const doc of snap.docs) byPath.set(doc.ref.path, doc);
  return [...byPath.values()];
}

/**
 * The asked-for roll-ups and every unfolded counter in the scope, read in the caller's transaction: a
 * nightly fold moves visits from counters into roll-ups atomically, so reading both at one point in
 * time counts each visit exactly once.
 */
export async function readTallies(tx: Transaction, reads: AnalyticsReads, scope: TallyScope): Promise<ClickTally[]> {
  const days = db().collection(COLLECTIONS.clickDays);
  const months = db().collection(COLLECTIONS.clickMonths);
  const counters = db().collection(COLLECTIONS.clickCounters);
  const within = (q: Query, field: string, r: { from: string | null; to: string }) => (r.from ? q.where(field, ">=", r.from) : q).where(field, "<=", r.to);
  const hourDays = reads.hourDays ?? [];
  // every unfolded counter, whatever the window: they are few (the days since the last fold) and
  // all-time counts need them; with their hours when the window is counted in hours
  const [counterDocs, monthDocs, dayDocs, hourDayDocs] = await Promise.all([
    uniqueDocs(tx, scoped(counters.select(...DAY_FIELDS, ...(hourDays.length > 0 ? ["hours"] : [])), scope)),
    uniqueDocs(tx, reads.months.flatMap((r) => scoped(within(months, "month", r).select(...MONTH_FIELDS), scope))),
    uniqueDocs(tx, reads.days.flatMap((r) => scoped(within(days, "day", r).select(...DAY_FIELDS), scope))),
    hourDays.length > 0 ? uniqueDocs(tx, scoped(within(days, "day", { from: hourDays[0]!, to: hourDays.at(-1)! }).select(...HOUR_FIELDS), scope)) : [],
  ]);
  return [
    ...counterDocs.map((d) => tallyOf("counter", d)),
    ...monthDocs.map((d) => tallyOf("month", d)),
    ...dayDocs.map((d) => tallyOf("day", d)),
    ...[...counterDocs.filter((d) => hourDays.includes(text(d, "day"))), ...hourDayDocs].flatMap(hourTallies),
  ];
}

/** Every program, every link and the asked-for tallies, at one point in time (the admin's analytics). */
export function readAnalytics(reads: AnalyticsReads): Promise<AnalyticsSnapshot> {
  return readConsistently(async (tx: Transaction) => {
    const [programSnap, linkSnap, tallies] = await Promise.all([
      tx.get(db().collection(COLLECTIONS.programs).select("name", "distributionMode")),
      tx.get(db().collection(COLLECTIONS.links).select("programId", "email", "approved", "paused", "isDead", "visitCount")),
      readTallies(tx, reads, { all: true }),
    ]);
    // all-time visits: the links' folded counts plus every unfolded counter
    const unfolded = new Map<string, number>();
    for (const tally of tallies) if (tally.kind === "counter") for (const [id, n] of tally.counts.links) unfolded.set(id, (unfolded.get(id) ?? 0) + n);
    return {
      programs: programSnap.docs.map((d) => ({ id: d.id, name: text(d, "name"), distributionMode: d.get("distributionMode") === "balanced" ? "balanced" : "even" })),
      links: linkSnap.docs.map((d) => ({
        id: d.id,
        programId: String(d.get("programId")),
        email: String(d.get("email")),
        approved: d.get("approved") === true,
        paused: d.get("paused") === true,
        isDead: d.get("isDead") === true,
        visitCount: (typeof d.get("visitCount") === "number" ? (d.get("visitCount") as number) : 0) + (unfolded.get(d.id) ?? 0),
      })),
      tallies,
    };
  });
}
