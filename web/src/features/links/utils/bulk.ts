import { BULK_LIMIT, type BulkLinkResult } from "@hub/contract/links";

/** Splits ids into requests of at most `size` (the API takes 1 to 100 per call). */
export function chunkIds(ids: readonly string[], size: number = BULK_LIMIT): string[][] {
  if (size < 1) throw new Error("Chunk size must be at least 1");
  const chunks: string[][] = [];
  for (let start = 0; start < ids.length; start += size) chunks.push(ids.slice(start, start + size));
  return chunks;
}

export interface BulkFailure {
  id: string;
  message: string;
}

export interface BulkOutcome {
  updated: number;
  failed: number;
  /** Each link that failed and why: as the server said, or the failed request's message for the links it and the later ones carried. */
  failures: BulkFailure[];
  /** The message of the request that failed, when one did. */
  requestError?: string | undefined;
}

/**
 * Adds up the answers of the chunks that were sent. If a request failed, every id from that chunk
 * on (`unsent`) counts as failed, with the request's message (the loop stops at the first failed request).
 */
export function combineBulkResults(results: readonly BulkLinkResult[], unsent: readonly string[] = [], requestError?: string): BulkOutcome {
  const updated = results.reduce((sum, result) => sum + result.updated, 0);
  const failures = [
    ...results.flatMap((result) => result.failed),
    ...(requestError === undefined ? [] : unsent.map((id) => ({ id, message: requestError }))),
  ];
  return { updated, failed: failures.length, failures, requestError };
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
