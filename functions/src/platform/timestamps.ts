import { Timestamp } from "firebase-admin/firestore";

export const toDate = (value: unknown): Date | null => (value instanceof Timestamp ? value.toDate() : null);
export const toIso = (value: unknown): string | null => toDate(value)?.toISOString() ?? null;
/** For fields that always exist once written (createdAt…): the epoch stands out if one never was. */
export const toIsoOrEpoch = (value: unknown): string => toIso(value) ?? new Date(0).toISOString();
export const str = (value: unknown): string | null => (typeof value === "string" ? value : null);
