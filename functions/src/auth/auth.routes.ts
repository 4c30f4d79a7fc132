import type { Caller } from "../accounts/caller";
import { loginWithPassword, logout, registerFirstAdmin, toCurrentUser, toProfile, updateOwnProfile } from "./accounts.service";
import type { AppDeps } from "../platform/deps";
import { readTierSettings } from "../accounts/tiers.store";
import { exchangeLoginToken, requestLoginLink } from "./email-login.service";
import { loginAsUser, returnToAdmin } from "./impersonation.service";
import { startAddressTruncationJob } from "./address-truncation-job.service";
import { clientIp } from "../platform/http/client-ip";
import type { RouteHandlers } from "../route-handlers";

type AuthRoutes =
  | "getSession"
  | "sendLoginLink"
  | "exchangeLoginToken"
  | "endMemberSessions"
  | "getCurrentUser"
  | "getProfile"
  | "updateProfile"
  | "login"
  | "register"
  | "logout"
  | "loginAsUser"
  | "returnToAdmin"
  | "runAddressTruncation";

/**
 * Sign-in and sessions: the e-mail link, the admin's password, logout, 'Log in as user' and back; and
 * the one-off job that truncates the client addresses older sign-ins (and the rotation) stored whole.
 */
export function authRoutes(deps: AppDeps): RouteHandlers<AuthRoutes> {
  // Ends the caller's sessions everywhere (or, with an impersonation token, only that impersonation).
  const endSessions = ({ caller }: { caller: Caller }) => logout(caller, deps.now());
  return {
    // whether the caller is signed in; never 401
    getSession: ({ caller }) =>
      caller && !caller.user.blocked ? { authenticated: true, email: caller.user.email } : { authenticated: false, email: null },
    // the address is looked up at Stripe as typed (Stripe compares e-mails case-sensitively), stored lower-cased
    sendLoginLink: ({ req, body: { email } }) => requestLoginLink(deps, email.toLowerCase(), clientIp(req, deps.clientIp), email),
    // a login link's token for a Firebase custom token
    exchangeLoginToken: ({ req, query }) => exchangeLoginToken(deps, query.token, clientIp(req, deps.clientIp)),
    endMemberSessions: endSessions,
    getCurrentUser: async ({ caller }) => toCurrentUser(caller.user, caller.impersonatedBy, await readTierSettings()),
    getProfile: async ({ caller }) => toProfile(caller.user, await readTierSettings()),
    // the Monday digest on or off
    updateProfile: ({ caller, body }) => updateOwnProfile(caller, body.weeklyDigest),
    // username and password (admins only), for clients that cannot use the Firebase SDK
    login: ({ req, body }) => loginWithPassword(deps, body.username, body.password, clientIp(req, deps.clientIp)),
    // the first admin, only while no admin exists
    register: ({ body }) => registerFirstAdmin(deps, body),
    logout: endSessions,
    loginAsUser: ({ caller, body }) => loginAsUser(caller, body.email, deps.now()),
    returnToAdmin: ({ caller }) => returnToAdmin(caller, deps.now()),
    // whole client addresses stored before they were truncated: a job (202 { jobId }), followed through getJob
    runAddressTruncation: ({ caller }) => startAddressTruncationJob({ trigger: "admin", actorUid: caller.uid }, deps.now()),
  };
}
