import type { ProgramReportQuery } from "@hub/contract/analytics";
import type { ProgramOutcomes } from "@hub/contract/outcomes";
import { readOutcomeMonths } from "../catalog/outcome-months.store";
import { getProgramsByIds } from "../catalog/programs.store";
import { readLinksByIds, readProgramPage } from "./analytics.store";
import { windowOf } from "./analytics-window";
import { snapshotFor } from "./analytics.service";
import { outcomeVisitsFromWindows } from "./click-windows.service";
import { outcomeAnalytics, outcomeDaysOf, outcomeMonthsOf, outcomeRowsOf } from "./outcome-analytics";
import { programReadsFor } from "./rollup-reads";

/**
 * GET /api/analytics/outcomes: the visits of the window from the click roll-ups (as the other
 * analytics read them) and the outcomes from the outcome roll-ups of its months, read side by side.
 * With `programId`, that program only (read by id, its links' history with it); with `links: "omit"`,
 * the rows without their links.
 */
export async function outcomesIn(query: ProgramReportQuery, now: Date): Promise<ProgramOutcomes[]> {
  const withLinks = query.links !== "omit";
  const window = windowOf(query.timeFilter, now);
  const months = outcomeMonthsOf(outcomeDaysOf(window));
  if (query.programId !== undefined) return programOutcomesIn(query.programId, window, months, withLinks, now);
  const monthsRead = readOutcomeMonths(months);
  // the rows alone: their visits from the programs' click windows when they can be used (the same
  // figures); 24h reads its hours' roll-ups
  if (!withLinks && query.timeFilter !== "24h") {
    const [fromWindows, outcomeMonths] = await Promise.all([outcomeVisitsFromWindows(query.timeFilter, now), monthsRead]);
    if (fromWindows) return outcomeRowsOf(fromWindows.programs, fromWindows.visits, window, outcomeMonths);
  }
  const [{ snapshot }, outcomeMonths] = await Promise.all([snapshotFor(query.timeFilter, now, "clicks"), monthsRead]);
  return outcomeAnalytics(snapshot, window, outcomeMonths, { withLinks });
}

/** One program's row: its links and the roll-ups of it and of the programs its links were in, read by id. */
async function programOutcomesIn(
  programId: string,
  window: ReturnType<typeof windowOf>,
  months: ReturnType<typeof outcomeMonthsOf>,
  withLinks: boolean,
  now: Date,
): Promise<ProgramOutcomes[]> {
  const [page, outcomeMonths] = await Promise.all([
    readProgramPage(programId, (_links, earliestMonth) => ({
      ...programReadsFor(window, earliestMonth ?? now.toISOString().slice(0, 7)),
      detail: "clicks",
    })),
    readOutcomeMonths(months, programId),
  ]);
  if (page === null) return [];
  // visits served by a program merged away count for the link's program now: which of those served still exist
  const here = new Set(page.links.map((l) => l.id));
  const movedOn = [...new Set(page.tallies.filter((t) => t.programId === programId).flatMap((t) => [...t.counts.links.keys()]))].filter(
    (id) => !here.has(id),
  );
  const [servedBy, moved] = await Promise.all([
    getProgramsByIds([...new Set(page.tallies.map((t) => t.programId))]),
    // links that left after visits this program served: their rows keep their owners
    readLinksByIds(movedOn),
  ]);
  const existing = new Set([programId, ...servedBy.map((p) => p.id)]);
  const snapshot = { programs: [page.program], links: [...page.links, ...moved], tallies: page.tallies };
  return outcomeAnalytics(snapshot, window, outcomeMonths, { existing, withLinks });
}
