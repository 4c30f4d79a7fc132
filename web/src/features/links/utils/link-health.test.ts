import { describe, expect, it } from "vitest";
import { UNKNOWN_HEALTH } from "@hub/contract/links";
import {
  describeLinkTest,
  failingReason,
  isFailing,
  LINK_TEST_OUTCOME_LABELS,
  linkHealthSummaryOf,
  linkHealthSummaryText,
} from "./link-health";

describe("link health in words", () => {
  it("names the outcomes for people", () => {
    expect(LINK_TEST_OUTCOME_LABELS).toEqual({ ok: "Working", broken: "Broken", inconclusive: "Could not verify" });
  });

  it("describes a test by outcome, HTTP status and message, each said once", () => {
    // the server's own words for its tests
    expect(describeLinkTest({ outcome: "broken", status: 404, message: "Broken: HTTP 404 Not Found" })).toBe("Broken · HTTP 404 Not Found");
    expect(describeLinkTest({ outcome: "ok", status: 200, message: "Working (HTTP 200 in 4 ms)" })).toBe("Working · HTTP 200 in 4 ms");
    expect(describeLinkTest({ outcome: "ok", message: "Working (12 ms)" })).toBe("Working · 12 ms");
    // the outcome shown is the test's, whatever the message starts with
    expect(describeLinkTest({ outcome: "inconclusive", status: 503, message: "Broken: HTTP 503 Service Unavailable" })).toBe(
      "Could not verify · HTTP 503 Service Unavailable",
    );
    expect(describeLinkTest({ outcome: "broken", message: "Broken: Request failed: getaddrinfo ENOTFOUND" })).toBe(
      "Broken · Request failed: getaddrinfo ENOTFOUND",
    );
    expect(describeLinkTest({ outcome: "inconclusive", status: 403, message: "Timed out" })).toBe("Could not verify · HTTP 403: Timed out");
    expect(describeLinkTest({ outcome: "ok", status: 200, message: " " })).toBe("Working · HTTP 200");
    expect(describeLinkTest({ outcome: "broken", message: "" })).toBe("Broken");
  });

  it("says why a link is failing", () => {
    const at = "2026-01-01T00:00:00.000Z";
    const notFound = { at, outcome: "broken", status: 404, message: "Broken: HTTP 404 Not Found" } as const;
    const timeout = { at, outcome: "inconclusive", message: "Could not verify: Timed out" } as const;
    expect(failingReason({ consecutiveBroken: 2, lastTest: notFound, tests: [notFound, notFound] })).toBe(
      "2 tests in a row found it broken (HTTP 404 Not Found)",
    );
    // an inconclusive test since is not the reason
    expect(failingReason({ consecutiveBroken: 2, lastTest: timeout, tests: [timeout, notFound, notFound] })).toBe(
      "2 tests in a row found it broken (HTTP 404 Not Found)",
    );
    const noHost = { at, outcome: "broken", message: "Broken: Request failed: getaddrinfo ENOTFOUND" } as const;
    expect(failingReason({ consecutiveBroken: 3, lastTest: noHost, tests: [noHost] })).toBe(
      "3 tests in a row found it broken (Request failed: getaddrinfo ENOTFOUND)",
    );
    expect(failingReason({ consecutiveBroken: 0, lastTest: null, tests: [] })).toBe("2 tests in a row found it broken");
  });

  it("tells failing links apart", () => {
    expect(isFailing({ health: { status: "failing" } })).toBe(true);
    expect(isFailing({ health: UNKNOWN_HEALTH })).toBe(false);
  });
});

describe("the health check's summary", () => {
  const summary = { tested: 40, ok: 35, broken: 3, inconclusive: 2, failing: 3 };

  it("counts each outcome and the failing links", () => {
    expect(linkHealthSummaryText(summary)).toBe("40 links tested: 35 working, 3 broken, 2 could not be verified. Failing now: 3.");
    expect(linkHealthSummaryText({ tested: 1, ok: 1, broken: 0, inconclusive: 0, failing: 0 })).toBe(
      "1 link tested: 1 working, 0 broken, 0 could not be verified. Failing now: 0.",
    );
  });

  it("is found only on a link-health job", () => {
    expect(linkHealthSummaryOf({ summary })).toEqual(summary);
    expect(linkHealthSummaryOf({ summary: { checkedCount: 2, approvedCount: 1 } })).toBeNull();
    expect(linkHealthSummaryOf({})).toBeNull();
  });
});
