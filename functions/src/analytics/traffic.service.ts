import type { ProgramTraffic, TimeFilter } from "@hub/contract/analytics";
import { getProgramsByIds } from "../catalog/programs.store";
import { windowOf } from "./analytics-window";
import { clicksPerProgramIn } from "./dashboard.service";
import { readTrafficTallies } from "./traffic.store";
import { notCountedIn, trafficReadsFor, trafficReport } from "./traffic-report";

/**
 * GET /api/analytics/traffic: per program (by name), the requests to its rotation address in the
 * window, counted and not counted by reason. `counted` is the clicks analytics' own records for the
 * same window, summed per program (the Overview's per-program sums, from the same click windows or
 * the same roll-ups), so the two never disagree;
 * the tallies not counted are read at one point in time of their own. The two are kept apart by
 * their folds too, so reading them in one transaction would add nothing: each fold moves only its
 * own figures, and leaves their sums as they were.
 */
export async function trafficIn(timeFilter: TimeFilter, now = new Date()): Promise<ProgramTraffic[]> {
  const window = windowOf(timeFilter, now);
  const [counted, tallies] = await Promise.all([clicksPerProgramIn(timeFilter, now), readTrafficTallies(trafficReadsFor(window))]);
  const notCounted = notCountedIn(window, tallies);
  // deleted programs drop out here: getProgramsByIds returns those that exist
  const programs = await getProgramsByIds([...counted.keys(), ...notCounted.keys()]);
  return trafficReport(programs, counted, notCounted);
}
