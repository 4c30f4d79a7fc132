import { describe, expect, it } from "vitest";
import { addDays } from "@hub/contract/dates";
import { OFFER_WARNING_DAYS, offerWarningDue } from "./daily-job.service";

/** When the daily turn warns of an offer ending (owners mailed, `offer-ending` raised): its last seven days and its last day. */
describe("an offer's warning, by its end date", () => {
  const today = "2026-12-02";
  const program = (offerEndsOn: string | null, approved = true) => ({ approved, offerEndsOn });

  it.each([
    [OFFER_WARNING_DAYS + 1, false],
    [OFFER_WARNING_DAYS, true],
    [1, true],
    [0, true],
    [-1, false],
  ])("an offer ending %i days from today is warned of: %s", (days, due) => {
    expect(offerWarningDue(program(addDays(today, days)), today)).toBe(due);
  });

  it("is never due without an end date, or for a program not approved", () => {
    expect(offerWarningDue(program(null), today)).toBe(false);
    expect(offerWarningDue(program(addDays(today, 3), false), today)).toBe(false);
  });
});
