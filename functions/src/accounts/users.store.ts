import { FieldValue, type DocumentSnapshot, type Query, type QuerySnapshot, type Transaction } from "firebase-admin/firestore";
import { COLLECTIONS, db } from "../platform/db";
import { str, toDate } from "../platform/timestamps";
import { isActiveSubscriptionStatus } from "@hub/contract/users";
import { readTierSettings, TIER_FIELDS, tierFieldsOf, weightsOf, type TierFields } from "./tiers.store";

/** A user document, keyed by the Firebase Auth uid. `username` is the login e-mail. */
export interface UserRecord {
  id: string;
  username: string;
  email: string;
  displayName: string | null;
  isAdmin: boolean;
  blocked: boolean;
  approved: boolean;
  /** Made by an admin: approved at once and exempt from the subscription rule. */
  createdByAdmin: boolean;
  notes: string | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  subscriptionStatus: string | null;
  subscriptionLastChecked: Date | null;
  /** The admin's choice of tier (accounts/tiers.store), null for the automatic one. */
  adminTierId: string | null;
  /** The prices of the member's subscription while active or trialing (what grants a tier); empty otherwise. */
  subscriptionPriceIds: string[];
  /** The Monday digest e-mail (docs/architecture.md, *The weekly digest*): on unless the member turned it off. */
  weeklyDigest: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface SubscriptionFields {
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  subscriptionStatus: string;
  /** The subscription's prices, kept only while it is active or trialing (a lapsed one grants no tier); none when omitted. */
  subscriptionPriceIds?: string[];
}

const users = () => db().collection(COLLECTIONS.users);

export function userFromSnapshot(snap: DocumentSnapshot): UserRecord | null {
  const d = snap.data();
  if (!d) return null;
  return {
    id: snap.id,
    username: String(d.username),
    email: String(d.email ?? d.username),
    displayName: str(d.displayName),
    isAdmin: d.isAdmin === true,
    blocked: d.blocked === true,
    approved: d.approved === true,
    createdByAdmin: d.createdByAdmin === true,
    notes: str(d.notes),
    stripeCustomerId: str(d.stripeCustomerId),
    stripeSubscriptionId: str(d.stripeSubscriptionId),
    subscriptionStatus: str(d.subscriptionStatus),
    subscriptionLastChecked: toDate(d.subscriptionLastChecked),
    ...tierFieldsOf(d),
    weeklyDigest: d.weeklyDigest !== false,
    createdAt: toDate(d.createdAt) ?? new Date(0),
    updatedAt: toDate(d.updatedAt) ?? new Date(0),
  };
}

export async function getUserById(uid: string): Promise<UserRecord | null> {
  return userFromSnapshot(await users().doc(uid).get());
}

/**
 * Turns the member's weekly digest on or off; the user as stored after it, or null when there is no
 * such user (an unsubscribe link of a deleted account). Setting it again changes nothing.
 */
export async function setWeeklyDigest(uid: string, on: boolean): Promise<UserRecord | null> {
  const ref = users().doc(uid);
  return db().runTransaction(async (tx) => {
    const user = userFromSnapshot(await tx.get(ref));
    if (!user) return null;
    if (user.weeklyDigest !== on) tx.update(ref, { weeklyDigest: on, updatedAt: FieldValue.serverTimestamp() });
    return { ...user, weeklyDigest: on };
  });
}

/** Approved members after `after` (by id), `limit` of them: the digest's pages, in a stable order. */
export async function approvedMembersAfter(after: string | null, limit: number): Promise<UserRecord[]> {
  let query = users().where("approved", "==", true).orderBy("__name__").limit(limit);
  if (after !== null) query = query.startAfter(after);
  return (await query.get()).docs.map((d) => userFromSnapshot(d)!);
}

export const countApprovedMembers = async (): Promise<number> => (await users().where("approved", "==", true).count().get()).data().count;

export async function findUserByUsername(username: string): Promise<UserRecord | null> {
  const snap = await users().where("username", "==", username).orderBy("createdAt").limit(1).get();
  const first = snap.docs[0];
  return first ? userFromSnapshot(first) : null;
}

export async function anyAdminExists(): Promise<boolean> {
  const snap = await users().where("isAdmin", "==", true).limit(1).get();
  return !snap.empty;
}

/** Every admin, for the hub's news to its admins (the terms watch's mail). */
export async function listAdmins(): Promise<UserRecord[]> {
  const snap = await users().where("isAdmin", "==", true).get();
  return snap.docs.map((d) => userFromSnapshot(d)!);
}

export interface NewUser {
  uid: string;
  email: string;
  isAdmin: boolean;
  approved: boolean;
  createdByAdmin: boolean;
  subscription?: SubscriptionFields;
  displayName?: string | null;
}

function newUserData(user: NewUser, now: FieldValue | Date = FieldValue.serverTimestamp()) {
  return {
    username: user.email,
    email: user.email,
    displayName: user.displayName ?? null,
    isAdmin: user.isAdmin,
    blocked: false,
    approved: user.approved,
    createdByAdmin: user.createdByAdmin,
    notes: null,
    stripeCustomerId: user.subscription?.stripeCustomerId ?? null,
    stripeSubscriptionId: user.subscription?.stripeSubscriptionId ?? null,
    subscriptionStatus: user.subscription?.subscriptionStatus ?? null,
    subscriptionLastChecked: user.subscription ? now : null,
    subscriptionPriceIds: user.subscription?.subscriptionPriceIds ?? [],
    adminTierId: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Records a member's sign-in: creates the user document on the first one (not approved), otherwise
 * refreshes the stored subscription. One transaction, so two tabs signing in at once make one user.
 */
export async function upsertMemberOnLogin(
  uid: string,
  email: string,
  subscription: SubscriptionFields | null,
  heldBackChangeIn: HeldBackChangeIn,
): Promise<UserRecord> {
  const ref = users().doc(uid);
  await db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const created = newUserData({
      uid,
      email,
      isAdmin: false,
      approved: false,
      createdByAdmin: false,
      subscription: subscription ?? undefined,
    });
    const before = snap.exists ? snap.data() : undefined;
    // links an admin submitted for this e-mail before its first sign-in follow their new owner
    const after = before ? { ...before, ...subscription } : created;
    await heldBackChangeIn(tx, String(before?.username ?? email), holdsBackLinks(before), holdsBackLinks(after));
    if (!snap.exists) tx.create(ref, created);
    else if (subscription) {
      tx.update(ref, { ...subscription, subscriptionLastChecked: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp() });
    }
  });
  const user = await getUserById(uid);
  if (!user) throw new Error(`user ${uid} vanished after upsert`);
  return user;
}

/** Creates or promotes an admin's document (used by the first-admin registration and admin:create). */
export async function upsertAdmin(uid: string, email: string, heldBackChangeIn: HeldBackChangeIn): Promise<void> {
  const ref = users().doc(uid);
  await db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists) {
      await heldBackChangeIn(
        tx,
        String(snap.get("username")),
        holdsBackLinks(snap.data()),
        holdsBackLinks({ ...snap.data(), isAdmin: true }),
      );
      tx.update(ref, { isAdmin: true, approved: true, updatedAt: FieldValue.serverTimestamp() });
    } else tx.create(ref, newUserData({ uid, email, isAdmin: true, approved: true, createdByAdmin: true }));
  });
}

