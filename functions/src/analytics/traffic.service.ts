import type { ProgramTraffic, TimeFilter } from "@hub/contract/analytics";
import { getProgramsByIds } from "../catalog/programs.store";
import { windowOf } from "./analytics-window";
import { trafficFromWindows } from "./click-windows.service";
import { clicksPerProgramIn } from "./dashboard.service";
import { readTrafficTallies } from "./traffic.store";
import { notCountedIn, trafficReadsFor, trafficReport } from "./traffic-report";

/**
 * GET /api/analytics/traffic: per program (by name), the requests to its rotation address in the
 * window, counted and not counted by reason. `counted` is the clicks analytics' own records for the
 * same window, summed per program (the Overview's per-program sums), so the two never disagree.
 * Both come from the programs' click windows when they can be used, with the unfolded counters and
 * traffic shards read at the same point in time; else the counted from every link and the range's
 * roll-ups, and the tallies not counted at one point in time of their own (the two are kept apart
 * by their folds too: each fold moves only its own figures, and leaves their sums as they were).
 */
export async function trafficIn(timeFilter: TimeFilter, now = new Date()): Promise<ProgramTraffic[]> {
  const fromWindows = await trafficFromWindows(timeFilter, now);
  if (fromWindows) return trafficReport(fromWindows.programs, fromWindows.counted, fromWindows.notCounted);
  const window = windowOf(timeFilter, now);
  const [counted, tallies] = await Promise.all([clicksPerProgramIn(timeFilter, now), readTrafficTallies(trafficReadsFor(window))]);
  const notCounted = notCountedIn(window, tallies);
  // deleted programs drop out here: getProgramsByIds returns those that exist
  const programs = await getProgramsByIds([...counted.keys(), ...notCounted.keys()]);
  return trafficReport(programs, counted, notCounted);
}
