import type { DocumentSnapshot, Transaction } from "firebase-admin/firestore";
import { NOT_COUNTED_REASONS } from "@hub/contract/analytics";
import { db } from "../platform/db";
import { addHourReasons, addReasons, noReasons, type ReasonCounts } from "../visits/traffic-counts";
import { trafficCounters, trafficDayRef, trafficDays, trafficMonths } from "../visits/traffic-tallies.store";
import { hourStart, type DayRange } from "./analytics-window";
import { text, uniqueDocs, within } from "./roll-up-reads.store";

/**
 * What the traffic report reads: the not-counted tallies' unfolded shards and their day and month
 * roll-ups (visits/traffic-tallies.store.ts), never one document per request.
 */

/** One program's requests not counted, by reason, in one period, from one document. */
export interface TrafficTally {
  kind: "counter" | "day" | "month" | "hour";
  /** YYYY-MM-DD for a shard or a day, YYYY-MM for a month, the hour's ISO start for an hour (UTC). */
  period: string;
  programId: string;
  counts: ReasonCounts;
}

/** Which roll-ups to read: stretches of days and months (ends included; `from` null: from the first), and the days whose hours to read (24h). */
export interface TrafficReads {
  days: DayRange[];
  months: { from: string | null; to: string }[];
  hourDays: string[];
}

const tallyOf = (kind: "counter" | "day" | "month", doc: DocumentSnapshot): TrafficTally => ({
  kind,
  period: text(doc, kind === "month" ? "month" : "day"),
  programId: text(doc, "programId"),
  counts: addReasons(noReasons(), doc.data()),
});

const hourTallies = (doc: DocumentSnapshot): TrafficTally[] =>
  [...addHourReasons(new Map(), doc.get("hours"))].map(([hour, counts]) => ({
    kind: "hour",
    period: hourStart(text(doc, "day"), hour),
    programId: text(doc, "programId"),
    counts,
  }));

/**
 * Every program's asked-for roll-ups and every unfolded shard (few: the days since the last fold),
 * read at one point in time (a read-only transaction): the fold moves tallies from shards into
 * roll-ups atomically, so each request is read exactly once.
 */
export function readTrafficTallies(reads: TrafficReads): Promise<TrafficTally[]> {
  const { hourDays } = reads;
  return db().runTransaction(
    async (tx) => {
      const [shardDocs, dayDocs, monthDocs, hourDayDocs] = await Promise.all([
        uniqueDocs(tx, [trafficCounters().select("programId", "day", ...NOT_COUNTED_REASONS, ...(hourDays.length > 0 ? ["hours"] : []))]),
        uniqueDocs(
          tx,
          reads.days.map((r) => within(trafficDays(), "day", r).select("programId", "day", ...NOT_COUNTED_REASONS)),
        ),
        uniqueDocs(
          tx,
          reads.months.map((r) => within(trafficMonths(), "month", r).select("programId", "month", ...NOT_COUNTED_REASONS)),
        ),
        hourDays.length > 0
          ? uniqueDocs(tx, [within(trafficDays(), "day", { from: hourDays[0]!, to: hourDays.at(-1)! }).select("programId", "day", "hours")])
          : [],
      ]);
      return [
        ...shardDocs.map((d) => tallyOf("counter", d)),
        ...dayDocs.map((d) => tallyOf("day", d)),
        ...monthDocs.map((d) => tallyOf("month", d)),
        ...[...shardDocs.filter((d) => hourDays.includes(text(d, "day"))), ...hourDayDocs].flatMap(hourTallies),
      ];
    },
    { readOnly: true },
  );
}

/** Every unfolded shard, in the caller's transaction (with `hours`: also each one's hours, for 24h). */
export async function readTrafficShardsIn(tx: Transaction, hours: boolean): Promise<TrafficTally[]> {
  const docs = await uniqueDocs(tx, [trafficCounters().select("programId", "day", ...NOT_COUNTED_REASONS, ...(hours ? ["hours"] : []))]);
  return [...docs.map((d) => tallyOf("counter", d)), ...(hours ? docs.flatMap(hourTallies) : [])];
}

/**
 * One program's roll-ups, in the caller's transaction: these days (by id; with their hours for those
 * in `hourDays`) and every month it has (a dozen a year, by the program's single-field index).
 */
export async function readProgramTrafficIn(
  tx: Transaction,
  programId: string,
  days: readonly string[],
  hourDays: readonly string[],
): Promise<TrafficTally[]> {
  const refs = [...new Set([...days, ...hourDays])].map((day) => trafficDayRef(programId, day));
  const [dayDocs, monthDocs] = await Promise.all([
    refs.length > 0 ? tx.getAll(...refs, { fieldMask: ["programId", "day", ...NOT_COUNTED_REASONS, "hours"] }) : [],
    tx.get(
      trafficMonths()
        .where("programId", "==", programId)
        .select("programId", "month", ...NOT_COUNTED_REASONS),
    ),
  ]);
  const found = dayDocs.filter((d) => d.exists);
  return [
    ...found.filter((d) => days.includes(text(d, "day"))).map((d) => tallyOf("day", d)),
    ...monthDocs.docs.map((d) => tallyOf("month", d)),
    ...found.filter((d) => hourDays.includes(text(d, "day"))).flatMap(hourTallies),
  ];
}