/**
 * Makes the first admin only while no admin exists: the check and the write are one transaction,
 * so two simultaneous registrations cannot both succeed. Returns false when an admin already exists.
 */
export async function createFirstAdmin(uid: string, email: string): Promise<boolean> {
  const ref = users().doc(uid);
  return db().runTransaction(async (tx) => {
    const admins = await tx.get(users().where("isAdmin", "==", true).limit(1));
    if (!admins.empty) return false;
    tx.set(ref, newUserData({ uid, email, isAdmin: true, approved: true, createdByAdmin: true }));
    return true;
  });
}

const HELD_BACK_FIELDS = ["username", "blocked", "isAdmin", "createdByAdmin", "subscriptionStatus"] as const;

type HeldBackFields = { blocked?: unknown; isAdmin?: unknown; createdByAdmin?: unknown; subscriptionStatus?: unknown };

/**
 * Whether a user's links stay out of rotation, from their document's fields: blocked, or a member
 * (not admin-made, not admin) whose last known subscription is not active. No user: not held back.
 */
export function holdsBackLinks(user: HeldBackFields | undefined): boolean {
  if (!user) return false;
  if (user.blocked === true) return true;
  const status = user.subscriptionStatus;
  const exempt = user.isAdmin === true || user.createdByAdmin === true || typeof status !== "string";
  return !exempt && !isActiveSubscriptionStatus(status);
}

