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
  /** A test: what the tests that ran found (they all count as updated, whatever they found). */
  tested?: TestTally | undefined;
  /** Mark dead: the links whose owner's e-mail could not be sent. */
  notNotified?: string[] | undefined;
}

export type TestTally = NonNullable<BulkLinkResult["tested"]>;

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
  const tallies = results.flatMap((result) => (result.tested ? [result.tested] : []));
  const tested =
    tallies.length === 0
      ? undefined
      : tallies.reduce((sum, t) => ({ ok: sum.ok + t.ok, broken: sum.broken + t.broken, inconclusive: sum.inconclusive + t.inconclusive }));
  const notNotified = results.some((result) => result.notNotified) ? results.flatMap((result) => result.notNotified ?? []) : undefined;
  return {
    updated,
    failed: failures.length,
    failures,
    requestError,
    ...(tested ? { tested } : {}),
    ...(notNotified ? { notNotified } : {}),
  };
}

const links = (n: number) => `${String(n)} link${n === 1 ? "" : "s"}`;

/** What the tests found, in words: '2 links passed, 1 failed, 1 could not be tested'. */
export function testTallyText({ ok, broken, inconclusive }: TestTally): string {
  return `${links(ok)} passed, ${String(broken)} failed, ${String(inconclusive)} could not be tested`;
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
  if (outcome.tested) {
    // a test that ran "updated" its link whatever it found: the toast says what it found
    const { broken, inconclusive } = outcome.tested;
    const missed = outcome.failed > 0 ? `; ${links(outcome.failed)} not tested (see the list)` : "";
    return {
      title: "Bulk test done",
      description: `${testTallyText(outcome.tested)}${missed}`,
      variant: broken + inconclusive + outcome.failed > 0 ? "destructive" : "default",
    };
  }
  if (outcome.notNotified && outcome.notNotified.length > 0) {
    const untold = outcome.notNotified.length;
    const failed = outcome.failed > 0 ? `, ${String(outcome.failed)} failed` : "";
    return {
      title: "Links marked dead, some owners not e-mailed",
      description: `${links(outcome.updated)} marked dead${failed}; the e-mail to ${String(untold)} owner(s) could not be sent`,
      variant: "destructive",
    };
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
