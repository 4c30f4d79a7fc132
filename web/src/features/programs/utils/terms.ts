import type { TermsWatchSummary } from "@hub/contract/jobs";
import type { TermsState } from "@hub/contract/terms";

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** What the terms watch did, in a sentence for its toast. */
export function termsWatchSummaryText(summary: TermsWatchSummary | undefined): string {
  if (!summary) return "Every terms page was read";
  const failed = summary.broken + summary.inconclusive;
  const parts = [
    `${count(summary.read, "terms page", "terms pages")} read`,
    `${count(summary.kept, "changed", "changed")}`,
    ...(failed > 0 ? [`${count(failed, "could not be read", "could not be read")}`] : []),
  ];
  return parts.join(", ");
}

/** The mark a program's card carries for its terms: what waits for an admin, or nothing. */
export function termsMark(terms: TermsState | null | undefined): { label: string; color: "warning" | "error" } | null {
  if (terms?.status === "changed") return { label: "Terms changed", color: "warning" };
  if (terms?.status === "unreachable") return { label: "Terms unreachable", color: "error" };
  return null;
}

/**
 * The programs whose terms wait for an admin (changed, or unreachable), by name: the Programs tab names
 * them above its list whatever its filters hide (an approved program is hidden by default).
 */
export function programsWithTermsToReview<P extends { name: string; terms?: TermsState | null }>(programs: readonly P[]): P[] {
  return programs.filter((p) => termsMark(p.terms) !== null).sort((a, b) => a.name.localeCompare(b.name));
}

/** The terms' state in a sentence, for the program's details and the Terms dialog; a last read that found no text says why. */
export function termsStatusText(terms: TermsState, when: (iso: string) => string): string {
  const state = termsStateText(terms, when);
  const last = terms.lastRead;
  if (last?.outcome !== "inconclusive" || terms.status === "unreachable") return state;
  return `${state} The last read, ${when(last.at)}, found no terms: ${last.reason ?? "no reason given"}.`;
}

function termsStateText(terms: TermsState, when: (iso: string) => string): string {
  if (terms.status === "unreachable") return `The page could not be read since ${when(terms.unreachableSince ?? terms.checkedAt ?? "")}.`;
  if (terms.checkedAt === null) return "Not read yet: the watch reads it at 02:00 UTC, or now with Check Terms Now.";
  if (terms.status === "changed") return `Changed on ${when(terms.changedAt ?? terms.checkedAt)}: waiting for review.`;
  return `No change since it was reviewed. Last read ${when(terms.checkedAt)}.`;
}
