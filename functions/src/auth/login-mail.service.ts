import { randomBytes } from "node:crypto";
import { logger } from "firebase-functions";
import { LOGIN_TOKEN } from "@hub/contract/auth";
import { findUserByUsername } from "../accounts/users.store";
import { ApiError } from "../platform/api-error";
import type { AppDeps, LoginMailRequest } from "../platform/deps";
import { sha256 } from "../platform/keys";
import { loginLinkMail } from "../platform/mailer";
import { askStripe } from "../platform/stripe-calls";
import { saveEmailToken } from "./email-tokens.store";
import { loginMailHour } from "./login-mail-ceiling";
import { countLoginMail } from "./login-mail-counts.store";
import { parseLoginMailRequest } from "./login-mail-queue";

export interface IssuedLoginLink {
  token: string;
  loginUrl: string;
}

/**
 * Whether the hub knows the address: a user document (no Stripe call, so a member who has signed in
 * before, or one an admin made, gets a link whatever Stripe is doing), else a customer in Stripe with
 * that e-mail, whatever its subscription's status, so a lapsed subscriber learns why at sign-in.
 * Stripe failing is thrown on (askStripe: retried, then 503), never read as "unknown": in production
 * the queue tries again a little later, so a blip delays the mail instead of losing it.
 */
async function isKnownAddress(deps: AppDeps, { email, typedEmail }: LoginMailRequest): Promise<boolean> {
  if (await findUserByUsername(email)) return true;
  const found = await askStripe(() => deps.subscriptions.findByEmail(email, ...(typedEmail ? [typedEmail] : [])));
  return found.customerId !== null;
}

/**
 * The work behind `POST /api/auth/email`, after its rate limits: for an address the hub knows, and
 * while the hub-wide hourly ceiling allows, makes a token (only its SHA-256 is stored) and mails the
 * link. Returns the link, or null when nothing was made (unknown address, or the ceiling reached).
 * Runs on the `sendLoginMail` queue in production, before the answer in the emulator.
 */
export async function deliverLoginLink(deps: AppDeps, request: LoginMailRequest): Promise<IssuedLoginLink | null> {
  if (!(await isKnownAddress(deps, request))) return null;
  const now = deps.now();
  const allowance = await countLoginMail(now, deps.loginMailsPerHour);
  if (!allowance.allowed) {
    // No address in the entry: the log is read by people who need not know who tried to sign in.
    logger.error("Login mail ceiling reached: login e-mails are not being sent", {
      alert: "LOGIN_MAIL_CEILING_REACHED",
      hour: loginMailHour(now).toISOString(),
      ceilingPerHour: deps.loginMailsPerHour,
      sentThisHour: allowance.sentThisHour,
      meaning:
        "More login e-mails were asked for this hour than LOGIN_MAILS_PER_HOUR allows. Members asking now get no e-mail (their answer still says sent) until the next UTC hour.",
      whatToDo:
        "Many different addresses in a short time is an attack: leave the ceiling, it protects the mail account. If members really sign in this much, raise LOGIN_MAILS_PER_HOUR in functions/.env.<project-id> and deploy the functions again.",
    });
    return null;
  }

  const token = randomBytes(LOGIN_TOKEN.bytes).toString("base64url");
  await saveEmailToken({
    tokenHash: sha256(token),
    email: request.email,
    typedEmail: request.typedEmail,
    expiresAt: new Date(now.getTime() + LOGIN_TOKEN.ttlMs),
    maxUses: LOGIN_TOKEN.maxUses,
  });
  const loginUrl = `${deps.appOrigin}/email-login?token=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send(await loginLinkMail(request.email, loginUrl, deps.community));
  } catch (err) {
    logger.error("login e-mail not sent", { error: err instanceof Error ? err.message : String(err) });
    throw new ApiError("UPSTREAM_UNAVAILABLE", "Could not send the login e-mail, please try again");
  }
  return { token, loginUrl };
}

/**
 * One task of the `sendLoginMail` queue. A failure (Stripe or the mail server unwell) is thrown so
 * the queue tries again; on the last attempt it is logged and the task ends, as the person asking
 * will have asked again by then. A retry makes a new token: the unsent one opens nothing.
 */
export async function runLoginMailTask(deps: AppDeps, data: unknown, lastAttempt: boolean): Promise<void> {
  const request = parseLoginMailRequest(data);
  if (!request) {
    logger.warn("sendLoginMail: a task that is not a login-mail request, ignored");
    return;
  }
  try {
    await deliverLoginLink(deps, request);
  } catch (err) {
    if (!lastAttempt) throw err;
    logger.error("A login e-mail was given up after the queue's last attempt", {
      error: err instanceof Error ? err.message : String(err),
      whatToDo: "Check that Stripe and the mail server (SMTP_URL) answer; the member can ask for a new link.",
    });
  }
}
