import { type DocumentReference, type DocumentSnapshot, type Query, type Transaction } from "firebase-admin/firestore";
import { programFactsByIdIn, programFactsIn, type ProgramFacts } from "../catalog/program-facts.store";
import {
  countedLinkFactsIn,
  linkFactsByIds,
  linkFactsIn,
  ownLinkHistory,
  programLinkFactsIn,
  type CountedLinkFacts,
  type LinkFacts,
} from "../links/link-facts.store";
import { COLLECTIONS, db } from "../platform/db";
import { dayRecordRef, hourRecordRef, monthRecordRef, readConsistently } from "../visits/visits.store";
import { addHours, addPeriod, emptyPeriod, storedShares, type PeriodCounts } from "../visits/period-counts";
import { daysOfRange, hourStart } from "./analytics-window";
import { text, uniqueDocs, within } from "./roll-up-reads.store";

/**
 * What analytics reads: the roll-ups the rotation's counters become (see visits.store), never the click
 * records themselves, so its cost follows links × days asked for, not the number of clicks.
 */

/**
 * One program's visits in one period, from one document: a day's roll-up (click_days), a not yet
 * folded counter shard, a month's roll-up, or one hour of a counter or of an hour roll-up
 * (click_hours; in a day roll-up folded before those existed, one of its `hours`).
 */
export interface ClickTally {
  kind: "day" | "counter" | "month" | "hour";
  /** YYYY-MM-DD for a day or counter, YYYY-MM for a month, the hour's ISO start for an hour (UTC). */
  period: string;
  /** The program that served these visits (the roll-up's, not necessarily the links' program now). */
  programId: string;
  counts: PeriodCounts;
  /**
   * Fair shares as the fold stored them: a month's (the sum of its days') and a day roll-up's. A
   * counter's or an hour's are computed from `counts` and the rotation sets they name.
   */
  storedFair?: Map<string, number>;
}

/** A link as analytics reads it (links/link-facts.store): `visitCount` is all-time, the stored count plus what the unfolded counters hold. */
export type AnalyticsLink = Omit<LinkFacts, "pastProgramIds">;

/** A program as analytics reads it (catalog/program-facts.store, the programs' owner). */
export type AnalyticsProgram = ProgramFacts;

export interface AnalyticsSnapshot {
  programs: AnalyticsProgram[];
  links: AnalyticsLink[];
  tallies: ClickTally[];
}

/**
 * Which roll-ups to read: stretches of UTC days (YYYY-MM-DD) and months (YYYY-MM, `from` null: from
 * the first), ends included; and for 24h, its hours (ISO starts: from hour roll-ups), the days they
 * fall on (`hourDays`: from counters) and those of them before today (`foldedHourDays`: from day
 * roll-ups folded before hour roll-ups existed).
 */
export interface AnalyticsReads {
  /** "clicks": only the links' counts, for the dashboard's sums (no last-click times, rotation sets or fair shares); "shares": the counts and fair shares. */
  detail?: RollupDetail;
  days: { from: string; to: string }[];
  months: { from: string | null; to: string }[];
  hours?: string[];
  hourDays?: string[];
  foldedHourDays?: string[];
}

/** Who was in the rotation: set ids, and, in data written before sets were, the links one by one. */
const ROTATION_FIELDS = ["sets", "active"] as const;
const COUNTER_FIELDS = ["programId", "day", "total", "links", "lastClickedAt", ...ROTATION_FIELDS] as const;
const DAY_FIELDS = [...COUNTER_FIELDS, "fair"] as const;
const MONTH_FIELDS = ["programId", "month", "total", "links", "lastClickedAt", "fair"] as const;
const HOUR_FIELDS = ["programId", "start", "total", "links", "lastClickedAt", ...ROTATION_FIELDS] as const;
/**
 * The same roll-ups when only the counts are summed (the dashboard's answers): the link maps of last-click
 * times, rotation sets and fair shares are as large as the counts themselves, and need not be sent.
 */
const COUNT_FIELDS = {
  counter: ["programId", "day", "total", "links"],
  day: ["programId", "day", "total", "links"],
  month: ["programId", "month", "total", "links"],
  hour: ["programId", "start", "total", "links"],
} as const;
/** The counts with what fair shares are worked out from (rotation sets, stored shares): the fairness report's, without last-click times. */
const SHARE_FIELDS = {
  counter: [...COUNT_FIELDS.counter, ...ROTATION_FIELDS],
  day: [...COUNT_FIELDS.day, ...ROTATION_FIELDS, "fair"],
  month: [...COUNT_FIELDS.month, "fair"],
  hour: [...COUNT_FIELDS.hour, ...ROTATION_FIELDS],
} as const;
/** How much of the roll-ups an answer reads: "clicks" the counts only, "shares" the counts and fair shares; by default everything (the click records). */
export type RollupDetail = "clicks" | "shares";
const FIELDS_BY_DETAIL = {
  clicks: COUNT_FIELDS,
  shares: SHARE_FIELDS,
  all: { counter: COUNTER_FIELDS, day: DAY_FIELDS, month: MONTH_FIELDS, hour: HOUR_FIELDS },
} as const;
const fieldsOf = (detail: RollupDetail | undefined) => FIELDS_BY_DETAIL[detail ?? "all"];

