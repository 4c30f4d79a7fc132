import { endImpersonationsBy } from "../auth/impersonations.store";
import type { AdminUser, UpdateUserRequest } from "@hub/contract/users";
import {
  AccountMergeConflictError,
  deleteUserData,
  EmailTakenError,
  listUsersWithLinkCounts,
  mergeUserAccounts,
  setBlocked,
  setUserFields,
  UnknownTierError,
  updateUserProfile,
} from "./user-admin.store";
import { TIER_MESSAGES, type TierSettings } from "@hub/contract/tiers";
import { readTierSettings } from "../accounts/tiers.store";
import { recordAudit } from "../accounts/audit.store";
import { createAdminCreatedUser, findUserByExactUsername, findUserByUsername, getUserById, type UserRecord } from "../accounts/users.store";
import { auth } from "../platform/db";
import { countLinksByOwner } from "../links/links.store";
import { getProgramsByIds } from "../catalog/programs.store";
import type { Caller } from "../accounts/caller";
import { toCurrentUser } from "../auth/accounts.service";
import { ApiError } from "../platform/api-error";
import { revokeSessions, secureMemberAccount } from "../auth/identity";

const userNotFound = () => new ApiError("NOT_FOUND", "User not found");
const emailTaken = () => new ApiError("USER_EXISTS", "A user with this email already exists");

export function toAdminUser(user: UserRecord, linkCount: number, tiers: TierSettings): AdminUser {
  const { impersonatedBy: _none, ...base } = toCurrentUser(user, null, tiers);
  return {
    ...base,
    createdByAdmin: user.createdByAdmin,
    notes: user.notes,
    stripeCustomerId: user.stripeCustomerId,
    stripeSubscriptionId: user.stripeSubscriptionId,
    subscriptionLastChecked: user.subscriptionLastChecked?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    linkCount,
  };
}

async function present(user: UserRecord): Promise<AdminUser> {
  const [linkCount, tiers] = await Promise.all([countLinksByOwner(user.username), readTierSettings()]);
  return toAdminUser(user, linkCount, tiers);
}

export async function listUsers(): Promise<AdminUser[]> {
  const [all, tiers] = await Promise.all([listUsersWithLinkCounts(), readTierSettings()]);
  return all
    .sort((a, b) => a.user.username.localeCompare(b.user.username) || a.user.id.localeCompare(b.user.id))
    .map((u) => toAdminUser(u.user, u.linkCount, tiers));
}

/** The user a path's {username} names: exactly as stored, else after trimming and lower-casing. */
export async function userByUsername(username: string): Promise<UserRecord> {
  const user = (await findUserByExactUsername(username)) ?? (await findUserByUsername(username.trim().toLowerCase()));
  if (!user) throw userNotFound();
  return user;
}

/** How recent the admin's password sign-in must be for what hands over an admin account. */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

/**
 * A password change, or an admin's e-mail change (whoever holds the new address can sign in to the
 * admin account by e-mail link), needs the caller to have proved the password within five minutes:
 * a token left open or stolen is not enough (auth/auth.guard.ts says which sign-ins count).
 */
function requireFreshSignIn(caller: Caller, now: Date, message: string): void {
  if (caller.authTime === null || now.getTime() / 1000 - caller.authTime > RECENT_SIGN_IN_SECONDS) {
    throw new ApiError("REAUTH_REQUIRED", message);
  }
}

/**
 * Edits a user. A new e-mail changes the Auth account first (which refuses a taken address), then the
 * user and their links in one transaction; if that fails the Auth e-mail is put back.
 */
export async function editUser(caller: Caller, username: string, body: UpdateUserRequest, now: Date): Promise<AdminUser> {
  const user = await userByUsername(username);
  const { newEmail, tierId, ...fields } = body;
  const profile = { ...fields, ...(tierId !== undefined ? { adminTierId: tierId } : {}) };
  // A different customer is a different subscription: clear the old one unless a new one is given.
  if (
    profile.stripeCustomerId !== undefined &&
    profile.stripeCustomerId !== user.stripeCustomerId &&
    profile.stripeSubscriptionId === undefined
  ) {
    profile.stripeSubscriptionId = null;
  }
  const emailChange = newEmail !== undefined && newEmail !== user.username;
  if (emailChange && user.isAdmin) requireFreshSignIn(caller, now, "Please sign in again to change an administrator's e-mail");
  if (emailChange) {
    if (await findUserByUsername(newEmail)) throw emailTaken();
    await auth()
      .updateUser(user.id, { email: newEmail })
      .catch((err: { code?: string }) => {
        if (err.code === "auth/email-already-exists") throw emailTaken();
        throw err;
      });
  }
  let updated: UserRecord | null;
  try {
    updated = await updateUserProfile(user.id, profile, emailChange ? newEmail : undefined, {
      actorUid: caller.uid,
      action: "user.update",
      targetUid: user.id,
      targetEmail: user.username,
      details: { fields: Object.keys(body), ...(emailChange ? { newEmail } : {}) },
    });
  } catch (err) {
    if (emailChange)
      await auth()
        .updateUser(user.id, { email: user.username })
        .catch(() => undefined);
    if (err instanceof EmailTakenError) throw emailTaken();
    if (err instanceof UnknownTierError) throw new ApiError("BAD_REQUEST", TIER_MESSAGES.unknownTier(err.tierId));
    throw err;
  }
  if (!updated) throw userNotFound();
  return present(updated);
}

/**
 * Deletes the user with their links, clicks, tokens and sign-in account: the data in one transaction
 * (with its audit entry), then the sign-in account. If that last step fails, a retry of the same
 * delete finds the account left without its user and finishes the job.
 */
