import type { DigestSummary } from "@hub/contract/jobs";
import type { CheckAllSubscriptionsResult } from "@hub/contract/users";

const plural = (count: number, one: string, many = `${one}s`) => `${String(count)} ${count === 1 ? one : many}`;

/** The 'Subscriptions checked' toast's description. */
export function checkAllSummary(result: CheckAllSubscriptionsResult): string {
  return `Total ${String(result.total)}: ${String(result.active)} active, ${String(result.cancelled)} cancelled, ${String(result.not_found)} not found, ${String(result.errors)} errors`;
}

/** The auto-approval toast's description. */
export function autoApproveSummary(result: { checkedCount: number; approvedCount: number }): string {
  return `Checked ${plural(result.checkedCount, "user")}, approved ${String(result.approvedCount)}`;
}

/** The merge toast's description. */
export function mergeSummary(result: { movedLinks: number; movedTokens: number }): string {
  return `Moved ${plural(result.movedLinks, "link")} and ${plural(result.movedTokens, "login token")} to the primary account`;
}

/** The weekly digest's toast: mails sent, members with nothing to get (opted out, no link, had theirs this week), refusals. */
export function digestSummaryText(summary: DigestSummary | undefined): string {
  if (!summary) return "Every member due one has their digest";
  const failed = summary.failed > 0 ? `, ${plural(summary.failed, "mail")} the mail server refused` : "";
  return `Sent ${plural(summary.sent, "digest")}, skipped ${plural(summary.skipped, "member")}${failed}`;
}
