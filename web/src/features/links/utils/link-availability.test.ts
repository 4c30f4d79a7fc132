import { describe, expect, it } from "vitest";
import { capProgressText, capReachedText, formatDay, snoozedText } from "./link-availability";

describe("a link's cap, snooze and offer end in words", () => {
  it("says when a capped link is back: 1 January for a calendar year, the full date for a rolling window", () => {
    expect(capReachedText("2027-01-01", "calendar-year", "en-GB")).toBe("Cap reached — back on 1 January");
    expect(capReachedText("2027-03-14", "rolling-12-months", "en-GB")).toBe("Cap reached — back on 14 March 2027");
    // the period not known yet (programs still loading): the full date is never wrong
    expect(capReachedText("2027-01-01", undefined, "en-GB")).toBe("Cap reached — back on 1 January 2027");
  });

  it("formats days in the member's locale, as UTC days whatever the browser's time zone", () => {
    expect(formatDay("2026-12-03", "en-US", { withYear: true })).toBe("December 3, 2026");
    expect(formatDay("2026-12-03", "de-DE", { withYear: true })).toBe("3. Dezember 2026");
    expect(formatDay("2027-01-01", "en-GB", { withYear: false })).toBe("1 January");
  });

  it("counts paid referrals against the cap in the cap's period", () => {
    expect(capProgressText({ paid: 3, count: 5 }, "calendar-year")).toBe("3 of 5 paid referrals this year");
    expect(capProgressText({ paid: 0, count: 1 }, "rolling-12-months")).toBe("0 of 1 paid referral in the last 12 months");
    expect(capProgressText({ paid: 2, count: 4 }, undefined)).toBe("2 of 4 paid referrals in the cap's period");
  });

  it("says until when a link is snoozed", () => {
    expect(snoozedText("2026-12-03", "en-GB")).toBe("Snoozed until 3 December 2026");
  });
});
