import type { Job, LinkHealthSummary } from "@hub/contract/jobs";
import type { LinkHealth, LinkTest, LinkTestOutcome } from "@hub/contract/links";

/** A test's outcome in words for people (the contract's names are the server's). */
export const LINK_TEST_OUTCOME_LABELS: Record<LinkTestOutcome, string> = {
  ok: "Working",
  broken: "Broken",
  inconclusive: "Could not verify",
};

/** Two broken tests in a row took it out of the rotation (not an admin's pause or a dead mark). */
export function isFailing(link: { health: Pick<LinkHealth, "status"> }): boolean {
  return link.health.status === "failing";
}

// The server words the whole test ("Broken: HTTP 404 Not Found", "Working (HTTP 200 in 4 ms)"); the
// outcome shown is the test's own (authoritative), so its words are taken off the message.
const OUTCOME_WORDS = /^(working|broken|could not verify)\b:?\s*/i;

/** What the test's message adds to its outcome: "HTTP 404 Not Found", "HTTP 200 in 4 ms", "Request failed: …". */
export function testDetail(test: Pick<LinkTest, "message">): string {
  const detail = test.message.trim().replace(OUTCOME_WORDS, "");
  return /^\(.*\)$/.test(detail) ? detail.slice(1, -1).trim() : detail;
}

/** The test's HTTP status and detail, the status said once: "HTTP 404 Not Found", "HTTP 503: Timed out". */
function statusAndDetail(test: Pick<LinkTest, "status" | "message">): string {
  const detail = testDetail(test);
  const status = test.status === undefined ? "" : `HTTP ${String(test.status)}`;
  if (!status || detail.startsWith(status)) return detail;
  return detail ? `${status}: ${detail}` : status;
}

/** The test's outcome in words, then its HTTP status and message: "Broken · HTTP 404 Not Found". */
export function describeLinkTest(test: Pick<LinkTest, "outcome" | "status" | "message">): string {
  const detail = statusAndDetail(test);
  return detail ? `${LINK_TEST_OUTCOME_LABELS[test.outcome]} · ${detail}` : LINK_TEST_OUTCOME_LABELS[test.outcome];
}

/**
 * Why a failing link failed: the newest broken test's status and message (an inconclusive test since
 * does not change the state, so it is not the reason), else a generic one.
 */
export function failingReason(health: Pick<LinkHealth, "lastTest" | "consecutiveBroken" | "tests">): string {
  const test = health.tests.find((t) => t.outcome === "broken") ?? health.lastTest;
  const tests = `${String(Math.max(health.consecutiveBroken, 2))} tests in a row found it broken`;
  const detail = test ? statusAndDetail(test) : "";
  return detail ? `${tests} (${detail})` : tests;
}

const plural = (count: number, one: string, many = `${one}s`) => `${String(count)} ${count === 1 ? one : many}`;

/** What a health check found, for its summary: "40 links tested: 35 working, 3 broken, 2 could not be verified. Failing now: 3." */
export function linkHealthSummaryText(summary: LinkHealthSummary): string {
  const outcomes = `${String(summary.ok)} working, ${String(summary.broken)} broken, ${String(summary.inconclusive)} could not be verified`;
  return `${plural(summary.tested, "link")} tested: ${outcomes}. Failing now: ${String(summary.failing)}.`;
}

/** The link-health job's summary, when the job's answer carries one (the kinds of job share one summary field). */
export function linkHealthSummaryOf(job: Pick<Job, "summary">): LinkHealthSummary | null {
  const summary = job.summary;
  return summary && "tested" in summary && "failing" in summary ? summary : null;
}
