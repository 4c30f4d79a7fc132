import { Timestamp } from "firebase-admin/firestore";
import { COLLECTIONS, db } from "../platform/db";
import { auditIn, type AuditEntry } from "../accounts/audit.store";

/** An admin acting as a member: a recorded session whose id travels in the member token's claims. */
export interface ImpersonationRecord {
  id: string;
  adminUid: string;
  memberUid: string;
  memberEmail: string;
  startedAt: Date;
  /** It ends by itself at this time, whatever else happens. */
  expiresAt: Date;
  endedAt: Date | null;
  endReason: ImpersonationEndReason | null;
  /**
   * When the admin last proved their password before starting it (their caller's authTime), in
   * seconds; 'Back to Admin' hands it back, so acting as a member never makes a sign-in fresh.
   */
  adminAuthTime: number | null;
}

export type ImpersonationEndReason = "returned" | "logout" | "admin-logout" | "admin-blocked" | "admin-password-changed";

const sessions = () => db().collection(COLLECTIONS.impersonations);

const toDate = (value: unknown): Date | null => (value instanceof Timestamp ? value.toDate() : null);

function fromData(id: string, data: FirebaseFirestore.DocumentData): ImpersonationRecord {
  return {
    id,
    adminUid: String(data.adminUid),
    memberUid: String(data.memberUid),
    memberEmail: String(data.memberEmail),
    startedAt: toDate(data.startedAt) ?? new Date(0),
    expiresAt: toDate(data.expiresAt) ?? new Date(0),
    endedAt: toDate(data.endedAt),
    endReason: (data.endReason as ImpersonationEndReason | null) ?? null,
    adminAuthTime: typeof data.adminAuthTime === "number" ? data.adminAuthTime : null,
  };
}

/** Opens a session and writes its audit entry, both or neither; returns the session's id. */
export async function startImpersonation(
  session: Omit<ImpersonationRecord, "id" | "endedAt" | "endReason">,
  audit: AuditEntry,
): Promise<string> {
  const ref = sessions().doc();
  await db().runTransaction(async (tx) => {
    tx.create(ref, {
      adminUid: session.adminUid,
      memberUid: session.memberUid,
      memberEmail: session.memberEmail,
      startedAt: Timestamp.fromDate(session.startedAt),
      expiresAt: Timestamp.fromDate(session.expiresAt),
      endedAt: null,
      endReason: null,
      adminAuthTime: session.adminAuthTime,
    });
    auditIn(tx, { ...audit, details: { ...audit.details, impersonationId: ref.id } });
  });
  return ref.id;
}

export async function getImpersonation(id: string): Promise<ImpersonationRecord | null> {
  const snap = await sessions().doc(id).get();
  return snap.exists ? fromData(snap.id, snap.data()!) : null;
}

/**
 * Ends one session, with its audit entry, if it is still open (a second end changes nothing).
 * Returns the session as it was, or null when there is none.
 */
export async function endImpersonation(
  id: string,
  reason: ImpersonationEndReason,
  now: Date,
  audit: AuditEntry,
): Promise<ImpersonationRecord | null> {
  const ref = sessions().doc(id);
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return null;
    const session = fromData(snap.id, snap.data()!);
    if (session.endedAt === null) {
      tx.update(ref, { endedAt: Timestamp.fromDate(now), endReason: reason });
      auditIn(tx, { ...audit, details: { ...audit.details, impersonationId: id, reason } });
    }
    return session;
  });
}

/** Ends every session an admin still has open (logout, block, password change); returns how many. */
export async function endImpersonationsBy(adminUid: string, reason: ImpersonationEndReason, now: Date): Promise<number> {
  const open = await sessions().where("adminUid", "==", adminUid).where("endedAt", "==", null).get();
  if (open.empty) return 0;
  const batch = db().batch();
  for (const doc of open.docs) {
    batch.update(doc.ref, { endedAt: Timestamp.fromDate(now), endReason: reason });
    auditIn(batch, {
      actorUid: adminUid,
      action: "impersonation.end",
      targetUid: String(doc.get("memberUid")),
      targetEmail: String(doc.get("memberEmail")),
      details: { impersonationId: doc.id, reason },
    });
  }
  await batch.commit();
  return open.size;
}
