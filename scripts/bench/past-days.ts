import { FieldValue, Timestamp } from "firebase-admin/firestore";
import { COLLECTIONS, db, dayRecordRef, monthRecordRef } from "../../functions/src/toolkit";

/** One past day of a program: visits per link. */
export interface PastDay {
  programId: string;
  day: string;
  links: Record<string, number>;
}

/**
 * Seeding and imports only: past days' visits written straight into the day and month roll-ups and
 * the links' stored counts, as nightly folds would have left them (each link's last click put at
 * 18:00 UTC of its day). Click records are not written: imported history keeps its records where it
 * came from. Not atomic (a BulkWriter, for volume), and it replaces the day and month roll-ups of the
 * months it touches, so run it against a store with no history in those months and no one else writing.
 */
export async function importPastDays(days: PastDay[]): Promise<void> {
  const writer = db().bulkWriter();
  const months = new Map<string, { programId: string; month: string; total: number; links: Record<string, number>; lastClickedAt: Record<string, Timestamp> }>();
  const perLink = new Map<string, number>();
  for (const { programId, day, links } of [...days].sort((a, b) => a.day.localeCompare(b.day))) {
    const at = Timestamp.fromDate(new Date(`${day}T18:00:00Z`));
    const lastClickedAt = Object.fromEntries(Object.keys(links).map((id) => [id, at]));
    const total = Object.values(links).reduce((a, b) => a + b, 0);
    void writer.set(dayRecordRef(programId, day), { programId, day, total, links, lastClickedAt });
    const key = `${programId}_${day.slice(0, 7)}`;
    const month = months.get(key) ?? { programId, month: day.slice(0, 7), total: 0, links: {}, lastClickedAt: {} };
    month.total += total;
    for (const [id, n] of Object.entries(links)) {
      month.links[id] = (month.links[id] ?? 0) + n;
      month.lastClickedAt[id] = at; // days go in date order: the latest wins
      perLink.set(id, (perLink.get(id) ?? 0) + n);
    }
    months.set(key, month);
  }
  for (const month of months.values()) void writer.set(monthRecordRef(month.programId, month.month), month);
  for (const [id, n] of perLink) void writer.update(db().collection(COLLECTIONS.links).doc(id), { visitCount: FieldValue.increment(n) });
  await writer.close();
}
