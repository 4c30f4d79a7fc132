import type { DailySummary } from "@hub/contract/jobs";

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** What the day's turn did, in a sentence for its toast. */
export function dailySummaryText(summary: DailySummary | undefined): string {
  if (!summary) return "Counts, snoozes and offer-end warnings are up to date";
  const failed =
    summary.offerWarningsFailed > 0 ? `; ${count(summary.offerWarningsFailed, "warning", "warnings")} the mail server refused` : "";
  return `${count(summary.programsRecounted, "program", "programs")} recounted, ${count(summary.snoozesEnded, "snooze", "snoozes")} ended, ${count(summary.offerWarningsSent, "offer-end warning", "offer-end warnings")} sent${failed}`;
}
