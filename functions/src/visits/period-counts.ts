/**
 * One program's counted visits in one period (a UTC day or hour), as the rotation's counter shards and
 * their roll-ups keep them (visits.store.ts): the total, visits per link, each link's last visit, and
 * who was in the rotation at some counted visit of the period: the ids of the rotation sets recorded
 * (`sets`, each a rotation_sets document) and, in counters and roll-ups written before sets were, the
 * links themselves (`active`). Shards and roll-ups of the same period add up field by field; fair
 * shares are computed from the sum, never per shard.
 */
export interface PeriodCounts {
  total: number;
  links: Map<string, number>;
  lastClickedAt: Map<string, Date>;
  /** Rotation set ids (rotation_sets): the links in the rotation, stored once per set. */
  sets: Set<string>;
  /** Links in the rotation listed one by one: only in data written before rotation sets. */
  active: Set<string>;
}

export const emptyPeriod = (): PeriodCounts => ({
  total: 0,
  links: new Map(),
  lastClickedAt: new Map(),
  sets: new Set(),
  active: new Set(),
});

/** One rotation set as read from rotation_sets: its links, and their weights when not every one is 1. */
export interface RotationSetLinks {
  linkIds: readonly string[];
  /** By link id; a link not named (and every link of a set stored without weights) has weight 1. */
  weights?: Readonly<Record<string, number>>;
}

/** Rotation sets by set id, as read from rotation_sets. */
export type RotationSets = ReadonlyMap<string, RotationSetLinks>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A stored time as Firestore gives it back (a Timestamp) or as written (a Date); else null. */
function dateOf(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (isRecord(value) && typeof value.toDate === "function") return (value.toDate as () => Date)();
  return null;
}

/** Adds the stored fields of a counter, a roll-up or one of their `hours` entries into `into`. */
export function addPeriod(into: PeriodCounts, stored: unknown): PeriodCounts {
  if (!isRecord(stored)) return into;
  if (typeof stored.total === "number") into.total += stored.total;
  if (isRecord(stored.links))
    for (const [id, n] of Object.entries(stored.links)) if (typeof n === "number") into.links.set(id, (into.links.get(id) ?? 0) + n);
  if (isRecord(stored.lastClickedAt)) {
    for (const [id, value] of Object.entries(stored.lastClickedAt)) {
      const at = dateOf(value);
      const known = into.lastClickedAt.get(id);
      if (at && (!known || at > known)) into.lastClickedAt.set(id, at);
    }
  }
  if (Array.isArray(stored.sets)) for (const id of stored.sets) if (typeof id === "string") into.sets.add(id);
  if (Array.isArray(stored.active)) for (const id of stored.active) if (typeof id === "string") into.active.add(id);
  return into;
}

/** Each stored `hours` entry ("00".."23") of a counter or day roll-up, added into `into`. */
export function addHours(into: Map<string, PeriodCounts>, hours: unknown): Map<string, PeriodCounts> {
  if (!isRecord(hours)) return into;
  for (const [hour, stored] of Object.entries(hours)) {
    if (!/^\d\d$/.test(hour)) continue;
    let period = into.get(hour);
    if (!period) into.set(hour, (period = emptyPeriod()));
    addPeriod(period, stored);
  }
  return into;
}

/**
 * The links in the rotation in a period, with their weights: the union of its rotation sets' links
 * (`rotationSets` must hold every id of `period.sets`; one it lacks adds nothing) and of the links
 * listed one by one in data written before sets were (weight 1). A link whose weight changed within
 * the period (it is in two sets with different weights) counts at the higher one.
 */
export function weightsInRotation(period: PeriodCounts, rotationSets: RotationSets): Map<string, number> {
  const weights = new Map<string, number>();
  const add = (id: string, weight: number) => weights.set(id, Math.max(weight, weights.get(id) ?? 0));
  for (const id of period.active) add(id, 1);
  for (const id of period.sets) {
    const set = rotationSets.get(id);
    for (const linkId of set?.linkIds ?? []) add(linkId, weightIn(set!, linkId));
  }
  return weights;
}

