import { describe, expect, it } from "vitest";
import {
  addHours,
  addPeriod,
  dayRollup,
  emptyPeriod,
  fairSharesOf,
  hourRollup,
  weightsInRotation,
  storedPeriod,
  VISITS_PER_SHARD_DAY,
  type PeriodCounts,
} from "./period-counts";

const at = (iso: string) => new Date(iso);

describe("rotation sets in periods", () => {
  it("adds the set ids of counters and roll-ups, and the links listed one by one in data written before sets were", () => {
    const period = emptyPeriod();
    addPeriod(period, { total: 3, links: { a: 3 }, sets: ["s1"] });
    addPeriod(period, { total: 1, links: { b: 1 }, sets: ["s1", "s2"], active: ["old"] });
    expect(period).toMatchObject({ total: 4, sets: new Set(["s1", "s2"]), active: new Set(["old"]) });
    const sets = new Map([
      ["s1", { linkIds: ["a", "b"] }],
      ["s2", { linkIds: ["b", "c"] }],
    ]);
    expect([...weightsInRotation(period, sets).keys()].sort()).toEqual(["a", "b", "c", "old"]);
    expect(fairSharesOf(period, sets)).toEqual(new Map(["old", "a", "b", "c"].map((id) => [id, 1])));
  });

  it("shares a period's visits in proportion to the weights its sets recorded, a changed weight at its higher one", () => {
    const period = addPeriod(emptyPeriod(), { total: 600, links: { a: 200, b: 400 }, sets: ["s1"] });
    const sets = new Map([["s1", { linkIds: ["a", "b"], weights: { b: 2 } }]]);
    expect(fairSharesOf(period, sets)).toEqual(
      new Map([
        ["a", 200],
        ["b", 400],
      ]),
    );
    // b raised to 3 within the period; c (weight 1) listed before sets were
    addPeriod(period, { total: 0, sets: ["s2"], active: ["c"] });
    const changed = new Map([...sets, ["s2", { linkIds: ["a", "b"], weights: { b: 3 } }]]);
    expect(weightsInRotation(period, changed)).toEqual(
      new Map([
        ["c", 1],
        ["a", 1],
        ["b", 3],
      ]),
    );
    expect(fairSharesOf(period, changed).get("b")).toBe(360);
  });

  it("stores set ids, and lists links only when folded from data that listed them", () => {
    const period = addPeriod(emptyPeriod(), {
      total: 2,
      links: { a: 2 },
      lastClickedAt: { a: at("2026-11-20T10:00:00Z") },
      sets: ["s2", "s1"],
    });
    expect(storedPeriod(period)).toEqual({
      total: 2,
      links: { a: 2 },
      lastClickedAt: { a: at("2026-11-20T10:00:00Z") },
      sets: ["s1", "s2"],
    });
    addPeriod(period, { active: ["b", "a"] });
    expect(storedPeriod(period).active).toEqual(["a", "b"]);
  });
});

describe("slim roll-ups", () => {
  const counts = addPeriod(emptyPeriod(), { total: 6, links: { a: 4, b: 2 }, sets: ["s1"] });

  it("a day roll-up keeps counts, set ids and fair shares: no hours, no list of links", () => {
    const day = dayRollup(
      "p1",
      "2026-11-20",
      counts,
      new Map([
        ["a", 3],
        ["b", 3],
      ]),
    );
    expect(day).toEqual({
      programId: "p1",
      day: "2026-11-20",
      total: 6,
      links: { a: 4, b: 2 },
      lastClickedAt: {},
      sets: ["s1"],
      fair: { a: 3, b: 3 },
    });
  });

  it("an hour roll-up is one hour of one program, with its start and when it may be removed", () => {
    const hour = hourRollup("p1", "2026-11-20", "07", counts);
    expect(hour).toMatchObject({ programId: "p1", day: "2026-11-20", start: "2026-11-20T07:00:00.000Z", total: 6, sets: ["s1"] });
    expect(hour.deleteAt).toEqual(at("2026-11-23T00:00:00Z"));
    // read back as an hour of a counter's `hours` would be
    const back = addHours(new Map(), { "07": hour }).get("07")!;
    expect([back.total, [...back.sets]]).toEqual([6, ["s1"]]);
  });
});

/*
 * Firestore's 1 MiB document limit, for a program with 5,000 links. Sizes are computed by Firestore's
 * documented storage-size rules (https://firebase.google.com/docs/firestore/storage-size): a string
 * is its UTF-8 bytes + 1; a number, a timestamp 8; an array the sum of its values; a map the sum of
 * its keys (as strings) and values; a document its name (each collection and document id as a
 * string, + 16) + its fields (as a map) + 32. Ids are 20 characters, as Firestore's own.
 */
const MiB = 1024 * 1024;
const stringSize = (s: string) => Buffer.byteLength(s, "utf8") + 1;
function valueSize(value: unknown): number {
  if (value === null || typeof value === "boolean") return 1;
  if (typeof value === "number" || value instanceof Date) return 8;
  if (typeof value === "string") return stringSize(value);
  if (Array.isArray(value)) return value.reduce((sum: number, v) => sum + valueSize(v), 0);
  if (typeof value === "object") return Object.entries(value).reduce((sum, [k, v]) => sum + stringSize(k) + valueSize(v), 0);
  throw new Error(`no size for ${typeof value}`);
}
const documentSize = (path: string, data: object) =>
  path.split("/").reduce((sum, part) => sum + stringSize(part), 16) + valueSize(data) + 32;

