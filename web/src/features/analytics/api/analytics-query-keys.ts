import type { TimeFilter } from "@hub/contract/analytics";

/** Each range is its own cache entry, so switching back to a range within 2 minutes needs no call. */
export const analyticsQueryKeys = {
  all: ["analytics"] as const,
  overview: (timeFilter: TimeFilter) => ["analytics", "overview", timeFilter] as const,
  program: (programId: string, timeFilter: TimeFilter) => ["analytics", "program", programId, timeFilter] as const,
  users: (timeFilter: TimeFilter) => ["analytics", "users", timeFilter] as const,
  fairness: (timeFilter: TimeFilter) => ["analytics", "fairness", timeFilter] as const,
  /** One program's links in the fairness report: asked for when its row opens. */
  fairnessLinks: (programId: string, timeFilter: TimeFilter) => ["analytics", "fairness", timeFilter, "links", programId] as const,
  traffic: (timeFilter: TimeFilter) => ["analytics", "traffic", timeFilter] as const,
  outcomes: (timeFilter: TimeFilter) => ["analytics", "outcomes", timeFilter] as const,
  /** One program's links in the outcome report: asked for when its row opens. */
  outcomeLinks: (programId: string, timeFilter: TimeFilter) => ["analytics", "outcomes", timeFilter, "links", programId] as const,
};
