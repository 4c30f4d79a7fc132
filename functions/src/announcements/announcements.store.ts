import { FieldValue, type DocumentSnapshot } from "firebase-admin/firestore";
import { COLLECTIONS, db } from "../platform/db";
import { toIsoOrEpoch } from "../platform/timestamps";

export interface AnnouncementRecord {
  id: string;
  message: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The product has one announcement: it lives at a fixed id, so "create or edit" cannot make two. */
export const ANNOUNCEMENT_ID = "current";
const ref = () => db().collection(COLLECTIONS.announcements).doc(ANNOUNCEMENT_ID);

function fromSnapshot(snap: DocumentSnapshot): AnnouncementRecord | null {
  const d = snap.data();
  if (!d) return null;
  return {
    id: snap.id,
    message: String(d.message ?? ""),
    isActive: d.isActive !== false,
    createdAt: toIsoOrEpoch(d.createdAt),
    updatedAt: toIsoOrEpoch(d.updatedAt),
  };
}

export async function getAnnouncement(): Promise<AnnouncementRecord | null> {
  return fromSnapshot(await ref().get());
}

/** Edits the announcement, or creates it when there is none. */
export async function saveAnnouncement(
  changes: { message?: string; isActive?: boolean },
  mustExist: boolean,
): Promise<AnnouncementRecord | null> {
  const saved = await db().runTransaction(async (tx) => {
    const snap = await tx.get(ref());
    const now = FieldValue.serverTimestamp();
    if (snap.exists) tx.update(ref(), { ...changes, updatedAt: now });
    else if (mustExist) return false;
    else tx.create(ref(), { message: changes.message ?? "", isActive: changes.isActive ?? true, createdAt: now, updatedAt: now });
    return true;
  });
  return saved ? getAnnouncement() : null;
}
