import { claimMail, releaseMailClaim } from "./mail-claims.store";
import type { Mailer, OutgoingMail } from "./mailer";

/**
 * Sends a mail the hub sends on its own at most once (docs/architecture.md, *Mail at most once*):
 * claimed under `key` first (see claimMail), then composed and handed to the mail server; "claimed"
 * when an earlier run or attempt holds it. A mail that could not be composed or that the server
 * refused gives its claim back (nothing was sent), for a later attempt, and throws.
 */
export async function sendMailOnce(
  deps: { mailer: Mailer; now: () => Date },
  key: string,
  kind: string,
  compose: () => OutgoingMail | Promise<OutgoingMail>,
): Promise<"sent" | "claimed"> {
  if (!(await claimMail(key, kind, deps.now()))) return "claimed";
  try {
    await deps.mailer.send(await compose());
  } catch (err) {
    await releaseMailClaim(key);
    throw err;
  }
  return "sent";
}