const isHeldBack = (d: DocumentSnapshot) => holdsBackLinks(d.data());

/**
 * What a change of a user does to their links, inside the change's transaction and before its writes:
 * given whether the owner held their links back before and after, move the links out of the rotation
 * or back. The links own that (links/link-counts.store, ownerHeldBackChangeIn) and sit above the
 * accounts, so the caller hands it in.
 */
export type HeldBackChangeIn = (tx: Transaction, email: string, before: boolean, after: boolean) => Promise<void>;

/** Inside a transaction: whether the links of this owner e-mail stay out of rotation (their user document decides). */
export async function ownerHeldBackIn(tx: Transaction, email: string): Promise<boolean> {
  const snap = await tx.get(users().where("username", "==", email).limit(1));
  return holdsBackLinks(snap.docs[0]?.data());
}

/**
 * E-mails of owners whose links are out of rotation: blocked users, and members whose last check
 * found no active or trialing subscription (their links come back when they renew). Admins and
 * admin-made users need no subscription; a user never checked (null) is not held back.
 */
export async function ownersOutOfRotation(): Promise<Set<string>> {
  const snap = await users()
    .select(...HELD_BACK_FIELDS)
    .get();
  return new Set(snap.docs.filter(isHeldBack).map((d) => String(d.get("username"))));
}

/** The owners among these e-mails whose links must stay out of rotation; reads only their documents. */
export async function ownersOutOfRotationAmong(emails: string[]): Promise<Set<string>> {
  return (await ownersAmong(emails, (query) => query.get(), false)).heldBack;
}

/** What the rotation needs of its links' owners: who holds their links back, and each one's weight. */
export interface RotationOwners {
  heldBack: Set<string>;
  /** By e-mail, every one asked about: their tier's weight (an owner without a user document: the default tier's). */
  weights: Map<string, number>;
}

/** The rotation's owners among these e-mails; reads the tiers and only these e-mails' user documents, at once. */
export async function rotationOwnersAmong(emails: string[]): Promise<RotationOwners> {
  const [settings, owners] = await Promise.all([readTierSettings(), ownersAmong(emails, (query) => query.get(), true)]);
  return { heldBack: owners.heldBack, weights: weightsOf(settings, owners.tiers, emails) };
}

/** The owners among these e-mails whose links must stay out of rotation, inside a transaction, before its writes. */
export async function ownersHeldBackIn(tx: Transaction, emails: string[]): Promise<Set<string>> {
  return (await ownersAmong(emails, (query) => tx.get(query), false)).heldBack;
}

/** Each of these owners' weight in the rotation now (their tier's; an owner without a user document: the default's). */
export async function ownerWeights(emails: string[]): Promise<Map<string, number>> {
  return (await rotationOwnersAmong(emails)).weights;
}

/** Each user document's tier fields, by its username (e-mail). */
const tiersByUsername = (docs: readonly DocumentSnapshot[]): Map<string, TierFields> =>
  new Map(docs.map((d) => [String(d.get("username")), tierFieldsOf(d.data())]));

/**
 * The same weights read from every user in one query, for a caller that asks about most members (the
 * admin's fairness report: every link's owner, 5,000 members would be 167 queries of 30 e-mails): about
 * the same reads, in one round trip.
 */
export async function ownerWeightsOfMost(emails: string[]): Promise<Map<string, number>> {
  const [settings, snap] = await Promise.all([
    readTierSettings(),
    users()
      .select("username", ...TIER_FIELDS)
      .get(),
  ]);
  return weightsOf(settings, tiersByUsername(snap.docs), emails);
}

/**
 * Reads the held-back fields (and the tier fields, `withTiers`) of these e-mails' users, 30 e-mails a
 * query (Firestore's `in` bound), through `read`.
 */
