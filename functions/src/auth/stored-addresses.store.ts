import type { WriteBatch } from "firebase-admin/firestore";
import { db } from "../platform/db";
import type { AddressWalkPart } from "../platform/address-walk";
import { CLICK_ADDRESSES } from "../visits/visits.store";
import { LOGIN_TOKEN_ADDRESSES } from "./email-tokens.store";

/**
 * Where code before issue 29 kept a whole client address, walked in this order: click records (the
 * rotation's, now written truncated; their owner visits/ hands its part over) and login tokens. The
 * walk's cursor is `collection/id` of the last record read (`collection/` before the first of a
 * collection), or WALK_DONE after the last.
 */
const PARTS: readonly AddressWalkPart[] = [CLICK_ADDRESSES, LOGIN_TOKEN_ADDRESSES];
export const WALK_DONE = "done";

/** One chunk of the walk: what it read and rewrote, and where the next one starts. */
export interface TruncationStep {
  checked: number;
  truncated: number;
  cleared: number;
  next: string;
}

/** How many records the walk reads. */
export async function countAddressRecords(): Promise<number> {
  const counts = await Promise.all(PARTS.map((part) => part.count()));
  return counts.reduce((sum, n) => sum + n, 0);
}

/**
 * Reads up to `limit` records after `cursor` (null: the start) and rewrites each whole address with
 * its truncation (platform/address-walk), in one batch with what `alsoIn` writes (the job's
 * progress): a chunk and its cursor are stored together or not at all.
 */
export async function truncateAddressesAfter(
  cursor: string | null,
  limit: number,
  alsoIn: (batch: WriteBatch, step: TruncationStep) => void,
): Promise<TruncationStep> {
  const slash = cursor === null ? -1 : cursor.indexOf("/");
  const place = cursor === null ? 0 : PARTS.findIndex(({ name }) => name === cursor.slice(0, slash));
  if (place < 0) throw new Error(`not a cursor of the address walk: ${String(cursor)}`);
  const part = PARTS[place]!;
  const batch = db().batch();
  const { checked, truncated, cleared, lastId } = await part.rewriteAfter(cursor === null ? "" : cursor.slice(slash + 1), limit, batch);
  const following = PARTS[place + 1];
  const next = lastId !== null ? `${part.name}/${lastId}` : following ? `${following.name}/` : WALK_DONE;
  const step = { checked, truncated, cleared, next };
  alsoIn(batch, step);
  await batch.commit();
  return step;
}