const LINKS = 5_000;
const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(20 - prefix.length, "0")}`;
const PROGRAM = id("program", 1);
const DAY = "2026-11-20";
const linkIds = Array.from({ length: LINKS }, (_, i) => id("link", i));
const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, "0"));
/** Rotation set ids are 22 characters (128 bits, base64url). */
const setId = (n: number) => id("set", n).padEnd(22, "x");

/**
 * One counter shard after a day of counted visits, as recordVisit's merges leave it: `perHour` visits
 * in every hour, each to another link (the round-robin; the worst case for size), while the rotation
 * changes `setsPerHour` times an hour. `legacy`: the rotation listed link by link, as before sets.
 */
function busyCounter(perHour: number, setsPerHour: number, legacy = false) {
  const when = (h: string) => new Date(`${DAY}T${h}:30:00Z`);
  const counter = {
    programId: PROGRAM,
    day: DAY,
    total: 0,
    links: {} as Record<string, number>,
    linkIds: [] as string[],
    lastClickedAt: {} as Record<string, Date>,
    ...(legacy ? { active: linkIds } : { sets: [] as string[] }),
    hours: {} as Record<string, object>,
  };
  const counted = new Set<string>();
  let next = 0;
  HOURS.forEach((h, hourIndex) => {
    const hour = { total: 0, links: {} as Record<string, number>, lastClickedAt: {} as Record<string, Date> };
    for (let v = 0; v < perHour; v++) {
      const link = linkIds[next++ % LINKS]!;
      counter.total++;
      hour.total++;
      counter.links[link] = (counter.links[link] ?? 0) + 1;
      hour.links[link] = (hour.links[link] ?? 0) + 1;
      if (!counted.has(link)) counter.linkIds.push(link);
      counted.add(link);
      counter.lastClickedAt[link] = hour.lastClickedAt[link] = when(h);
    }
    const sets = Array.from({ length: setsPerHour }, (_, s) => setId(hourIndex * setsPerHour + s));
    if ("sets" in counter) counter.sets.push(...sets);
    counter.hours[h] = legacy ? { ...hour, active: linkIds } : { ...hour, sets };
  });
  return documentSize(`click_counters/1023_${PROGRAM}_${DAY}`, counter);
}

/** A program's busiest possible period: every one of its links visited. */
function everyLinkVisited(sets: number): PeriodCounts {
  const period = emptyPeriod();
  for (const link of linkIds) {
    period.total += 40;
    period.links.set(link, 40);
    period.lastClickedAt.set(link, new Date(`${DAY}T23:59:00Z`));
  }
  for (let s = 0; s < sets; s++) period.sets.add(setId(s));
  return period;
}

describe("documents stay under Firestore's 1 MiB for a program with 5,000 links", () => {
  const kb = (bytes: number) => `${String(Math.round(bytes / 1024))} KB (${String(Math.round((bytes / MiB) * 100))}% of 1 MiB)`;

  it("a counter shard busy all day: the rotation costs a few set ids, where listing its links outgrew 1 MiB", () => {
    // busy all day: a counted visit a minute in every hour, the rotation changing twice an hour
    const busy = busyCounter(60, 2);
    const listed = busyCounter(60, 2, true);
    console.log(`counter shard, 1,440 visits, 48 sets: ${kb(busy)}; the same day listing the links: ${kb(listed)}`);
    expect(listed).toBeGreaterThan(MiB);
    expect(busy).toBeLessThan(MiB / 4);
    expect(busy - busyCounter(60, 0)).toBeLessThan(4 * 1024); // what the rotation adds
  });

  it("a counter shard's own counts set its ceiling: visits to distinct links per shard and day before 1 MiB", () => {
    // (each visit to another link, every hour: per link 79 bytes for the day, 58 more per hour)
    let perHour = 60;
    while (busyCounter(perHour + 20, 2) < MiB) perHour += 20;
    const rows = [60, 120, 240].map((n) => `${String(n * 24)} visits: ${kb(busyCounter(n, 2))}`);
    console.log(`counter shard: ${rows.join("; ")}; 1 MiB at about ${String(perHour * 24)} visits a day`);
    expect(perHour * 24).toBeGreaterThan(7_000);
    // and an instance moves on to the program's next shard after VISITS_PER_SHARD_DAY visits in a day
    expect(busyCounter(Math.ceil(VISITS_PER_SHARD_DAY / 24), 2)).toBeLessThan(MiB / 3);
  });

  it("a day roll-up (no hours, no list of links) and an hour roll-up, every one of the 5,000 links visited", () => {
    const day = everyLinkVisited(48);
    const fair = new Map(linkIds.map((link) => [link, day.total / LINKS]));
    const daySize = documentSize(`click_days/${PROGRAM}_${DAY}`, dayRollup(PROGRAM, DAY, day, fair));
    const hourSize = documentSize(`click_hours/${PROGRAM}_${DAY}_23`, hourRollup(PROGRAM, DAY, "23", everyLinkVisited(2)));
    const setSize = documentSize(`rotation_sets/${setId(0)}`, { programId: PROGRAM, linkIds });
    console.log(`day roll-up: ${kb(daySize)}; hour roll-up: ${kb(hourSize)}; rotation set: ${kb(setSize)}`);
    expect(daySize).toBeLessThan(MiB / 2);
    expect(hourSize).toBeLessThan(MiB / 3);
    expect(setSize).toBeLessThan(MiB / 8);
  });
});
