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
