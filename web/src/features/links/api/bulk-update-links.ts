// Approve, pause, mark dead or test up to 100 links per request (admin).
import { useMutation } from "@tanstack/react-query";
import { bulkLinkRequestSchema, type BulkLinkResult, type BulkOperation } from "@hub/contract/links";
import { callApi } from "@/lib/api-client";
import { chunkIds, combineBulkResults, type BulkOutcome } from "../utils/bulk";
import { errorText } from "@/lib/error-text";
import { useInvalidateAdminData } from "@/lib/query-keys";

export interface BulkUpdateInput {
  ids: string[];
  op: BulkOperation;
  deadNote?: string | undefined;
}

export function bulkUpdateLinkChunk(input: BulkUpdateInput): Promise<BulkLinkResult> {
  const body = bulkLinkRequestSchema.parse({ ids: input.ids, op: input.op, ...(input.deadNote?.trim() ? { deadNote: input.deadNote } : {}) });
  return callApi("bulkUpdateLinks", { body });
}

/** Sends the selection in chunks of BULK_LIMIT, one after another; stops at the first failed request. */
export async function bulkUpdateLinks(input: BulkUpdateInput): Promise<BulkOutcome> {
  const results: BulkLinkResult[] = [];
  for (const ids of chunkIds(input.ids)) {
    try {
      results.push(await bulkUpdateLinkChunk({ ...input, ids }));
    } catch (error) {
      return combineBulkResults(results, input.ids.length, errorText(error));
    }
  }
  return combineBulkResults(results, input.ids.length);
}

export function useBulkUpdateLinks() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: ["admin", "bulk-links"], mutationFn: bulkUpdateLinks, onSettled: invalidate });
}
