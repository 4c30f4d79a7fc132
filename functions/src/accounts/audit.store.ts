import { FieldValue, type Transaction, type WriteBatch } from "firebase-admin/firestore";
import { COLLECTIONS, db } from "../platform/db";

/** Who did what to whom: written in the same transaction as the change it records. */
export interface AuditEntry {
  actorUid: string;
  action: string;
  targetUid?: string | null;
  targetEmail?: string | null;
  details?: Record<string, unknown>;
}

const auditDoc = (entry: AuditEntry) => ({
  ...entry,
  targetUid: entry.targetUid ?? null,
  targetEmail: entry.targetEmail ?? null,
  details: entry.details ?? {},
  at: FieldValue.serverTimestamp(),
});

/** Records the change in the audit log within its own transaction: both happen, or neither. */
export function auditIn(tx: Transaction | WriteBatch, entry: AuditEntry | undefined): void {
  if (entry) tx.create(db().collection(COLLECTIONS.auditLog).doc(), auditDoc(entry));
}

/** Who did what to whom, for actions that change nothing else (impersonation, bulk checks). */
export async function recordAudit(entry: AuditEntry) {
  await db().collection(COLLECTIONS.auditLog).add(auditDoc(entry));
}

/**
 * An entry in the shape of the contract's *Activity log* (Moderation as a team): who (uid, role,
 * e-mail), what, on which target, and the changed fields with their new values. Never a password,
 * a token, a webhook's path or secret, or a client address: the caller passes only what may be kept.
 */
export interface ActivityEntry {
  actor: { uid: string; role: "admin" | "moderator" | "member"; email: string };
  action: string;
  target: { kind: "link" | "program" | "user" | "settings" | "job"; id: string; label: string };
  reason?: string | null;
  ownItem?: boolean;
  details?: Record<string, unknown>;
}

/** Records a staff change as an activity entry, in the change's own transaction. */
export function activityIn(tx: Transaction | WriteBatch, entry: ActivityEntry): void {
  tx.create(db().collection(COLLECTIONS.auditLog).doc(), {
    ...entry,
    reason: entry.reason ?? null,
    ownItem: entry.ownItem ?? false,
    details: entry.details ?? {},
    at: FieldValue.serverTimestamp(),
  });
}
