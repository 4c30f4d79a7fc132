import { FieldValue, type Transaction } from "firebase-admin/firestore";
import { schedulePurgeIn, startPurge } from "../visits/click-purges.store";
import { COLLECTIONS, db } from "../platform/db";
import { deleteTokensIn, moveTokensIn, unexpiredTokensOf } from "../auth/email-tokens.store";
import { linkCountsByOwner, type LinkRecord } from "../links/links.store";
import { deleteLinksIn, giveLinksToOwnerIn, linksOfOwnerIn, setBlockedLinksIn, setPaidDaysIn } from "../links/owner-links.store";
import {
  deleteUserIn,
  getUserById,
  holdsBackLinks,
  listUsers,
  updateUserIn,
  userIn,
  usernameTakenIn,
  usersByIdIn,
  type SubscriptionFields,
  type UserRecord,
} from "../accounts/users.store";
import {
  countingProgramsIn,
  ownerHeldBackChangeIn,
  ownerLinksIn,
  ProgramCountChanges,
  setOwnerHeldBackIn,
} from "../links/link-counts.store";
import { auditIn, type AuditEntry } from "../accounts/audit.store";
import { tierSettingsIn } from "../accounts/tiers.store";
import { paidDaysIn, paidOnOf } from "../links/paid-days.store";
import { deleteOutcomesIn, outcomeProgramsIn, ownerOutcomesIn, reassignOutcomesIn } from "../outcomes/outcomes.store";

/** Admin changes to users: each is one transaction over the user and everything that hangs off them. */

export async function listUsersWithLinkCounts(): Promise<{ user: UserRecord; linkCount: number }[]> {
  const [all, counts] = await Promise.all([listUsers(), linkCountsByOwner()]);
  return all.map((user) => ({ user, linkCount: counts.get(user.username) ?? 0 }));
}

export class EmailTakenError extends Error {}
export class AccountMergeConflictError extends Error {
  constructor(readonly programIds: string[]) {
    super("account merge conflict");
  }
}

export interface UserProfileChanges {
  displayName?: string | null;
  notes?: string | null;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
  /** The admin's choice of tier (null: the automatic one); refused with UnknownTierError unless a tier has this id. */
  adminTierId?: string | null;
}

export class UnknownTierError extends Error {
  constructor(readonly tierId: string) {
    super(`unknown tier ${tierId}`);
  }
}

/**
 * Updates a user's profile and, with `newEmail`, their login e-mail and every link's e-mail (and the
 * links' (program, owner) slots) in the same transaction. EmailTakenError when another user has it.
 */
export async function updateUserProfile(
  uid: string,
  changes: UserProfileChanges,
  newEmail?: string,
  audit?: AuditEntry,
): Promise<UserRecord | null> {
  const found = await db().runTransaction(async (tx) => {
    const user = await userIn(tx, uid);
    if (!user) return false;
    const oldEmail = user.username;
    const emailChange = newEmail !== undefined && newEmail !== oldEmail;
    const tierId = changes.adminTierId;
    if (typeof tierId === "string" && !(await tierSettingsIn(tx)).tiers.some((t) => t.id === tierId)) throw new UnknownTierError(tierId);
    if (emailChange) {
      if (await usernameTakenIn(tx, newEmail)) throw new EmailTakenError();
      const links = await linksOfOwnerIn(tx, oldEmail);
      // their outcomes stay theirs
      reassignOutcomesIn(tx, await ownerOutcomesIn(tx, oldEmail), newEmail);
      giveLinksToOwnerIn(tx, links, newEmail);
    }
    updateUserIn(tx, uid, { ...changes, ...(emailChange ? { username: newEmail, email: newEmail } : {}) });
    auditIn(tx, audit);
    return true;
  });
  return found ? getUserById(uid) : null;
}

