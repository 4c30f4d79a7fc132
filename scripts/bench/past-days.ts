import { Timestamp } from "firebase-admin/firestore";
import {
  dayRecordRef,
  dayRollup,
  db,
  emptyPeriod,
  hourRecordRef,
  hourRollup,
  linkVisitsIn,
  monthRecordRef,
  rollupVersionRaise,
  rollupVersionRef,
  rotationSetOf,
  rotationSetRef,
  storedSet,
} from "../../functions/src/toolkit";

/** One past day of a program: visits per link, and the links in its rotation (default: those counted). */
export interface PastDay {
  programId: string;
  day: string;
  links: Record<string, number>;
  active?: string[];
  /** Also keep the day's hours (what 24h reads while the day is that recent): its visits spread over them. */
  withHours?: boolean;
}

/**
 * Seeding and imports only: past days' visits written straight into the day, hour and month roll-ups
 * and the links' stored counts, as nightly folds would have left them (each link's last click put at
 * 18:00 UTC of its day; each link in the rotation given an equal share of the day's visits; the
 * rotation stored once per distinct set, in rotation_sets). Click records are not written: imported history keeps its records where it
 * came from. Not atomic (a BulkWriter, for volume), and it replaces the day and month roll-ups of the
 * months it touches, so run it against a store with no history in those months and no one else writing.
 */
export async function importPastDays(days: PastDay[]): Promise<void> {
  const writer = db().bulkWriter();
  type Month = {
    programId: string;
    month: string;
    total: number;
    links: Record<string, number>;
    lastClickedAt: Record<string, Timestamp>;
    fair: Record<string, number>;
  };
  const months = new Map<string, Month>();
  const perLink = new Map<string, number>();
  const sets = new Map<string, ReturnType<typeof rotationSetOf>>();
  for (const { programId, day, links, active: given, withHours } of [...days].sort((a, b) => a.day.localeCompare(b.day))) {
    const at = Timestamp.fromDate(new Date(`${day}T18:00:00Z`));
    const total = Object.values(links).reduce((a, b) => a + b, 0);
    const active = given ?? Object.keys(links);
    const set = rotationSetOf(programId, active);
    sets.set(set.id, set);
    const fair = new Map(active.map((id) => [id, total / active.length]));
    const counts = {
      ...emptyPeriod(),
      total,
      links: new Map(Object.entries(links)),
      lastClickedAt: new Map(Object.keys(links).map((id) => [id, at.toDate()])),
      sets: new Set([set.id]),
    };
    void writer.set(dayRecordRef(programId, day), dayRollup(programId, day, counts, fair));
    if (withHours)
      for (const [hour, inHour] of spreadOverHours(links, set.id, at))
        void writer.set(hourRecordRef(programId, day, hour), hourRollup(programId, day, hour, inHour));
    const key = `${programId}_${day.slice(0, 7)}`;
    const month = months.get(key) ?? { programId, month: day.slice(0, 7), total: 0, links: {}, lastClickedAt: {}, fair: {} };
    month.total += total;
    for (const [id, n] of Object.entries(links)) {
      month.links[id] = (month.links[id] ?? 0) + n;
      month.lastClickedAt[id] = at; // days go in date order: the latest wins
      perLink.set(id, (perLink.get(id) ?? 0) + n);
    }
    for (const [id, share] of fair) month.fair[id] = (month.fair[id] ?? 0) + share;
    months.set(key, month);
  }
  for (const set of sets.values()) void writer.set(rotationSetRef(set.id), storedSet(set));
  for (const month of months.values()) void writer.set(monthRecordRef(month.programId, month.month), month);
  // as the fold does: what was summed from these programs' roll-ups before is out of date
  for (const programId of new Set([...months.values()].map((m) => m.programId)))
    void writer.set(rollupVersionRef(programId), rollupVersionRaise(programId), { merge: true });
  await writer.close();
  // the links' visit counts, as the fold adds them (through links/, in transactions of up to 400 links)
  const ids = [...perLink.keys()];
  for (let i = 0; i < ids.length; i += 400)
    await db().runTransaction(async (tx) => (await linkVisitsIn(tx, ids.slice(i, i + 400))).addVisits(perLink));
}

/** A day's visits per link spread over its 24 hours (the remainder in the first ones), the day's rotation set in each hour. */
function spreadOverHours(links: Record<string, number>, setId: string, at: Timestamp) {
  const hours = new Map<string, ReturnType<typeof emptyPeriod>>();
  for (let h = 0; h < 24; h++) {
    const counts = new Map<string, number>();
    for (const [id, n] of Object.entries(links)) {
      const inHour = Math.floor(n / 24) + (h < n % 24 ? 1 : 0);
      if (inHour > 0) counts.set(id, inHour);
    }
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    if (total > 0)
      hours.set(String(h).padStart(2, "0"), {
        ...emptyPeriod(),
        total,
        links: counts,
        lastClickedAt: new Map([...counts.keys()].map((id) => [id, at.toDate()])),
        sets: new Set([setId]),
      });
  }
  return hours;
}