/** The hours of a day roll-up folded before click_hours existed (a new fold moves them out). */
const LEGACY_HOUR_FIELDS = ["programId", "day", "hours"] as const;

function tallyOf(kind: "day" | "counter" | "month", doc: DocumentSnapshot): ClickTally {
  const period = text(doc, kind === "month" ? "month" : "day");
  const tally: ClickTally = { kind, period, programId: text(doc, "programId"), counts: addPeriod(emptyPeriod(), doc.data()) };
  // a day roll-up without `fair` (folded before fair shares were) has none: its counts name no rotation either
  if (kind === "month" || (kind === "day" && doc.get("fair") !== undefined)) tally.storedFair = storedShares(doc.get("fair"));
  return tally;
}

/** An hour roll-up (click_hours). */
const hourRecordTally = (doc: DocumentSnapshot): ClickTally => ({
  kind: "hour",
  period: text(doc, "start"),
  programId: text(doc, "programId"),
  counts: addPeriod(emptyPeriod(), doc.data()),
});

/** The hours of a counter, or of a day roll-up folded before click_hours existed. */
function hourTallies(doc: DocumentSnapshot): ClickTally[] {
  const day = text(doc, "day");
  return [...addHours(new Map(), doc.get("hours"))].map(([hour, counts]) => ({
    kind: "hour",
    period: hourStart(day, hour),
    programId: text(doc, "programId"),
    counts,
  }));
}

/**
 * Every unfolded counter and every program's asked-for month and hour roll-ups, read in the caller's
 * transaction: a nightly fold moves visits from counters into roll-ups atomically, so reading both at
 * one point in time counts each visit exactly once. (Day roll-ups are read by id: programDayTallies.)
 */
async function readTallies(tx: Transaction, reads: AnalyticsReads): Promise<ClickTally[]> {
  const months = db().collection(COLLECTIONS.clickMonths);
  const counters = db().collection(COLLECTIONS.clickCounters);
  const hourRecords = db().collection(COLLECTIONS.clickHours);
  const hours = reads.hours ?? [];
  const hourDays = reads.hourDays ?? [];
  const fields = fieldsOf(reads.detail);
  // every unfolded counter, whatever the window: they are few (the days since the last fold) and
  // all-time counts need them; with their hours when the window is counted in hours
  const [counterDocs, monthDocs, hourDocs] = await Promise.all([
    uniqueDocs(tx, [counters.select(...fields.counter, ...(hourDays.length > 0 ? ["hours"] : []))]),
    uniqueDocs(
      tx,
      reads.months.map((r) => within(months, "month", r).select(...fields.month)),
    ),
    hours.length > 0 ? uniqueDocs(tx, [within(hourRecords, "start", { from: hours[0]!, to: hours.at(-1)! }).select(...fields.hour)]) : [],
  ]);
  return talliesOf({ counterDocs, monthDocs, hourDocs }, hourDays);
}

/**
 * These programs' day roll-ups of these days, read by id (a roll-up's id is its program and day): the
 * cost follows programs × days asked for, whatever the length of the history (a query on `day`
 * costs, in the emulator, a pass over every day roll-up kept); and the hours kept in those folded
 * before click_hours existed, of `legacyHourDays`.
 */
async function programDayTallies(
  tx: Transaction,
  programIds: readonly string[],
  days: readonly string[],
  legacyHourDays: readonly string[],
  detail?: RollupDetail,
): Promise<ClickTally[]> {
  const [dayDocs, legacyHours] = await Promise.all([
    existing(
      tx,
      programIds.flatMap((p) => days.map((d) => dayRecordRef(p, d))),
      fieldsOf(detail).day,
    ),
    legacyHourTallies(tx, programIds, legacyHourDays),
  ]);
  return [...dayDocs.map((d) => tallyOf("day", d)), ...legacyHours];
}

/**
 * The hours kept in day roll-ups folded before click_hours existed, of these programs and days, by id.
 * Such a day can be in a `24h` window for one day after the change; a fold since then keeps no
 * `hours` in day roll-ups, and finds none.
 */
async function legacyHourTallies(tx: Transaction, programIds: readonly string[], days: readonly string[]): Promise<ClickTally[]> {
  const docs = await existing(
    tx,
    programIds.flatMap((p) => days.map((d) => dayRecordRef(p, d))),
    LEGACY_HOUR_FIELDS,
  );
  return docs.flatMap(hourTallies);
}

