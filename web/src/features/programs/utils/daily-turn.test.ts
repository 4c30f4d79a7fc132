import { describe, expect, it } from "vitest";
import { dailySummaryText } from "./daily-turn";

describe("dailySummaryText", () => {
  it("says what the day's turn did, singular and plural, and the refused warnings only when there are some", () => {
    expect(dailySummaryText({ programsRecounted: 4, snoozesEnded: 1, offerWarningsSent: 2, offerWarningsFailed: 0 })).toBe(
      "4 programs recounted, 1 snooze ended, 2 offer-end warnings sent",
    );
    expect(dailySummaryText({ programsRecounted: 1, snoozesEnded: 0, offerWarningsSent: 1, offerWarningsFailed: 1 })).toBe(
      "1 program recounted, 0 snoozes ended, 1 offer-end warning sent; 1 warning the mail server refused",
    );
  });

  it("has a sentence without a summary", () => {
    expect(dailySummaryText(undefined)).toBe("Counts, snoozes and offer-end warnings are up to date");
  });
});
