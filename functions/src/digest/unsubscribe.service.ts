import type { AppDeps } from "../platform/deps";
import { ApiError } from "../platform/api-error";
import { setWeeklyDigest } from "../accounts/users.store";
import { uidOfUnsubscribeToken } from "./unsubscribe-token";

export const INVALID_UNSUBSCRIBE = "Unsubscribe link is invalid";

/**
 * POST /api/public/unsubscribe: the digest's signed link turns it off, signed out; again changes
 * nothing and answers the same. A token this hub did not sign is 400; one of an account deleted since
 * is answered as done (there is no one left to mail).
 */
export async function unsubscribeFromDigest(deps: AppDeps, token: string): Promise<{ unsubscribed: true }> {
  const uid = uidOfUnsubscribeToken(deps.keyedHashSecret, token);
  if (uid === null) throw new ApiError("VALIDATION", INVALID_UNSUBSCRIBE);
  await setWeeklyDigest(uid, false);
  return { unsubscribed: true };
}
