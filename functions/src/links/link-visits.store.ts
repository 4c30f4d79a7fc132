import { FieldValue } from "firebase-admin/firestore";
import type { LinkVisitsIn } from "../visits/visit-fold.store";
import { linksCollection } from "./links.store";

/**
 * The links' side of the nightly fold (visits/visit-fold.store foldDay), in its transaction: which of
 * the day's links still exist, and their `visitCount` raised by the day's visits.
 */
export const linkVisitsIn: LinkVisitsIn = async (tx, ids) => {
  const snaps = ids.length > 0 ? await tx.getAll(...ids.map((id) => linksCollection().doc(id))) : [];
  const existing = new Set(snaps.filter((s) => s.exists).map((s) => s.id));
  return {
    existing,
    addVisits: (visits) => {
      for (const id of existing) {
        const added = visits.get(id) ?? 0;
        if (added !== 0) tx.update(linksCollection().doc(id), { visitCount: FieldValue.increment(added) });
      }
    },
  };
};
