import type { TimeFilter } from "@hub/contract/analytics";
import type { ProgramOutcomes } from "@hub/contract/outcomes";
import { readOutcomeMonths } from "../catalog/outcome-months.store";
import { windowOf } from "./analytics-window";
import { snapshotFor } from "./analytics.service";
import { outcomeAnalytics, outcomeDaysOf, outcomeMonthsOf } from "./outcome-analytics";

/**
 * GET /api/analytics/outcomes: the visits of the window from the click roll-ups (as the other
 * analytics read them) and the outcomes from the outcome roll-ups of its months, read side by side.
 */
export async function outcomesIn(timeFilter: TimeFilter, now: Date): Promise<ProgramOutcomes[]> {
  const days = outcomeDaysOf(windowOf(timeFilter, now));
  const [{ window, snapshot }, months] = await Promise.all([
    snapshotFor(timeFilter, now, "clicks"),
    readOutcomeMonths(outcomeMonthsOf(days)),
  ]);
  return outcomeAnalytics(snapshot, window, months);
}