export async function setUserFields(
  uid: string,
  fields: Partial<Pick<UserRecord, "approved">> & Partial<SubscriptionFields> & { subscriptionLastChecked?: Date },
  audit?: AuditEntry,
): Promise<UserRecord | null> {
  const found = await db().runTransaction(async (tx) => {
    const user = await userIn(tx, uid);
    if (!user) return false;
    await ownerHeldBackChangeIn(tx, user.username, holdsBackLinks(user), holdsBackLinks({ ...user, ...fields }));
    updateUserIn(tx, uid, fields);
    auditIn(tx, audit);
    return true;
  });
  return found ? getUserById(uid) : null;
}

/**
 * Blocks a user and pauses their links in one transaction, marking the links it paused so that an
 * unblock unpauses exactly those (not links paused for other reasons).
 */
export async function setBlocked(uid: string, blocked: boolean, audit?: AuditEntry): Promise<UserRecord | null> {
  const found = await db().runTransaction(async (tx) => {
    const user = await userIn(tx, uid);
    if (!user) return false;
    const links = await linksOfOwnerIn(tx, user.username);
    const ownerHeldBack = holdsBackLinks({ ...user, blocked });
    const counts = new ProgramCountChanges();
    setBlockedLinksIn(tx, links, blocked, ownerHeldBack, counts);
    counts.writeIn(tx);
    updateUserIn(tx, uid, { blocked });
    auditIn(tx, audit);
    return true;
  });
  return found ? getUserById(uid) : null;
}

/**
 * Deletes a user's document, links (with slots) and unexpired e-mail tokens in one transaction, which
 * also records the purge of the links' clicks; the clicks then go in the background (click-purges.store).
 * Expired tokens are left to their TTL (email-tokens.store): they open nothing.
 */
export async function deleteUserData(uid: string, audit?: AuditEntry): Promise<UserRecord | null> {
  const user = await getUserById(uid);
  if (!user) return null;
  const purgeId = await db().runTransaction(async (tx) => {
    const links = await linksOfOwnerIn(tx, user.username);
    const userTokens = await unexpiredTokensOf(tx, user.username, new Date());
    const outcomes = await ownerOutcomesIn(tx, user.username);
    const outcomePrograms = await outcomeProgramsIn(tx, outcomes);
    const counts = new ProgramCountChanges();
    deleteOutcomesIn(tx, outcomes, outcomePrograms);
    deleteLinksIn(tx, links, counts);
    counts.writeIn(tx);
    deleteTokensIn(tx, userTokens);
    deleteUserIn(tx, uid);
    auditIn(tx, audit);
    return schedulePurgeIn(
      tx,
      links.map((l) => l.id),
      "user",
    );
  });
  await startPurge(purgeId);
  return user;
}

/**
 * Folds a duplicate account into the primary: links and unexpired e-mail tokens move (`movedTokens`
 * counts those: the links that can still sign someone in), the primary's empty
 * fields are filled from the duplicate, notes are joined, the duplicate is deleted. All or nothing;
 * AccountMergeConflictError lists the programs where both have a link.
 */
