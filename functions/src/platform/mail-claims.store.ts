import { Timestamp } from "firebase-admin/firestore";
import { COLLECTIONS, db, type TtlPolicy } from "./db";

const claims = () => db().collection(COLLECTIONS.mailClaims);

/** How long a claim is kept: longer than any repeat it guards (a week's digest, an offer's last week). TTL on `expiresAt`. */
const CLAIM_KEPT_MS = 400 * 86_400_000;

export const MAIL_CLAIMS_TTL: TtlPolicy = { collection: COLLECTIONS.mailClaims, field: "expiresAt" };

/**
 * Claims one mail the hub sends on its own (docs/architecture.md, *Mail at most once*): true for the first caller
 * of `key`, false for every later one, in one transaction, before the mail is handed to the mail
 * server. So a retried slice or a second instance never sends it again; a crash after the claim loses
 * that one mail. `key` names the mail, free of slashes and of personal data (hash an e-mail first):
 * e.g. `digest_2026-W48_<hash>`. `by` names who claims it (a job), for mailClaimedBy.
 */
export async function claimMail(key: string, kind: string, now: Date, by?: string): Promise<boolean> {
  const ref = claims().doc(key);
  return db().runTransaction(async (tx) => {
    if ((await tx.get(ref)).exists) return false;
    tx.create(ref, {
      kind,
      claimedAt: Timestamp.fromDate(now),
      expiresAt: Timestamp.fromMillis(now.getTime() + CLAIM_KEPT_MS),
      ...(by === undefined ? {} : { by }),
    });
    return true;
  });
}

/**
 * Gives a claim back when the mail server refused the mail (nothing was sent): a later attempt may
 * claim and send it. Never after a send that may have gone through.
 */
export async function releaseMailClaim(key: string): Promise<void> {
  await claims().doc(key).delete();
}

/** Who claimed the mail (`by` of claimMail: a job's id), or null: a retried slice tells its own claims from an earlier run's. */
export async function mailClaimedBy(key: string): Promise<string | null> {
  const by = (await claims().doc(key).get()).get("by") as unknown;
  return typeof by === "string" ? by : null;
}
