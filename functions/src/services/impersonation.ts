import { recordAudit } from "../data/user-admin.repo";
import { findUserByUsername, getUserById } from "../data/users.repo";
import type { Caller } from "../middleware/auth";
import { ApiError } from "./api-error";
import { createCustomToken } from "./identity";

/**
 * 'Log in as user': a token for the member that carries `impersonatedBy`, so every call made with
 * it acts as that member only (no admin claim) and can still find its way back.
 */
export async function loginAsUser(caller: Caller, email: string): Promise<{ email: string; customToken: string }> {
  const target = await findUserByUsername(email);
  if (!target) throw new ApiError("NOT_FOUND", "User not found");
  if (target.isAdmin) throw new ApiError("BAD_REQUEST", "Administrators cannot be impersonated");
  const customToken = await createCustomToken(target.id, { impersonatedBy: caller.uid });
  await recordAudit({ actorUid: caller.uid, action: "impersonation.start", targetUid: target.id, targetEmail: target.username });
  return { email: target.username, customToken };
}

/** Back to the admin who started the impersonation, and only with a token that says who that was. */
export async function returnToAdmin(caller: Caller): Promise<{ customToken: string }> {
  if (!caller.impersonatedBy) throw new ApiError("FORBIDDEN", "You are not impersonating anyone");
  const admin = await getUserById(caller.impersonatedBy);
  if (!admin?.isAdmin || admin.blocked) throw new ApiError("FORBIDDEN", "The administrator account is no longer available");
  await recordAudit({ actorUid: admin.id, action: "impersonation.end", targetUid: caller.uid, targetEmail: caller.user.username });
  return { customToken: await createCustomToken(admin.id) };
}