export async function mergeUserAccounts(
  primary: UserRecord,
  duplicate: UserRecord,
  audit?: AuditEntry,
): Promise<{ movedLinks: number; movedTokens: number }> {
  return db().runTransaction(async (tx) => {
    const primaryLinks = await linksOfOwnerIn(tx, primary.username);
    const duplicateLinks = await linksOfOwnerIn(tx, duplicate.username);
    const taken = new Set(primaryLinks.map((l) => l.programId));
    const conflicts = duplicateLinks.filter((l) => taken.has(l.programId)).map((l) => l.programId);
    if (conflicts.length > 0) throw new AccountMergeConflictError(conflicts);
    // only tokens that can still sign in move (and count); expired ones keep the old address until their TTL
    const duplicateTokens = await unexpiredTokensOf(tx, duplicate.username, new Date());
    // the duplicate's outcomes become the primary's: each link's cap counts both accounts' paid days in its program
    const duplicateOutcomes = await ownerOutcomesIn(tx, duplicate.username);
    const paid = await paidDaysIn(tx, "email", [primary.username, duplicate.username]);
    const paidOn = (link: LinkRecord) => paidOnOf(paid, (d) => d.programId === link.programId);
    const fill = <K extends keyof UserRecord>(key: K) => (primary[key] === null || primary[key] === "" ? duplicate[key] : primary[key]);
    // every link now belongs to the merged primary, whose filled-in subscription decides for all of them
    const ownerHeldBack = holdsBackLinks({ ...primary, subscriptionStatus: fill("subscriptionStatus") });
    const merged = [...duplicateLinks, ...primaryLinks];
    const programs = await countingProgramsIn(
      tx,
      merged.map((l) => l.programId),
    );
    const counts = new ProgramCountChanges();
    giveLinksToOwnerIn(tx, duplicateLinks, primary.username);
    setOwnerHeldBackIn(tx, merged, ownerHeldBack, counts);
    // a cap the two accounts' paid days reach together holds the link out from today
    setPaidDaysIn(
      tx,
      merged.map((l) => ({ ...l, ownerHeldBack })),
      paidOn,
      programs,
      counts,
    );
    reassignOutcomesIn(tx, duplicateOutcomes, primary.username);
    counts.writeIn(tx);
    moveTokensIn(tx, duplicateTokens, primary.username);
    const notes = [primary.notes, duplicate.notes].filter((n): n is string => Boolean(n)).join("\n\n") || null;
    updateUserIn(tx, primary.id, {
      displayName: fill("displayName"),
      stripeCustomerId: fill("stripeCustomerId"),
      stripeSubscriptionId: fill("stripeSubscriptionId"),
      subscriptionStatus: fill("subscriptionStatus"),
      // the prices go with the status they came with; an admin's choice of tier, the primary's first
      ...(primary.subscriptionStatus === null ? { subscriptionPriceIds: duplicate.subscriptionPriceIds } : {}),
      adminTierId: fill("adminTierId"),
      notes,
      approved: primary.approved || duplicate.approved,
    });
    deleteUserIn(tx, duplicate.id);
    const result = { movedLinks: duplicateLinks.length, movedTokens: duplicateTokens.ids.length };
    auditIn(tx, audit && { ...audit, details: { ...audit.details, ...result } });
    return result;
  });
}

export function subscriptionCheckSummaryIn(tx: Transaction, summary: Record<string, number>, trigger: "schedule" | "admin") {
  tx.create(db().collection(COLLECTIONS.subscriptionChecks).doc(), { ...summary, trigger, at: FieldValue.serverTimestamp() });
}

type CheckedFields = Partial<Pick<UserRecord, "approved">> & Partial<SubscriptionFields> & { subscriptionLastChecked?: Date };

/**
 * A job's checked subscriptions (and approvals) of a slice of users, in one transaction with what
 * `alsoIn` records (the job's progress): applied together or not at all, so a retried slice starts
 * clean. A user deleted meanwhile is skipped; one whose links leave or rejoin the rotation takes them
 * along, with their programs' counts.
 */
export async function applyCheckedUsers(
  checked: { uid: string; fields: CheckedFields }[],
  alsoIn: (tx: Transaction) => void,
): Promise<void> {
  await db().runTransaction(async (tx) => {
    const found = await usersByIdIn(
      tx,
      checked.map(({ uid }) => uid),
    );
    const present = checked.flatMap((c, i) => (found[i] ? [{ ...c, user: found[i] }] : []));
    const moving = present
      .map(({ user, fields }) => ({
        email: user.username,
        before: holdsBackLinks(user),
        after: holdsBackLinks({ ...user, ...fields }),
      }))
      .filter(({ before, after }) => before !== after);
    // every read before the first write, as a transaction requires
    const movingLinks = await Promise.all(moving.map(({ email }) => ownerLinksIn(tx, email)));
    const counts = new ProgramCountChanges();
    moving.forEach(({ after }, i) => setOwnerHeldBackIn(tx, movingLinks[i]!, after, counts));
    counts.writeIn(tx);
    present.forEach(({ uid, fields }) => updateUserIn(tx, uid, fields));
    alsoIn(tx);
  });
}
