import { BULK_LIMIT, type BulkLinkResult } from "@hub/contract/links";

/** Splits ids into requests of at most `size` (the API takes 1 to 100 per call). */
export function chunkIds(ids: readonly string[], size: number = BULK_LIMIT): string[][] {
  if (size < 1) throw new Error("Chunk size must be at least 1");
  const chunks: string[][] = [];
  for (let start = 0; start < ids.length; start += size) chunks.push(ids.slice(start, start + size));
  return chunks;
}

export interface BulkOutcome {
  updated: number;
  failed: number;
  /** The message of the request that failed, when one did. */
  requestError?: string | undefined;
}

/**
 * Adds up the answers of the chunks that were sent. If a request failed, every id from that chunk
 * on counts as failed (the loop stops at the first failed request).
 */
export function combineBulkResults(results: readonly BulkLinkResult[], totalIds: number, requestError?: string): BulkOutcome {
  const updated = results.reduce((sum, result) => sum + result.updated, 0);
  const reportedFailed = results.reduce((sum, result) => sum + result.failed.length, 0);
  const answered = results.reduce((sum, result) => sum + result.updated + result.failed.length, 0);
  const unanswered = requestError === undefined ? 0 : Math.max(totalIds - answered, 0);
  return { updated, failed: reportedFailed + unanswered, requestError };
}

export interface BulkToast {
  title: string;
  description: string;
  variant: "default" | "destructive";
}

/** The toast for a bulk operation: success, partial ('{n} link(s) updated successfully, {m} failed') or failure (server message). */
export function bulkToast(outcome: BulkOutcome): BulkToast {
  if (outcome.updated === 0 && outcome.requestError !== undefined) {
    return { title: "Bulk operation failed", description: outcome.requestError, variant: "destructive" };
  }
  if (outcome.failed > 0) {
    return {
      title: outcome.updated > 0 ? "Bulk operation partly done" : "Bulk operation failed",
      description: `${String(outcome.updated)} link(s) updated successfully, ${String(outcome.failed)} failed`,
      variant: "destructive",
    };
  }
  return { title: "Bulk operation complete", description: `${String(outcome.updated)} link(s) updated successfully`, variant: "default" };
}
