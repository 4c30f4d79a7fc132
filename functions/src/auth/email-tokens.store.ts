import { FieldValue, Timestamp, type Transaction } from "firebase-admin/firestore";
import { addressWalkPart } from "../platform/address-walk";
import { COLLECTIONS, db, type TtlPolicy } from "../platform/db";
import { truncatedAddress } from "../platform/http/ip-prefix";

const tokens = () => db().collection(COLLECTIONS.emailTokens);

/**
 * How long a token is kept after it expired: Firestore's TTL policy on `deleteAt`
 * (firestore.indexes.json) removes it then, usually within a day. Until then an old link still
 * answers TOKEN_EXPIRED rather than TOKEN_INVALID.
 */
export const EXPIRED_TOKEN_KEPT_MS = 7 * 86_400_000;

export const EMAIL_TOKENS_TTL: TtlPolicy = { collection: COLLECTIONS.emailTokens, field: "deleteAt" };

export interface NewEmailToken {
  /** SHA-256 of the token, hex: the document id, so the token itself is never stored. */
  tokenHash: string;
  email: string;
  /** The address as the member typed it (trimmed), when its case differs: Stripe matches case-sensitively. */
  typedEmail: string | null;
  expiresAt: Date;
  maxUses: number;
}

export async function saveEmailToken(token: NewEmailToken): Promise<void> {
  await tokens()
    .doc(token.tokenHash)
    .create({
      email: token.email,
      typedEmail: token.typedEmail,
      token: token.tokenHash,
      expiresAt: Timestamp.fromDate(token.expiresAt),
      deleteAt: Timestamp.fromMillis(token.expiresAt.getTime() + EXPIRED_TOKEN_KEPT_MS),
      createdAt: FieldValue.serverTimestamp(),
      useCount: 0,
      maxUses: token.maxUses,
      lastUsedAt: null,
      lastUsedIp: null,
    });
}

export type TokenUseResult =
  { ok: true; email: string; typedEmail: string | null } | { ok: false; reason: "invalid" | "expired" | "used_up" };

/** gRPC's FAILED_PRECONDITION and NOT_FOUND: the token changed (or went) between the read and the write. */
const changedMeanwhile = (err: unknown) => [9, 5].includes(Number((err as { code?: unknown }).code));

/**
 * How many reads a use may take. Each lost write means another request wrote the token between this
 * one's read and write: a use spent (at most `maxUses` of them) or, rarely, a merge or delete of its
 * member. A race is therefore decided within maxUses + 1 rounds; the rest is margin for those.
 */
const roundsFor = (maxUses: number) => maxUses + 3;

/**
 * Spends one use of a token: a compare-and-set on the token's document (the write carries the
 * update time it was read at), so a token can never be used more than `maxUses` times however many
 * requests race. Not a transaction: read-then-write transactions on one document deadlock each
 * other until the loser is aborted and retried after a back-off (seconds per round in the emulator,
 * and in production the Admin SDK's five attempts can run out with more than five racers); a lost
 * compare-and-set is answered at once and read again. The client's address `ip` is kept only
 * truncated, to its /24 or /48 (docs/architecture.md, *Honest counts*, "No full address is stored").
 */
export async function useEmailToken(tokenHash: string, now: Date, ip: string | null): Promise<TokenUseResult> {
  const ref = tokens().doc(tokenHash);
  for (let round = 1; ; round++) {
    const snap = await ref.get();
    const data = snap.data();
    if (!data || !snap.updateTime) return { ok: false, reason: "invalid" } as const;
    const expiresAt = data.expiresAt instanceof Timestamp ? data.expiresAt.toMillis() : 0;
    if (expiresAt <= now.getTime()) return { ok: false, reason: "expired" } as const;
    const useCount = Number(data.useCount ?? 0);
    const maxUses = Number(data.maxUses ?? 5);
    if (useCount >= maxUses) return { ok: false, reason: "used_up" } as const;
    try {
      await ref.update(
        { useCount: useCount + 1, lastUsedAt: Timestamp.fromDate(now), lastUsedIp: ip === null ? null : truncatedAddress(ip) },
        { lastUpdateTime: snap.updateTime },
      );
    } catch (err) {
      if (changedMeanwhile(err) && round < roundsFor(maxUses)) continue;
      throw err;
    }
    return { ok: true, email: String(data.email), typedEmail: typeof data.typedEmail === "string" ? data.typedEmail : null } as const;
  }
}

/**
 * Inside a transaction: the tokens of this address that have not expired (user delete and merge touch
 * only these; expired ones open nothing and leave by TTL). Uses the (email, expiresAt) index.
 */
export async function unexpiredTokensOf(tx: Transaction, email: string, now: Date): Promise<UnexpiredTokens> {
  const { docs } = await tx.get(tokens().where("email", "==", email).where("expiresAt", ">", Timestamp.fromDate(now)));
  return { ids: docs.map((d) => d.id) };
}

/** A member's login tokens that can still sign in, read in a transaction: what it may delete or move. */
export interface UnexpiredTokens {
  readonly ids: readonly string[];
}

/** In the transaction that read them: deletes these tokens (their owner is deleted). */
export function deleteTokensIn(tx: Transaction, found: UnexpiredTokens): void {
  for (const id of found.ids) tx.delete(tokens().doc(id));
}

/** In the transaction that read them: these tokens now sign in `email` (their owner was merged into it). */
export function moveTokensIn(tx: Transaction, found: UnexpiredTokens, email: string): void {
  for (const id of found.ids) tx.update(tokens().doc(id), { email });
}

/** The login tokens' part of the walk that truncates whole addresses stored before issue 29 (stored-addresses.store). */
export const LOGIN_TOKEN_ADDRESSES = addressWalkPart(COLLECTIONS.emailTokens, "lastUsedIp");