async function ownersAmong(
  emails: string[],
  read: (query: Query) => Promise<QuerySnapshot>,
  withTiers: boolean,
): Promise<{ heldBack: Set<string>; tiers: Map<string, TierFields> }> {
  const unique = [...new Set(emails)];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += 30) chunks.push(unique.slice(i, i + 30));
  const fields = withTiers ? [...new Set([...HELD_BACK_FIELDS, ...TIER_FIELDS])] : HELD_BACK_FIELDS;
  const snaps = await Promise.all(
    chunks.map((chunk) =>
      read(
        users()
          .where("username", "in", chunk)
          .select(...fields),
      ),
    ),
  );
  const docs = snaps.flatMap((snap) => snap.docs);
  return {
    heldBack: new Set(docs.filter(isHeldBack).map((d) => String(d.get("username")))),
    tiers: withTiers ? tiersByUsername(docs) : new Map(),
  };
}

/** Display names by username, for showing link owners. All users, or just these e-mails. */
export async function listUserNames(emails?: string[]): Promise<Map<string, string | null>> {
  if (emails && emails.length === 0) return new Map();
  const query = emails ? users().where("username", "in", emails.slice(0, 30)) : users();
  const snap = await query.select("username", "displayName").get();
  return new Map(snap.docs.map((d) => [String(d.get("username")), str(d.get("displayName"))]));
}

/**
 * Stores many new users at once, each as a sign-in or an admin would store one, outside transactions:
 * for the demo seed and the benches (toolkit), before their links exist (links/links.store importLinks).
 */
export async function importUsers(list: readonly NewUser[]): Promise<void> {
  const writer = db().bulkWriter();
  const now = new Date();
  for (const user of list) void writer.create(users().doc(user.uid), newUserData(user, now));
  await writer.close();
}

/** A user made by an admin: approved at once and exempt from the subscription rule. */
export async function createAdminCreatedUser(uid: string, email: string): Promise<UserRecord> {
  await users()
    .doc(uid)
    .create(newUserData({ uid, email, isAdmin: false, approved: true, createdByAdmin: true }));
  return (await getUserById(uid))!;
}

// ---- For the admin's changes to users (members/user-admin.store composes them with links and outcomes) ----

/** Every user. */
export async function listUsers(): Promise<UserRecord[]> {
  return (await users().get()).docs.map((d) => userFromSnapshot(d)!);
}

/** The user whose username is exactly this (as stored), or null. */
export async function findUserByExactUsername(username: string): Promise<UserRecord | null> {
  const snap = await users().where("username", "==", username).limit(1).get();
  return snap.docs[0] ? userFromSnapshot(snap.docs[0]) : null;
}

/** Users in document-id order after `afterId`, at most `limit`: how the jobs walk every user in slices. */
export async function usersAfter(afterId: string | null, limit: number): Promise<UserRecord[]> {
  let query = users().orderBy("__name__").limit(limit);
  if (afterId) query = query.startAfter(afterId);
  return (await query.get()).docs.map((doc) => userFromSnapshot(doc)!);
}

export async function countUsers(): Promise<number> {
  return (await users().count().get()).data().count;
}

/** In a transaction: the user, or null. */
export async function userIn(tx: Transaction, uid: string): Promise<UserRecord | null> {
  return userFromSnapshot(await tx.get(users().doc(uid)));
}

/** In a transaction: each of these users, or null where there is none. */
export async function usersByIdIn(tx: Transaction, uids: readonly string[]): Promise<(UserRecord | null)[]> {
  if (uids.length === 0) return [];
  return (await tx.getAll(...uids.map((uid) => users().doc(uid)))).map(userFromSnapshot);
}

/** In a transaction: whether a user has this username (as stored). */
export async function usernameTakenIn(tx: Transaction, username: string): Promise<boolean> {
  return !(await tx.get(users().where("username", "==", username).limit(1))).empty;
}

/** What an admin's change may write on a user document: the fields of its record, and the time of a subscription check. */
export type UserChanges = Partial<Omit<UserRecord, "id" | "createdAt" | "updatedAt" | "subscriptionLastChecked">> & {
  subscriptionLastChecked?: Date;
};

/** In a transaction: writes these fields of an existing user, with the time of the change. */
export function updateUserIn(tx: Transaction, uid: string, changes: UserChanges): void {
  tx.update(users().doc(uid), { ...changes, updatedAt: FieldValue.serverTimestamp() });
}

/** In a transaction: deletes the user's document. */
export function deleteUserIn(tx: Transaction, uid: string): void {
  tx.delete(users().doc(uid));
}
