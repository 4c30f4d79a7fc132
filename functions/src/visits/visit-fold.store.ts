import type { Transaction } from "firebase-admin/firestore";
import { logger } from "firebase-functions";
import { db } from "../platform/db";
import {
  counters,
  dayRecordRef,
  hourRecordRef,
  monthRecordRef,
  readRotationSets,
  rollupVersionRaise,
  rollupVersionRef,
} from "./visits.store";
import {
  addHours,
  addPeriod,
  dayRollup,
  emptyPeriod,
  fairSharesOf,
  hourRollup,
  storedPeriod,
  storedShares,
  withoutLinks,
  type PeriodCounts,
} from "./period-counts";
import { schedulePurgeIn, startPurge } from "./click-purges.store";
import { foldFinishedDaysOf } from "./finished-days.store";

/*
 * The nightly fold of the rotation's visit counters (visits.store.ts explains them): each
 * finished day's shards rolled up into click_days, click_hours, click_months and the links' visitCount.
 */

/**
 * The links' side of a fold, in its transaction (links/link-visits.store linkVisitsIn: link documents
 * are written in links/ only): which of these links exist, read before any write, and the writer of
 * their visit counts.
 */
export type LinkVisitsIn = (
  tx: Transaction,
  ids: string[],
) => Promise<{ existing: ReadonlySet<string>; addVisits: (visits: ReadonlyMap<string, number>) => void }>;

/**
 * The catalog's side of a fold, in its transaction (catalog/programs.store programExistsIn: programs
 * are read in catalog/ only): whether the program still exists, read before any write.
 */
export type ProgramExistsIn = (tx: Transaction, programId: string) => Promise<boolean>;

/** What the fold is handed by its caller (index.ts, toolkit.ts): the sides of the capabilities above visits/. */
export interface FoldSides {
  linkVisits: LinkVisitsIn;
  programExists: ProgramExistsIn;
}

export interface FoldResult {
  programId: string;
  day: string;
  visits: number;
  shards: number;
  /** Links counted that day that no longer exist: visits recorded while the rotation had not yet seen the deletion. */
  deletedLinkIds: string[];
  /** The purge of those links' late click records, recorded with the fold (click-purges.store.ts); null when none. */
  purgeId: string | null;
}

/**
 * Rolls one program's finished day up, all or nothing: adds its shards into click_days, click_hours and
 * the month's click_months (merging with an earlier fold of the same day, should a late write have
 * made a new shard; the month record is the sum of its day records by construction) and into each
 * existing link's `visitCount`, then deletes the shards. The day record keeps the day's counts, its
 * rotation set ids and each link's fair share (the day's visits divided equally among the day's links
 * in the rotation), so fair shares are read from roll-ups, never recomputed from clicks, and stay as
 * served whatever later happens to the links; the month record the sum of those shares. The hours
 * (what `24h` reads while the day is that recent) go into one click_hours document per hour, so that
 * the views of 30 days and more read small day documents. A deleted link's visits stay in the day's
 * history only; of a deleted program, only the visits of links that still exist (moved by a merge)
 * are kept. A day record folded before click_hours existed holds its hours itself (`hours`) and its
 * links in the rotation one by one (`active`): a new fold of that day moves the hours out and keeps
 * the list (readers take both forms).
 */
