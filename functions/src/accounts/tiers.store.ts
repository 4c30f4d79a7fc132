import { FieldValue, type DocumentData, type Transaction } from "firebase-admin/firestore";
import { DEFAULT_TIER_SETTINGS, memberTier, tierSettingsSchema, type TierSettings } from "@hub/contract/tiers";
import { isActiveSubscriptionStatus } from "@hub/contract/users";
import { COLLECTIONS, db } from "../platform/db";
import { auditIn, type AuditEntry } from "./audit.store";

/*
 * The membership tiers (the contract's *Tiers and weighted shares*): `tier_settings/current` holds the
 * tiers and the default, as an admin last saved them. A member's tier is never stored: it is worked
 * out wherever it is shown or used (the user answers, the rotation, the fairness report) from these
 * settings and two fields of the member's document, so that a change of tiers or of a subscription
 * takes effect everywhere at once, with nothing to rewrite.
 */

const settingsRef = () => db().collection(COLLECTIONS.tierSettings).doc("current");

/** The tiers as stored; one `standard` tier of weight 1 until an admin saves some (or if what is stored no longer reads). */
export async function readTierSettings(): Promise<TierSettings> {
  return settingsOf((await settingsRef().get()).data());
}

/** The same inside a transaction (a change that names a tier checks it exists, at one point in time with its write). */
export async function tierSettingsIn(tx: Transaction): Promise<TierSettings> {
  return settingsOf((await tx.get(settingsRef())).data());
}

function settingsOf(data: DocumentData | undefined): TierSettings {
  if (!data) return DEFAULT_TIER_SETTINGS;
  const parsed = tierSettingsSchema.safeParse({ tiers: data.tiers, defaultTierId: data.defaultTierId });
  return parsed.success ? parsed.data : DEFAULT_TIER_SETTINGS;
}

/**
 * Replaces the tiers (with the admin's audit entry; the demo seed has none), and returns the ids of the tiers it removed. A removed tier's members are on the
 * default at once (memberTier falls back); the caller clears the admin choices that named it.
 */
export async function saveTierSettings(settings: TierSettings, audit?: AuditEntry): Promise<string[]> {
  return db().runTransaction(async (tx) => {
    const before = await tierSettingsIn(tx);
    tx.set(settingsRef(), { ...settings, updatedAt: FieldValue.serverTimestamp() });
    auditIn(tx, audit && { ...audit, details: { ...audit.details, tiers: settings.tiers.map((t) => `${t.id}:${String(t.weight)}`) } });
    const kept = new Set(settings.tiers.map((t) => t.id));
    return before.tiers.map((t) => t.id).filter((id) => !kept.has(id));
  });
}

/** What of a user's document decides their tier (memberTier's input). */
export interface TierFields {
  adminTierId: string | null;
  /** The prices of the member's subscription while it is active or trialing; none otherwise. */
  subscriptionPriceIds: string[];
}

/** A user document's tier fields: prices count only while the stored subscription is active or trialing. */
export function tierFieldsOf(data: DocumentData | undefined): TierFields {
  const prices: unknown = data?.subscriptionPriceIds;
  return {
    adminTierId: typeof data?.adminTierId === "string" ? data.adminTierId : null,
    subscriptionPriceIds:
      Array.isArray(prices) && isActiveSubscriptionStatus(typeof data?.subscriptionStatus === "string" ? data.subscriptionStatus : null)
        ? prices.filter((p): p is string => typeof p === "string")
        : [],
  };
}

/** The fields of a user document tierFieldsOf reads (for `select`). */
export const TIER_FIELDS = ["adminTierId", "subscriptionPriceIds", "subscriptionStatus"] as const;

/** A weight for each owner e-mail, from their tier fields (an owner without a document: the default tier's). */
export function weightsOf(settings: TierSettings, owners: ReadonlyMap<string, TierFields>, emails: Iterable<string>): Map<string, number> {
  const none: TierFields = { adminTierId: null, subscriptionPriceIds: [] };
  return new Map([...emails].map((email) => [email, memberTier(settings, owners.get(email) ?? none).weight]));
}

/** Clears the admin's choice of these (removed) tiers on every user who had it; returns how many. */
export async function clearAdminTiers(tierIds: readonly string[]): Promise<number> {
  if (tierIds.length === 0) return 0;
  const users = db().collection(COLLECTIONS.users);
  const writer = db().bulkWriter();
  let cleared = 0;
  // at most 10 tiers exist, so the removed ids fit one `in` (its bound is 30)
  const snap = await users
    .where("adminTierId", "in", [...tierIds])
    .select()
    .get();
  for (const doc of snap.docs) {
    cleared++;
    void writer.update(doc.ref, { adminTierId: null, updatedAt: FieldValue.serverTimestamp() });
  }
  await writer.close();
  return cleared;
}
