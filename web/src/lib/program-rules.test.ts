import { describe, expect, it } from "vitest";
import { utcDay } from "@hub/contract/dates";
import { isOfferEnded } from "@hub/contract/programs";
import { capLabel, daysLeft, endsSoonLabel, longDay, offerEndLabel, shortDay } from "./program-rules";

describe("program rules as the pages write them", () => {
  it("writes days in words, the same on any machine", () => {
    expect(longDay("2026-12-31")).toBe("31 December 2026");
    expect(longDay("2027-01-01")).toBe("1 January 2027");
    expect(shortDay("2026-12-31")).toBe("31 Dec 2026");
    expect(shortDay("2026-09-05")).toBe("5 Sep 2026");
  });

  it("takes today as the UTC day, whatever the browser's zone", () => {
    expect(utcDay(new Date("2026-12-31T23:30:00-05:00"))).toBe("2027-01-01");
  });

  it("ends an offer from the day after its last day", () => {
    expect(isOfferEnded(null, "2030-01-01")).toBe(false);
    expect(isOfferEnded("2026-12-31", "2026-12-31")).toBe(false);
    expect(isOfferEnded("2026-12-31", "2027-01-01")).toBe(true);
    expect(daysLeft("2027-01-02", "2026-12-30")).toBe(3);
  });

  it("says the cap in the admin's words, or that there is none", () => {
    expect(capLabel({ count: 5, period: "calendar-year" })).toBe("Cap: 5 paid referrals per calendar year");
    expect(capLabel({ count: 1, period: "rolling-12-months" })).toBe("Cap: 1 paid referral per rolling 12 months");
    expect(capLabel(null)).toBe("No referrer cap");
  });

  it("says when the offer ends or ended", () => {
    expect(offerEndLabel("2026-12-31", false)).toBe("Offer ends 31 December 2026");
    expect(offerEndLabel("2026-12-31", true)).toBe("Offer ended on 31 December 2026");
    expect(offerEndLabel("2026-12-31", false, { short: true })).toBe("Offer ends 31 Dec 2026");
    expect(offerEndLabel(null, false)).toBe("No end date");
  });

  it("counts the days left only in the offer's last week", () => {
    expect(endsSoonLabel("2026-12-31", "2026-12-23")).toBeNull();
    expect(endsSoonLabel("2026-12-31", "2026-12-24")).toBe("Ends in 7 days");
    expect(endsSoonLabel("2026-12-31", "2026-12-30")).toBe("Ends in 1 day");
    expect(endsSoonLabel("2026-12-31", "2026-12-31")).toBe("Ends today");
    expect(endsSoonLabel("2026-12-31", "2027-01-01")).toBeNull();
    expect(endsSoonLabel(null, "2026-12-31")).toBeNull();
  });
});