/** The tallies of the documents read: the counters' hours only for the days counted in hours. */
function talliesOf(docs: Record<"counterDocs" | "monthDocs" | "hourDocs", DocumentSnapshot[]>, hourDays: readonly string[]): ClickTally[] {
  return [
    ...docs.counterDocs.map((d) => tallyOf("counter", d)),
    ...docs.monthDocs.map((d) => tallyOf("month", d)),
    ...docs.hourDocs.map(hourRecordTally),
    ...docs.counterDocs.filter((d) => hourDays.includes(text(d, "day"))).flatMap(hourTallies),
  ];
}

/**
 * Which roll-ups of some programs to read by id: days (YYYY-MM-DD), months (YYYY-MM), and for 24h its
 * hours (ISO starts) and days whose hour roll-ups to read (`hours`, `foldedHourDays`: those of days
 * before today, the only ones folded) and the days whose counters' hours to read (`hourDays`).
 */
export interface ProgramReads {
  /** As in AnalyticsReads. */
  detail?: RollupDetail;
  days: string[];
  months: string[];
  hours: string[];
  hourDays: string[];
  foldedHourDays: string[];
}

/** Reads documents by id in slices (one request each), keeping those that exist. */
async function existing(tx: Transaction, refs: DocumentReference[], fieldMask: readonly string[]): Promise<DocumentSnapshot[]> {
  const found: DocumentSnapshot[] = [];
  for (let i = 0; i < refs.length; i += 300) {
    const slice = refs.slice(i, i + 300);
    if (slice.length > 0) found.push(...(await tx.getAll(...slice, { fieldMask: [...fieldMask] })).filter((d) => d.exists));
  }
  return found;
}

/**
 * Some programs' roll-ups for the asked-for days and months, read by their ids (a roll-up's id is its
 * program and period), and the programs' unfolded counters: what one member's view needs, at the
 * cost of the documents it names, whatever the size of the store.
 */
export async function readProgramTallies(
  tx: Transaction,
  programIds: string[],
  reads: ProgramReads,
  { counters = true }: { counters?: boolean } = {},
): Promise<ClickTally[]> {
  const counterQueries: Query[] = [];
  for (let i = 0; counters && i < programIds.length; i += 30)
    counterQueries.push(
      db()
        .collection(COLLECTIONS.clickCounters)
        .where("programId", "in", programIds.slice(i, i + 30)),
    );
  const fields = fieldsOf(reads.detail);
  const [counterDocs, dayTallies, monthDocs, hourDocs] = await Promise.all([
    uniqueDocs(
      tx,
      counterQueries.map((q) => q.select(...fields.counter, ...(reads.hourDays.length > 0 ? ["hours"] : []))),
    ),
    programDayTallies(tx, programIds, reads.days, reads.foldedHourDays, reads.detail),
    existing(
      tx,
      programIds.flatMap((p) => reads.months.map((m) => monthRecordRef(p, m))),
      fields.month,
    ),
    existing(
      tx,
      programIds.flatMap((p) => reads.hours.map((h) => hourRecordRef(p, h.slice(0, 10), h.slice(11, 13)))),
      fields.hour,
    ),
  ]);
  return [...talliesOf({ counterDocs, monthDocs, hourDocs }, reads.hourDays), ...dayTallies];
}

/** A member's links, as their view needs them: where each is and was (links/, their owner). */
export const readOwnLinks = ownLinkHistory;

/** The programs whose roll-ups hold these links' history: `programIds` and every one the links were in before (a move, a merge). */
export function programsHoldingHistory(programIds: Iterable<string>, links: readonly { pastProgramIds: readonly string[] }[]): string[] {
  const held = new Set(programIds);
  for (const link of links) for (const id of link.pastProgramIds) held.add(id);
  return [...held];
}

/** The counters' fields the dashboard's sums read (as the "clicks" detail). */
export const COUNTER_COUNT_FIELDS = COUNT_FIELDS.counter;
/** The counters' fields fair shares are worked out from (as the "shares" detail). */
export const COUNTER_SHARE_FIELDS = SHARE_FIELDS.counter;
/** A counter's tally for its day, and, with `hours`, one per hour of it (its `hours` read too). */
export const counterTalliesOf = (doc: DocumentSnapshot, hours: boolean): ClickTally[] => [
  tallyOf("counter", doc),
  ...(hours ? hourTallies(doc) : []),
];

/** A link as analytics reads it; `unfolded`: its visits in counters not yet folded into `visitCount`. */
const linkOf = ({ pastProgramIds: _, ...link }: LinkFacts, unfolded = 0): AnalyticsLink => ({
  ...link,
  visitCount: link.visitCount + unfolded,
});

