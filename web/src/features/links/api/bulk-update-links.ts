// Approve, pause, mark dead or test up to 100 links per request (admin).
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
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
  const body = bulkLinkRequestSchema.parse({
    ids: input.ids,
    op: input.op,
    ...(input.deadNote?.trim() ? { deadNote: input.deadNote } : {}),
  });
  return callApi("bulkUpdateLinks", { body });
}

/** How far a bulk operation has gone: links whose request has been answered, of all selected. */
export interface BulkProgress {
  done: number;
  total: number;
}

/** Sends the selection in chunks of BULK_LIMIT, one after another, reporting progress; stops at the first failed request. */
export async function bulkUpdateLinks(
  input: BulkUpdateInput,
  onProgress: (progress: BulkProgress) => void = () => undefined,
): Promise<BulkOutcome> {
  const results: BulkLinkResult[] = [];
  let done = 0;
  onProgress({ done, total: input.ids.length });
  for (const ids of chunkIds(input.ids)) {
    try {
      results.push(await bulkUpdateLinkChunk({ ...input, ids }));
    } catch (error) {
      return combineBulkResults(results, input.ids.slice(done), errorText(error));
    }
    done += ids.length;
    onProgress({ done, total: input.ids.length });
  }
  return combineBulkResults(results);
}

/** The bulk mutation, and its progress while it runs (null otherwise). */
export function useBulkUpdateLinks() {
  const invalidate = useInvalidateAdminData();
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const mutation = useMutation({
    mutationKey: ["admin", "bulk-links"],
    mutationFn: (input: BulkUpdateInput) => bulkUpdateLinks(input, setProgress),
    onSettled: () => {
      setProgress(null);
      return invalidate();
    },
  });
  return { mutation, progress };
}
