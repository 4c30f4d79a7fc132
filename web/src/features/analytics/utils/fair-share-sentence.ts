import type { OwnLinkStats, TimeFilter } from "@hub/contract/analytics";
import { programDisplayName } from "./program-summary";

/** How a sentence names the window: "… visits in the last 30 days". */
const WINDOW_PHRASES: Record<TimeFilter, string> = {
  "24h": "in the last 24 hours",
  "7d": "in the last 7 days",
  "30d": "in the last 30 days",
  "3mo": "in the last 3 months",
  "12mo": "in the last 12 months",
  all: "of all time",
};

export function windowPhrase(timeFilter: TimeFilter): string {
  return WINDOW_PHRASES[timeFilter];
}

/** "1 visit", "1,240 visits". */
export function countOf(count: number, singular: string, plural: string, locale?: string): string {
  return `${count.toLocaleString(locale)} ${count === 1 ? singular : plural}`;
}

/** "Amex Gold's", "Amex Points'": the owner of the visits, as a name ending in s takes it. */
function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/** A share ratio as a percentage of an equal share: 0.97 → "97%". */
export function formatShareRatio(shareRatio: number, locale?: string): string {
  return `${Math.round(shareRatio * 100).toLocaleString(locale)}%`;
}

/** A fair share in visits, to one decimal at most: 61.94 → "61.9", 12 → "12". */
export function formatFairShare(fairShare: number, locale?: string): string {
  return fairShare.toLocaleString(locale, { maximumFractionDigits: 1 });
}

function sharingMembers(activeLinks: number, locale?: string): string {
  if (activeLinks === 0) return "no member's link is active in this program right now";
  return activeLinks === 1 ? "1 member shares this program" : `${activeLinks.toLocaleString(locale)} members share this program`;
}

/**
 * What the member's share is called: "an equal share" for a link of weight 1; a heavier link's share
 * is its weight's part, "your 2× share" (its owner's tier weight, which only its owner sees).
 */
export function shareName(weight = 1): string {
  return weight === 1 ? "an equal share" : `your ${String(weight)}× share`;
}

/** The same as a figure's or a chart line's label: "Equal share", "Your 2× share". */
export function shareTerm(weight = 1): string {
  return weight === 1 ? "Equal share" : `Your ${String(weight)}× share`;
}

type SentenceStats = Pick<OwnLinkStats, "programName" | "activeLinksInProgram" | "programVisits" | "shareRatio"> &
  Partial<Pick<OwnLinkStats, "weight">>;

/**
 * The member's figures for one link in plain words, e.g. "You received 97% of an equal share of Amex
 * Gold's 1,240 visits in the last 30 days; 5 members share this program." ("of your 2× share" for a link
 * whose weight is 2.) A null ratio (no fair share)
 * says there was nothing to share yet: no visits at all, or none while the link was in the rotation.
 */
export function fairShareSentence(stats: SentenceStats, timeFilter: TimeFilter, locale?: string): string {
  const program = programDisplayName(stats.programName);
  const window = windowPhrase(timeFilter);
  const visits = countOf(stats.programVisits, "visit", "visits", locale);
  if (stats.programVisits === 0) return `${program} had no visits ${window}, so there were no visits to share yet.`;
  if (stats.shareRatio === null) {
    return `${program} had ${visits} ${window}, none while your link was in its rotation, so there were no visits to share with you yet.`;
  }
  return `You received ${formatShareRatio(stats.shareRatio, locale)} of ${shareName(stats.weight)} of ${possessive(program)} ${visits} ${window}; ${sharingMembers(stats.activeLinksInProgram, locale)}.`;
}