export async function foldDay(programId: string, day: string, { linkVisits, programExists }: FoldSides): Promise<FoldResult> {
  return db().runTransaction(async (tx) => {
    const shards = await tx.get(counters().where("programId", "==", programId).where("day", "==", day));
    if (shards.empty) return { programId, day, visits: 0, shards: 0, deletedLinkIds: [], purgeId: null };
    const folded = emptyPeriod();
    const hours = new Map<string, PeriodCounts>();
    for (const shard of shards.docs) {
      addPeriod(folded, shard.data());
      addHours(hours, shard.get("hours"));
    }
    const linkIds = [...folded.links.keys()];
    const month = day.slice(0, 7);
    const [programFound, [record, monthRecord], links] = await Promise.all([
      programExists(tx, programId),
      tx.getAll(dayRecordRef(programId, day), monthRecordRef(programId, month)),
      linkVisits(tx, linkIds),
    ]);
    const deletedLinkIds = linkIds.filter((id) => !links.existing.has(id));
    // A program merged away leaves counters whose links live on elsewhere: their visits are folded all
    // the same (analytics files them under each link's program now). A deleted program's links are gone.
    if (!programFound) {
      withoutLinks(folded, deletedLinkIds);
      for (const hour of hours.values()) withoutLinks(hour, deletedLinkIds);
    }
    const visits = folded.total;
    if (visits > 0) {
      const after = addPeriod(addPeriod(emptyPeriod(), record!.data()), storedPeriod(folded));
      // the hours of an earlier fold of this day (a late shard's): in click_hours, or in the day record when folded before those existed
      const afterHours = addHours(new Map(), record!.get("hours"));
      const hourKeys = [...new Set([...hours.keys(), ...afterHours.keys()])].sort();
      const [rotationSets, earlierHours] = await Promise.all([
        // outside the transaction: sets never change, and a lock on one would hold up a visit writing it
        readRotationSets(after.sets),
        hourKeys.length > 0 ? tx.getAll(...hourKeys.map((hour) => hourRecordRef(programId, day, hour))) : [],
      ]);
      earlierHours.forEach((doc, i) => addHours(afterHours, { [hourKeys[i]!]: doc.data() }));
      for (const [hour, counts] of hours) addHours(afterHours, { [hour]: storedPeriod(counts) });
      const missing = [...after.sets].filter((id) => !rotationSets.has(id));
      if (missing.length > 0) logger.warn("rotation sets not found: their links get no fair share", { programId, day, missing });
      const fair = fairSharesOf(after, rotationSets);
      tx.set(dayRecordRef(programId, day), dayRollup(programId, day, after, fair));
      for (const [hour, counts] of afterHours) tx.set(hourRecordRef(programId, day, hour), hourRollup(programId, day, hour, counts));
      // the month is the sum of its days: this fold's visits, and the change it made to the day's fair shares
      const monthly = addPeriod(emptyPeriod(), monthRecord!.data());
      addPeriod(monthly, { ...storedPeriod(folded), sets: [], active: [] });
      const monthFair = sharesPlus(monthRecord!.get("fair"), fair, storedShares(record!.get("fair")));
      tx.set(monthRecordRef(programId, month), {
        programId,
        month,
        total: monthly.total,
        links: Object.fromEntries(monthly.links),
        lastClickedAt: Object.fromEntries(monthly.lastClickedAt),
        fair: Object.fromEntries(monthFair),
      });
      // with the roll-ups: sums kept from them (analytics' click windows) see they are out of date
      tx.set(rollupVersionRef(programId), rollupVersionRaise(programId), { merge: true });
    }
    links.addVisits(folded.links);
    shards.docs.forEach((shard) => tx.delete(shard.ref));
    // with the fold, so that folding their counters away can never lose track of these clicks
    const purgeId = schedulePurgeIn(tx, deletedLinkIds, "fold");
    return { programId, day, visits, shards: shards.size, deletedLinkIds, purgeId };
  });
}

/** A month's stored fair shares, plus one day's new shares, less what that day had before. */
function sharesPlus(stored: unknown, added: Map<string, number>, replaced: Map<string, number>): Map<string, number> {
  const sum = storedShares(stored);
  for (const [id, n] of added) sum.set(id, (sum.get(id) ?? 0) + n);
  for (const [id, n] of replaced) sum.set(id, (sum.get(id) ?? 0) - n);
  return sum;
}

/**
 * Folds every day that ended before `now` minus a margin (a visit is stamped when it arrives and
 * written within the function's timeout, so by then no write for that day is still on its way; one
 * that comes later anyway makes a new shard, folded next time). Days of different programs are
 * folded one transaction each; one that fails is logged and left for the next run, the rest go on.
 * Clicks of links deleted before their visits were written are purged from here (the rotation may send
 * visitors to a deleted link for the couple of seconds its instances take to see the deletion), in
 * the background like every purge (click-purges.store.ts).
 */
export const foldFinishedDays = (now: Date, sides: FoldSides, marginMs = 30 * 60_000): Promise<FoldResult[]> =>
  foldFinishedDaysOf(counters(), "visit", now, marginMs, async (programId, day) => {
    const folded = await foldDay(programId, day, sides);
    await startPurge(folded.purgeId);
    return folded;
  });