export async function removeUser(caller: Caller, username: string): Promise<void> {
  const user = await userByUsername(username).catch(async (err: unknown) => {
    if (await deleteSignInAccountWithoutUser(username)) return null;
    throw err;
  });
  if (!user) return;
  if (user.id === caller.uid) throw new ApiError("BAD_REQUEST", "You cannot delete your own account");
  await deleteUserData(user.id, { actorUid: caller.uid, action: "user.delete", targetUid: user.id, targetEmail: user.username });
  await auth()
    .deleteUser(user.id)
    .catch((err: { code?: string }) => {
      if (err.code !== "auth/user-not-found") throw err;
    });
}

/** The sign-in account of an e-mail that has no user any more (an interrupted delete): removed. */
async function deleteSignInAccountWithoutUser(email: string): Promise<boolean> {
  const account = await auth()
    .getUserByEmail(email.trim().toLowerCase())
    .catch(() => null);
  if (!account || (await getUserById(account.uid))) return false;
  await auth().deleteUser(account.uid);
  return true;
}

/** Block: their links pause and their sessions end now. Unblock: the links the block paused resume. */
export async function blockUser(caller: Caller, username: string, blocked: boolean, now: Date): Promise<AdminUser> {
  const user = await userByUsername(username);
  if (blocked && user.id === caller.uid) throw new ApiError("BAD_REQUEST", "You cannot block your own account");
  const updated = await setBlocked(user.id, blocked, {
    actorUid: caller.uid,
    action: blocked ? "user.block" : "user.unblock",
    targetUid: user.id,
    targetEmail: user.username,
  });
  if (!updated) throw userNotFound();
  if (blocked) {
    await revokeSessions(user.id);
    if (user.isAdmin) await endImpersonationsBy(user.id, "admin-blocked", now);
  }
  return present(updated);
}

export async function approveUser(caller: Caller, username: string): Promise<AdminUser> {
  const user = await userByUsername(username);
  const updated = await setUserFields(
    user.id,
    { approved: true },
    { actorUid: caller.uid, action: "user.approve", targetUid: user.id, targetEmail: user.username },
  );
  if (!updated) throw userNotFound();
  return present(updated);
}

/** A user made by an admin is approved at once and needs no subscription. */
export async function createUserByAdmin(caller: Caller, email: string): Promise<{ user: { username: string } }> {
  if (await findUserByUsername(email)) throw emailTaken();
  const uid = await secureMemberAccount(email, null);
  if (await getUserById(uid)) throw emailTaken();
  const user = await createAdminCreatedUser(uid, email).catch((err: { code?: number }) => {
    if (err.code === 6 /* ALREADY_EXISTS */) throw emailTaken();
    throw err;
  });
  await recordAudit({ actorUid: caller.uid, action: "user.create", targetUid: uid, targetEmail: email });
  return { user: { username: user.username } };
}

/**
 * The admin's own password, only right after they proved they know the current one (a sign-in at
 * most five minutes old). Their impersonations end with the old password.
 */
export async function changeOwnPassword(caller: Caller, password: string, now: Date): Promise<void> {
  requireFreshSignIn(caller, now, "Please sign in again to change your password");
  await auth().updateUser(caller.uid, { password });
  await recordAudit({ actorUid: caller.uid, action: "admin.password", targetUid: caller.uid });
  await endImpersonationsBy(caller.uid, "admin-password-changed", now);
}

/** Accounts whose e-mails are equal after trimming and lower-casing; the oldest is the primary. */
export async function duplicateGroups(): Promise<{ email: string; duplicates: AdminUser[] }[]> {
  const [all, tiers] = await Promise.all([listUsersWithLinkCounts(), readTierSettings()]);
  const groups = new Map<string, typeof all>();
  for (const entry of all) {
    const key = entry.user.username.trim().toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.entries()]
    .filter(([, members]) => members.length > 1)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([email, members]) => ({
      email,
      duplicates: members
        .sort((a, b) => a.user.createdAt.getTime() - b.user.createdAt.getTime() || a.user.id.localeCompare(b.user.id))
        .map((m) => toAdminUser(m.user, m.linkCount, tiers)),
    }));
}

export async function mergeAccounts(
  caller: Caller,
  primaryEmail: string,
  duplicateEmail: string,
): Promise<{ movedLinks: number; movedTokens: number }> {
  const primary = await findUserByExactUsername(primaryEmail);
  const duplicate = await findUserByExactUsername(duplicateEmail);
  if (!primary || !duplicate) throw userNotFound();
  if (primary.id === duplicate.id) throw new ApiError("BAD_REQUEST", "An account cannot be merged into itself");
  if (primary.username.trim().toLowerCase() !== duplicate.username.trim().toLowerCase()) {
    throw new ApiError("BAD_REQUEST", "Only accounts with the same e-mail address can be merged");
  }
  let result;
  try {
    result = await mergeUserAccounts(primary, duplicate, {
      actorUid: caller.uid,
      action: "user.merge",
      targetUid: primary.id,
      targetEmail: primary.username,
      details: { duplicateUid: duplicate.id },
    });
  } catch (err) {
    if (err instanceof AccountMergeConflictError) {
      // named for the admin who reads the message; an id whose program went meanwhile stays an id
      const names = new Map((await getProgramsByIds(err.programIds)).map((p) => [p.id, p.name]));
      const programs = err.programIds.map((id) => ({ id, name: names.get(id) ?? id }));
      throw new ApiError(
        "MERGE_CONFLICT",
        `Both accounts have a link in ${programs.length === 1 ? "the same program" : "the same programs"}: ${programs.map((p) => p.name).join(", ")}. Delete one of each first.`,
        { details: { programIds: err.programIds, programs } },
      );
    }
    throw err;
  }
  await auth()
    .deleteUser(duplicate.id)
    .catch(() => undefined);
  return result;
}