/** Every link's counted facts (links/link-facts.store), in the caller's transaction; all-time visits include what these unfolded counters hold. */
export async function readCountedLinksIn(tx: Transaction, pendingCounters: Promise<readonly ClickTally[]>): Promise<CountedLinkFacts[]> {
  const [links, counters] = await Promise.all([countedLinkFactsIn(tx), pendingCounters]);
  const unfolded = unfoldedVisits(counters);
  return links.map((l) => ({ ...l, visitCount: l.visitCount + (unfolded.get(l.id) ?? 0) }));
}

/** These links, by id (those that exist): the owners of links a program's roll-ups name that have moved on. */
export async function readLinksByIds(ids: readonly string[]): Promise<AnalyticsLink[]> {
  return (await linkFactsByIds(ids)).map((l) => linkOf(l));
}

/** Each link's visits in the unfolded counters among these tallies. */
function unfoldedVisits(tallies: readonly ClickTally[]): Map<string, number> {
  const unfolded = new Map<string, number>();
  for (const tally of tallies)
    if (tally.kind === "counter") for (const [id, n] of tally.counts.links) unfolded.set(id, (unfolded.get(id) ?? 0) + n);
  return unfolded;
}

/** Every program, every link and the asked-for tallies, at one point in time (the admin's analytics). */
export function readAnalytics(reads: AnalyticsReads): Promise<AnalyticsSnapshot> {
  return readConsistently(async (tx: Transaction) => {
    const [programs, links, tallies] = await Promise.all([programFactsIn(tx), linkFactsIn(tx), readTallies(tx, reads)]);
    // the programs whose roll-ups the window may hold: those that exist, and those links were in
    // (merged away: their links took their history along). A deleted program's links are gone.
    const programIds = programsHoldingHistory(
      programs.map((p) => p.id),
      links,
    );
    const days = [...new Set(reads.days.flatMap(daysOfRange))];
    tallies.push(...(await programDayTallies(tx, programIds, days, reads.foldedHourDays ?? [], reads.detail)));
    // all-time visits: the links' folded counts plus every unfolded counter
    const unfolded = unfoldedVisits(tallies);
    return {
      programs,
      links: links.map((l) => linkOf(l, unfolded.get(l.id) ?? 0)),
      tallies,
    };
  });
}

/**
 * The first month any of these programs has a month roll-up of (a dozen a year each, read by one query
 * per 30 programs): where all time begins for them. Null: none.
 */
export async function earliestMonthIn(tx: Transaction, programIds: readonly string[]): Promise<string | null> {
  const monthQueries: Query[] = [];
  for (let i = 0; i < programIds.length; i += 30)
    monthQueries.push(
      db()
        .collection(COLLECTIONS.clickMonths)
        .where("programId", "in", programIds.slice(i, i + 30))
        .select("month"),
    );
  const months = (await uniqueDocs(tx, monthQueries)).map((d) => text(d, "month")).filter((m) => /^\d{4}-\d{2}$/.test(m));
  return months.sort()[0] ?? null;
}

/** A link of one program's page: what the Programs tab shows of it besides its clicks. */
export interface ProgramPageLink extends AnalyticsLink {
  name: string;
  createdAt: string;
  /** Its owner is blocked or without an active subscription, as kept on the link (links/link-counts.store). */
  ownerHeldBack: boolean;
}

/**
 * One program, the links in it now, and the roll-ups of it and of the programs its links were in before
 * (a moved link and a merged program take their history along), read by id at one point in time: the
 * cost follows this program's links and the days asked for, not the size of the store. `readsOf` names
 * the roll-ups, given the links and the first month any of those programs has a month roll-up of (null:
 * none; all time starts there, whenever the links were made: history can be imported). `countsKept`: the
 * program has been counted, so its links' `ownerHeldBack` is kept (links/link-counts.store). Null: no such program.
 */
export function readProgramPage(
  programId: string,
  readsOf: (links: readonly ProgramPageLink[], earliestMonth: string | null) => ProgramReads,
): Promise<{ program: AnalyticsProgram; countsKept: boolean; links: ProgramPageLink[]; tallies: ClickTally[] } | null> {
  return readConsistently(async (tx: Transaction) => {
    const [found, pageLinks] = await Promise.all([programFactsByIdIn(tx, programId), programLinkFactsIn(tx, programId)]);
    if (found === null) return null;
    const ids = programsHoldingHistory([programId], pageLinks);
    const links = pageLinks.map(({ pastProgramIds: _, ...link }) => link);
    const tallies = await readProgramTallies(tx, ids, readsOf(links, await earliestMonthIn(tx, ids)));
    return { program: found.program, countsKept: found.countsKept, links, tallies };
  });
}
