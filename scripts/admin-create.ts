/**
 * npm run admin:create -- --email E --password P
 *
 * Against the emulators when FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST are set;
 * otherwise against the project in GCLOUD_PROJECT with Application Default Credentials.
 */
import "./lib/require-node-major"; // first: stops at once on a Node of another major
import { parseArgs } from "node:util";
import { z } from "zod";
import { emailField, LIMITS } from "@hub/contract/common";
import { ensureAdmin } from "../functions/src/toolkit";

const argsSchema = z.object({
  email: emailField("--email must be a valid e-mail address"),
  password: z
    .string({ error: "--password is required" })
    .min(LIMITS.password.min, { error: `--password must be at least ${LIMITS.password.min} characters` }),
});

async function main() {
  const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } } });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) process.stderr.write(`${issue.message}\n`);
    process.stderr.write("usage: npm run admin:create -- --email E --password P\n");
    return 2;
  }
  if (!process.env.GCLOUD_PROJECT && !process.env.GOOGLE_CLOUD_PROJECT) {
    process.stderr.write(
      "Set GCLOUD_PROJECT to the project id (and FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST for the emulators).\n",
    );
    return 2;
  }
  const target = process.env.FIREBASE_AUTH_EMULATOR_HOST
    ? `emulators (${process.env.FIREBASE_AUTH_EMULATOR_HOST})`
    : `project ${process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT}`;
  const { created } = await ensureAdmin(parsed.data.email, parsed.data.password);
  process.stdout.write(`${created ? "Created" : "Promoted"} admin ${parsed.data.email} in ${target}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`admin:create failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
