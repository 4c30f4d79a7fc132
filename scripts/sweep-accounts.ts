/**
 * npm run accounts:sweep
 *
 * The one-off sweep after the pre-hijacking fix: every sign-in account that has a password while
 * its user is not an admin (or has no user at all) was set up by somebody other than its member
 * (self sign-up with the member's e-mail). Each is replaced by a fresh, password-less account with
 * the same uid and e-mail, and its sessions end; the member signs in by e-mail link as before.
 * Run it once per project after deploying the fix. It is safe to run again: it finds nothing.
 *
 * Against the emulators when FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST are set;
 * otherwise against the project in GCLOUD_PROJECT with Application Default Credentials.
 */
import "./lib/require-node-major"; // first: stops at once on a Node of another major
import { sweepHijackableAccounts } from "../functions/src/toolkit";

async function main() {
  if (!process.env.GCLOUD_PROJECT && !process.env.GOOGLE_CLOUD_PROJECT) {
    process.stderr.write(
      "Set GCLOUD_PROJECT to the project id (and FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST for the emulators).\n",
    );
    return 2;
  }
  const { checked, replaced } = await sweepHijackableAccounts();
  process.stdout.write(
    `Checked ${checked} sign-in accounts; replaced ${replaced.length}${replaced.length ? `: ${replaced.join(", ")}` : ""}\n`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`accounts:sweep failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