/** A link's weight in a set: a whole number from 1 (what a set stored without weights gives every link). */
const weightIn = (set: RotationSetLinks, linkId: string): number => {
  const weight = set.weights?.[linkId];
  return typeof weight === "number" && weight >= 1 ? weight : 1;
};

/**
 * A period's fair share per link: its counted visits shared among the links then in the rotation in
 * proportion to their weights (with every weight 1: equally). A link counted without being recorded
 * in the rotation, as in counters written before fair shares were, gets none: unknown is not counted
 * as fair.
 */
export function fairSharesOf(period: PeriodCounts, rotationSets: RotationSets): Map<string, number> {
  const shares = new Map<string, number>();
  const weights = weightsInRotation(period, rotationSets);
  const totalWeight = [...weights.values()].reduce((sum, w) => sum + w, 0);
  if (period.total <= 0 || totalWeight === 0) return shares;
  for (const [id, weight] of weights) shares.set(id, (period.total * weight) / totalWeight);
  return shares;
}

/**
 * A period as stored in a roll-up (Firestore stores the Dates as Timestamps): its rotation as set ids;
 * links listed one by one only when folded from data written before sets were.
 */
export function storedPeriod(period: PeriodCounts) {
  return {
    total: period.total,
    links: Object.fromEntries(period.links),
    lastClickedAt: Object.fromEntries(period.lastClickedAt),
    sets: [...period.sets].sort(),
    ...(period.active.size > 0 ? { active: [...period.active].sort() } : {}),
  };
}

/** Fair shares as a roll-up stores them (`fair`: link → visits), numbers only. */
export function storedShares(stored: unknown): Map<string, number> {
  const shares = new Map<string, number>();
  if (isRecord(stored)) for (const [id, n] of Object.entries(stored)) if (typeof n === "number") shares.set(id, n);
  return shares;
}

/** Drops these links' visits (and their share of the total) from a period. */
export function withoutLinks(period: PeriodCounts, linkIds: Iterable<string>): void {
  for (const id of linkIds) {
    period.total -= period.links.get(id) ?? 0;
    period.links.delete(id);
    period.lastClickedAt.delete(id);
  }
}

/** How long a finished hour's roll-up is kept, in days from its day's start: `24h` reads only yesterday's and today's hours. */
export const HOUR_ROLLUP_DAYS = 3;

/**
 * A finished day's roll-up as click_days stores it: its counts, its rotation as set ids, and each
 * link's fair share (`fair`: what readers of past days use). No hours: those are click_hours', read
 * for `24h` only, so that the 30-day and longer views read small documents.
 */
export function dayRollup(programId: string, day: string, counts: PeriodCounts, fair: ReadonlyMap<string, number>) {
  return { programId, day, ...storedPeriod(counts), fair: Object.fromEntries(fair) };
}

/**
 * One finished hour's roll-up as click_hours stores it (one document per program and hour, so that
 * its size follows the program's links, not its traffic): what `24h` reads once the day is folded.
 * `start` is the hour's ISO start (what `24h` asks for); `deleteAt` lets a TTL policy remove it.
 */
export function hourRollup(programId: string, day: string, hour: string, counts: PeriodCounts) {
  return {
    programId,
    day,
    start: `${day}T${hour}:00:00.000Z`,
    ...storedPeriod(counts),
    deleteAt: new Date(Date.parse(`${day}T00:00:00Z`) + HOUR_ROLLUP_DAYS * 86_400_000),
  };
}

/**
 * The most counted visits one instance adds to one counter shard of a program in a UTC day
 * (rotation/counter-shards.ts moves on to the next shard past it). A shard grows with the links and
 * link-hours it counts, up to about 150 bytes a visit: 2,000 keep it near a third of Firestore's 1 MiB.
 */
export const VISITS_PER_SHARD_DAY = 2_000;
