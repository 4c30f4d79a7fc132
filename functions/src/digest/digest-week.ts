import { UTCDate } from "@date-fns/utc";
import { format } from "date-fns";
import { addDays, utcDay } from "@hub/contract/dates";

/** Last ISO week as the digest reports it, from the moment the job started: Monday to Sunday (UTC), and its ISO name. */
export interface DigestWeek {
  start: string;
  end: string;
  /** e.g. 2026-W48: names the mail in its claim, so each member gets one per week. */
  isoWeek: string;
  /** The instants the week starts and ends (exclusive), for what is recorded in it. */
  from: Date;
  until: Date;
  /** Its last instant, which the figures' 7-day window ends with. */
  lastMoment: Date;
}

export function lastIsoWeek(startedAt: Date): DigestWeek {
  const day = utcDay(startedAt);
  const monday = addDays(day, -((startedAt.getUTCDay() + 6) % 7));
  const start = addDays(monday, -7);
  const from = new Date(`${start}T00:00:00Z`);
  const until = new Date(`${monday}T00:00:00Z`);
  return {
    start,
    end: addDays(start, 6),
    isoWeek: format(new UTCDate(from), "RRRR-'W'II"),
    from,
    until,
    lastMoment: new Date(until.getTime() - 1),
  };
}
