import { logger } from "firebase-functions";
import { trafficStandsOut } from "@hub/contract/analytics";
import { raiseAlert } from "../alerts/alerts.service";
import type { AppDeps } from "../platform/deps";
import { trafficIn } from "./traffic.service";

/*
 * The alerts channel's `program-stands-out` (the contract's *Terms watch and alerts*): once a day, with
 * the day's turn, the traffic report of the last 7 days; each program standing out in it (repeats
 * above a fifth of at least 50 requests, as /analytics marks it) is raised, at most once in any 7 days
 * per program, so a program pumped all month is one message a week, not one a day.
 */

const WINDOW = "7d";
/** At most one alert per program in this many days. */
export const STANDS_OUT_ALERT_DAYS = 7;

const percent = (share: number) => `${String(Math.round(share * 1000) / 10)}%`;

/**
 * Raises the alert for each program standing out in the last 7 days; returns how many stood out. Never
 * throws: a report that cannot be read is logged, and the day's turn it runs with goes on.
 */
export async function alertProgramsStandingOut(deps: Pick<AppDeps, "now" | "appOrigin">): Promise<number> {
  let report;
  try {
    report = await trafficIn(WINDOW, deps.now());
  } catch (err) {
    logger.error("traffic report not read for the alerts channel", { error: err instanceof Error ? err.message : String(err) });
    return 0;
  }
  const standing = report.filter(trafficStandsOut);
  for (const program of standing) {
    const { bot, repeatVisitor, repeatAddress, unavailable } = program.notCounted;
    await raiseAlert(
      deps,
      "program-stands-out",
      program.programId,
      {
        text:
          `${program.programName}: ${percent(program.filteredShare ?? 0)} of its ${program.requests.toLocaleString("en-US")} ` +
          "requests in the last 7 days were repeats from the same visitor or address, not counted: someone may be pumping it.",
        url: `${deps.appOrigin}/analytics?tab=traffic&range=${WINDOW}`,
        data: {
          programId: program.programId,
          programName: program.programName,
          requests: program.requests,
          counted: program.counted,
          filteredShare: program.filteredShare,
          repeatVisitor,
          repeatAddress,
          bot,
          unavailable,
        },
      },
      { everyDays: STANDS_OUT_ALERT_DAYS },
    );
  }
  return standing.length;
}
