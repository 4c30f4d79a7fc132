import type { ProgramOutcomes } from "@hub/contract/outcomes";
import { addDays } from "@hub/contract/dates";
import { noOutcomes, outcomesWithin, type OutcomeCounts, type OutcomeDays, type OutcomeMonth } from "../catalog/outcome-months";
import type { AnalyticsProgram, AnalyticsSnapshot } from "./analytics.store";
import { placementsOf } from "./analytics-records";
import type { AnalyticsWindow } from "./analytics-window";

/**
 * The days whose outcomes a window counts (outcomes are dated by day): a window in days, its days;
 * `24h`, the days its hours touch. Either way through tomorrow: a member east of UTC may date an
 * outcome one day ahead of the UTC date (docs/architecture.md, *Outcomes, caps and snoozes*), and that day has begun for them.
 */
export function outcomeDaysOf(window: AnalyticsWindow): OutcomeDays {
  if (window.kind === "hours") return { from: window.hours[0]!.slice(0, 10), to: addDays(window.hours.at(-1)!.slice(0, 10), 1) };
  return { from: window.plan.start, to: addDays(window.plan.today, 1) };
}

/** The roll-up months (YYYY-MM) those days fall in. */
export const outcomeMonthsOf = (days: OutcomeDays) => ({
  from: days.from === null ? null : days.from.slice(0, 7),
  to: days.to.slice(0, 7),
});

/** paid / visits with four decimals; null with no visit. */
export const conversionOf = (paid: number, visits: number): number | null =>
  visits > 0 ? Math.round((paid * 10_000) / visits) / 10_000 : null;

interface LinkFigures extends OutcomeCounts {
  visits: number;
}

/**
 * GET /api/analytics/outcomes from what was read: per program that exists (by name), its counted
 * visits and its outcomes dated in the window, and per link with either in that program, the same.
 *
 * Visits count for the program that served them; those of a program merged away (it no longer
 * exists, its links do) for the link's program now, where the merge took its outcomes too. Outcomes
 * count for the program of their roll-up (a moved link's stay where they were earned). A link deleted
 * since keeps its place with an empty e-mail, so that a program's links add up to its totals.
 */
export function outcomeAnalytics(
  snapshot: AnalyticsSnapshot,
  window: AnalyticsWindow,
  months: OutcomeMonth[],
  {
    existing = new Set(snapshot.programs.map((p) => p.id)),
    withLinks = true,
  }: {
    /** Every program that exists (when `snapshot.programs`, the rows to answer, are not all of them). */
    existing?: ReadonlySet<string>;
    /** false: the rows without their links. */
    withLinks?: boolean;
  } = {},
): ProgramOutcomes[] {
  const programIds = existing;
  const links = new Map(snapshot.links.map((l) => [l.id, l]));
  const figures = new Map<string, Map<string, LinkFigures>>();
  const figuresOf = (programId: string, linkId: string): LinkFigures => {
    let program = figures.get(programId);
    if (!program) figures.set(programId, (program = new Map()));
    let link = program.get(linkId);
    if (!link) program.set(linkId, (link = { visits: 0, ...noOutcomes() }));
    return link;
  };

  for (const tally of snapshot.tallies)
    for (const { sign } of placementsOf(window, tally))
      for (const [linkId, n] of tally.counts.links) {
        const programId = programIds.has(tally.programId) ? tally.programId : links.get(linkId)?.programId;
        if (programId !== undefined && programIds.has(programId)) figuresOf(programId, linkId).visits += sign * n;
      }

  for (const { programId, linkId, counts } of outcomesWithin(months, outcomeDaysOf(window))) {
    if (!programIds.has(programId)) continue;
    const link = figuresOf(programId, linkId);
    link.signedUp += counts.signedUp;
    link.paid += counts.paid;
    link.clawedBack += counts.clawedBack;
  }

  return snapshot.programs
    .map((program) => {
      const rows = [...(figures.get(program.id) ?? new Map<string, LinkFigures>()).entries()]
        .map(([linkId, f]) => ({ linkId, email: links.get(linkId)?.email ?? "", ...f }))
        .filter((r) => r.visits !== 0 || r.signedUp !== 0 || r.paid !== 0 || r.clawedBack !== 0)
        .sort(
          (a, b) => Number(a.email === "") - Number(b.email === "") || a.email.localeCompare(b.email) || a.linkId.localeCompare(b.linkId),
        );
      const total = (field: keyof LinkFigures) => rows.reduce((sum, r) => sum + r[field], 0);
      const visits = total("visits");
      const paid = total("paid");
      const row = {
        programId: program.id,
        programName: program.name,
        visits,
        signedUp: total("signedUp"),
        paid,
        clawedBack: total("clawedBack"),
        conversion: conversionOf(paid, visits),
      };
      if (!withLinks) return row;
      return {
        ...row,
        links: rows.map((r) => ({
          linkId: r.linkId,
          email: r.email,
          visits: r.visits,
          paid: r.paid,
          conversion: conversionOf(r.paid, r.visits),
        })),
      };
    })
    .sort((a, b) => a.programName.localeCompare(b.programName) || a.programId.localeCompare(b.programId));
}

/**
 * The outcome report's rows without their links (GET /api/analytics/outcomes?links=omit) from each
 * program's visits counted as outcomeAnalytics counts them (`visits`) and the outcomes dated in the
 * window, which count for the program of their roll-up.
 */
export function outcomeRowsOf(
  programs: readonly AnalyticsProgram[],
  visits: ReadonlyMap<string, number>,
  window: AnalyticsWindow,
  months: OutcomeMonth[],
): Omit<ProgramOutcomes, "links">[] {
  const outcomes = new Map<string, OutcomeCounts>();
  for (const { programId, counts } of outcomesWithin(months, outcomeDaysOf(window))) {
    let sum = outcomes.get(programId);
    if (!sum) outcomes.set(programId, (sum = noOutcomes()));
    sum.signedUp += counts.signedUp;
    sum.paid += counts.paid;
    sum.clawedBack += counts.clawedBack;
  }
  return programs
    .map((program) => {
      const v = visits.get(program.id) ?? 0;
      const { signedUp, paid, clawedBack } = outcomes.get(program.id) ?? noOutcomes();
      return { programId: program.id, programName: program.name, visits: v, signedUp, paid, clawedBack, conversion: conversionOf(paid, v) };
    })
    .sort((a, b) => a.programName.localeCompare(b.programName) || a.programId.localeCompare(b.programId));
}
