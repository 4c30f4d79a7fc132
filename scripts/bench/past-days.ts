import { FieldValue, Timestamp } from "firebase-admin/firestore";
import { COLLECTIONS, db, dayRecordRef, monthRecordRef } from "../../functions/src/toolkit";

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
 * Seeding and imports only: past days' visits written straight into the day and month roll-ups and
 * the links' stored counts, as nightly folds would have left them (each link's last click put at
 * 18:00 UTC of its day; each link in the rotation given an equal share of the day's visits). Click records are not written: imported history keeps its records where it
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
  for (const { programId, day, links, active: given, withHours } of [...days].sort((a, b) => a.day.localeCompare(b.day))) {
    const at = Timestamp.fromDate(new Date(`${day}T18:00:00Z`));
    const lastClickedAt = Object.fromEntries(Object.keys(links).map((id) => [id, at]));
    const total = Object.values(links).reduce((a, b) => a + b, 0);
    const active = given ?? Object.keys(links);
    const fair = Object.fromEntries(active.map((id) => [id, total / active.length]));
    void writer.set(dayRecordRef(programId, day), {
      programId,
      day,
      total,
      links,
      lastClickedAt,
      active,
      fair,
      ...(withHours ? { hours: spreadOverHours(links, active, at) } : {}),
    });
    const key = `${programId}_${day.slice(0, 7)}`;
    const month = months.get(key) ?? { programId, month: day.slice(0, 7), total: 0, links: {}, lastClickedAt: {}, fair: {} };
    month.total += total;
    for (const [id, n] of Object.entries(links)) {
      month.links[id] = (month.links[id] ?? 0) + n;
      month.lastClickedAt[id] = at; // days go in date order: the latest wins
      perLink.set(id, (perLink.get(id) ?? 0) + n);
    }
    for (const [id, share] of Object.entries(fair)) month.fair[id] = (month.fair[id] ?? 0) + share;
    months.set(key, month);
  }
  for (const month of months.values()) void writer.set(monthRecordRef(month.programId, month.month), month);
  for (const [id, n] of perLink) void writer.update(db().collection(COLLECTIONS.links).doc(id), { visitCount: FieldValue.increment(n) });
  await writer.close();
}

/** A day's visits per link spread over its 24 hours (the remainder in the first ones), every link in the rotation each hour. */
function spreadOverHours(links: Record<string, number>, active: string[], at: Timestamp) {
  const hours: Record<
    string,
    { total: number; links: Record<string, number>; active: string[]; lastClickedAt: Record<string, Timestamp> }
  > = {};
  for (let h = 0; h < 24; h++) {
    const counts: Record<string, number> = {};
    for (const [id, n] of Object.entries(links)) {
      const inHour = Math.floor(n / 24) + (h < n % 24 ? 1 : 0);
      if (inHour > 0) counts[id] = inHour;
    }
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    if (total > 0)
      hours[String(h).padStart(2, "0")] = {
        total,
        links: counts,
        active,
        lastClickedAt: Object.fromEntries(Object.keys(counts).map((id) => [id, at])),
      };
  }
  return hours;
}
