import { describe, expect, it } from "vitest";
import { figureChangeLine } from "@hub/contract/terms";
import { programsWithTermsToReview, termsMark, termsStatusText, termsWatchSummaryText } from "./terms";

const when = (iso: string) => iso.slice(0, 10);

describe("the terms watch on the Programs tab", () => {
  it("marks a changed program and an unreachable one, and nothing else", () => {
    const base = { checkedAt: "2026-11-20T02:00:00.000Z", lastRead: null, reviewedVersion: 1, latestVersion: 2, watchFor: "text" as const };
    expect(termsMark({ ...base, status: "changed" })).toEqual({ label: "Terms changed", color: "warning" });
    expect(termsMark({ ...base, status: "unreachable" })).toEqual({ label: "Terms unreachable", color: "error" });
    expect(termsMark({ ...base, status: "watching" })).toBeNull();
    expect(termsMark(null)).toBeNull();
    expect(termsMark(undefined)).toBeNull();
  });

  it("names the programs whose terms wait for review, by name, whatever else they are", () => {
    const base = { checkedAt: "2026-11-20T02:00:00.000Z", lastRead: null, reviewedVersion: 1, latestVersion: 2, watchFor: "text" as const };
    const programs = [
      { name: "Sapphire", approved: true, terms: { ...base, status: "changed" as const } },
      { name: "Amex", approved: true, terms: { ...base, status: "watching" as const } },
      { name: "Discover", approved: false, terms: { ...base, status: "unreachable" as const } },
      { name: "Capital One", approved: true, terms: null },
      { name: "Bilt", approved: true },
    ];
    expect(programsWithTermsToReview(programs).map((p) => p.name)).toEqual(["Discover", "Sapphire"]);
  });

  it("says why the last read found no terms", () => {
    const state = {
      status: "watching" as const,
      checkedAt: "2026-11-21T02:00:00.000Z",
      reviewedVersion: 1,
      latestVersion: 1,
      watchFor: "text" as const,
    };
    const lastRead = { at: "2026-11-21T02:00:00.000Z", outcome: "inconclusive" as const, reason: "the read before did not finish" };
    expect(termsStatusText({ ...state, lastRead }, when)).toBe(
      "No change since it was reviewed. Last read 2026-11-21. The last read, 2026-11-21, found no terms: the read before did not finish.",
    );
    expect(termsStatusText({ ...state, lastRead: { ...lastRead, outcome: "ok", reason: null } }, when)).toBe(
      "No change since it was reviewed. Last read 2026-11-21.",
    );
  });

  it("says where the watch stands", () => {
    const base = { reviewedVersion: 1, latestVersion: 2, watchFor: "text" as const, lastRead: null };
    expect(termsStatusText({ ...base, status: "watching", checkedAt: null }, when)).toMatch(/^Not read yet/);
    expect(
      termsStatusText({ ...base, status: "changed", checkedAt: "2026-11-21T02:00:00.000Z", changedAt: "2026-11-20T02:00:00.000Z" }, when),
    ).toBe("Changed on 2026-11-20: waiting for review.");
    expect(
      termsStatusText(
        { ...base, status: "unreachable", checkedAt: "2026-11-21T02:00:00.000Z", unreachableSince: "2026-11-19T02:00:00.000Z" },
        when,
      ),
    ).toBe("The page could not be read since 2026-11-19.");
  });

  it("reads a changed figure in one line", () => {
    const points = (value: number) => ({ text: "", value, unit: "points" as const });
    const usd = (value: number) => ({ text: "", value, unit: "currency" as const, currency: "USD" });
    expect(figureChangeLine({ before: points(60_000), after: points(40_000) })).toBe("60,000 → 40,000 points");
    expect(figureChangeLine({ before: usd(200), after: usd(150) })).toBe("$200 → $150");
    expect(figureChangeLine({ before: null, after: points(5_000) })).toBe("new: 5,000 points");
    expect(figureChangeLine({ before: usd(1_000), after: null })).toBe("gone: $1,000");
  });

  it("sums up the job for its toast", () => {
    expect(termsWatchSummaryText({ read: 12, kept: 1, same: 10, broken: 1, inconclusive: 0 })).toBe(
      "12 terms pages read, 1 changed, 1 could not be read",
    );
    expect(termsWatchSummaryText({ read: 1, kept: 0, same: 1, broken: 0, inconclusive: 0 })).toBe("1 terms page read, 0 changed");
  });
});
