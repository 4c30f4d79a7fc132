import { describe, expect, it } from "vitest";
import { TIME_FILTERS, WINDOW_DAYS, type ClickRecord } from "@hub/contract/analytics";
import { noReasons, type ReasonCounts } from "../visits/traffic-counts";
import { hourStart, windowOf } from "./analytics-window";
import type { TrafficReads, TrafficTally } from "./traffic.store";
import { countedByProgram, filteredShareOf, notCountedIn, trafficReadsFor, trafficReport } from "./traffic-report";

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const reasons = (partial: Partial<ReasonCounts>): ReasonCounts => ({ ...noReasons(), ...partial });
const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, "0"));

/**
 * A store with `days` days of history up to today, one `bot` request in every hour of every day:
 * the days before `unfoldedFrom` folded into day and month roll-ups (hours kept), the rest in shards.
 */
function history(now: Date, days: number, unfoldedFrom: string) {
  const today = Date.parse(`${dayOf(now.getTime())}T00:00:00Z`);
  const folded: { day: string; hours: string[] }[] = [];
  const unfolded: { day: string; hours: string[] }[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = dayOf(today - i * DAY_MS);
    // today only up to the current hour
    const hours = i === 0 ? HOURS.filter((h) => h <= now.toISOString().slice(11, 13)) : HOURS;
    (day < unfoldedFrom ? folded : unfolded).push({ day, hours });
  }
  const months = new Map<string, number>();
  for (const { day, hours } of folded) months.set(day.slice(0, 7), (months.get(day.slice(0, 7)) ?? 0) + hours.length);
  return {
    expectedIn: (from: string | null) =>
      [...folded, ...unfolded].filter((d) => from === null || d.day >= from).reduce((n, d) => n + d.hours.length, 0),
    /** What readTrafficTallies would find for these reads. */
    read(reads: TrafficReads): TrafficTally[] {
      const tally = (kind: TrafficTally["kind"], period: string, bot: number): TrafficTally => ({
        kind,
        period,
        programId: "p",
        counts: reasons({ bot }),
      });
      const inReads = (day: string) => reads.days.some((r) => day >= r.from && day <= r.to);
      const monthIn = (month: string) => reads.months.some((r) => (r.from === null || month >= r.from) && month <= r.to);
      const hoursOf = (d: { day: string; hours: string[] }) => d.hours.map((h) => tally("hour", hourStart(d.day, h), 1));
      return [
        ...unfolded.map((d) => tally("counter", d.day, d.hours.length)),
        ...folded.filter((d) => inReads(d.day)).map((d) => tally("day", d.day, d.hours.length)),
        ...[...months].filter(([m]) => monthIn(m)).map(([m, n]) => tally("month", m, n)),
        ...[...folded, ...unfolded].filter((d) => reads.hourDays.includes(d.day)).flatMap(hoursOf),
      ];
    },
  };
}

describe("the traffic report's window", () => {
  const moments = ["2026-11-25T10:30:00Z", "2026-03-01T00:10:00Z", "2026-12-31T23:59:00Z", "2027-01-15T12:00:00Z", "2028-02-29T06:00:00Z"];
  for (const moment of moments) {
    for (const foldedUpTo of [1, 2]) {
      it(`counts every hour of the range exactly once (now ${moment}, days from ${String(foldedUpTo)} ago unfolded)`, () => {
        const now = new Date(moment);
        const store = history(now, 800, dayOf(now.getTime() - (foldedUpTo - 1) * DAY_MS));
        for (const filter of TIME_FILTERS) {
          const window = windowOf(filter, now);
          const bot = notCountedIn(window, store.read(trafficReadsFor(window))).get("p")?.bot ?? 0;
          const from =
            filter === "all"
              ? null
              : filter === "24h"
                ? null
                : dayOf(Date.parse(`${dayOf(now.getTime())}T00:00:00Z`) - (WINDOW_DAYS[filter] - 1) * DAY_MS);
          expect({ filter, bot }).toEqual({ filter, bot: filter === "24h" ? 24 : store.expectedIn(from) });
        }
      });
    }
  }
});

const record = (programId: string, totalClicks?: number): ClickRecord => ({
  programId,
  programName: programId,
  linkId: `${programId}-link`,
  linkEmail: "a@example.com",
  ...(totalClicks === undefined ? {} : { totalClicks }),
  clickDate: "2026-11-25",
  clickedAt: "2026-11-25T10:00:00.000Z",
});

describe("the traffic report's rows", () => {
  it("counted is the click records summed per program (an old record without a total counts 1)", () => {
    expect(countedByProgram([record("a", 3), record("a", 4), record("b"), record("c", 2)])).toEqual(
      new Map([
        ["a", 7],
        ["b", 1],
        ["c", 2],
      ]),
    );
  });

  it("requests are counted plus every reason; the filtered share is the repeats' share, three decimals", () => {
    const [row] = trafficReport(
      [{ id: "p", name: "Pumped" }],
      new Map([["p", 40]]),
      new Map([["p", reasons({ bot: 10, repeatVisitor: 50, repeatAddress: 21, unavailable: 2 })]]),
    );
    expect(row).toEqual({
      programId: "p",
      programName: "Pumped",
      requests: 123,
      counted: 40,
      notCounted: { bot: 10, repeatVisitor: 50, repeatAddress: 21, unavailable: 2 },
      filteredShare: 0.577, // 71 / 123
    });
    expect(filteredShareOf(noReasons(), 0)).toBeNull();
    expect(filteredShareOf(reasons({ bot: 5 }), 5)).toBe(0);
    expect(filteredShareOf(reasons({ repeatAddress: 1 }), 3)).toBe(0.333);
  });

  it("lists the programs that exist with any request in the window, by name", () => {
    const rows = trafficReport(
      [
        { id: "z", name: "Zeta" },
        { id: "q", name: "Quiet" },
        { id: "a", name: "Alpha" },
        { id: "b", name: "Bots only" },
      ],
      new Map([
        ["z", 2],
        ["a", 1],
        ["gone", 9],
      ]),
      new Map([
        ["b", reasons({ bot: 3 })],
        ["gone", reasons({ bot: 1 })],
      ]),
    );
    expect(rows.map((r) => [r.programName, r.requests, r.counted])).toEqual([
      ["Alpha", 1, 1],
      ["Bots only", 3, 0],
      ["Zeta", 2, 2],
    ]);
  });
});
