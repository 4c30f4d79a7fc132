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

/** The test's outcome, HTTP status and message, as one line: "Broken · HTTP 404 · Not Found". */
export function describeLinkTest(test: Pick<LinkTest, "outcome" | "status" | "message">): string {
  const parts = [LINK_TEST_OUTCOME_LABELS[test.outcome]];
  if (test.status !== undefined) parts.push(`HTTP ${String(test.status)}`);
  const message = test.message.trim();
  // the server's message often repeats the status ("HTTP 404"): say it once
  if (message && message !== parts.at(-1)) parts.push(message);
  return parts.join(" · ");
}

/**
 * Why a failing link failed: the newest broken test's status and message (an inconclusive test since
 * does not change the state, so it is not the reason), else a generic one.
 */
export function failingReason(health: Pick<LinkHealth, "lastTest" | "consecutiveBroken" | "tests">): string {
  const test = health.tests.find((t) => t.outcome === "broken") ?? health.lastTest;
  const tests = `${String(Math.max(health.consecutiveBroken, 2))} tests in a row found it broken`;
  if (!test) return tests;
  const status = test.status === undefined ? "" : `HTTP ${String(test.status)}`;
  const message = test.message.trim();
  const detail = [status, message && message !== status ? message : ""].filter(Boolean).join(": ");
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
