import type { AppDeps } from "./deps";

/** The secrets a deploy must set to values of its own: checked before the functions serve (app.ts, index.ts). */

/** `openssl rand -base64 32` gives 44 characters; anything under 32 bytes is too easily guessed. */
export const MIN_SECRET_BYTES = 32;

/**
 * Values this repository publishes that someone might copy for a secret: the local suite's (testing/,
 * scripts/local-suite.ts) and the suite's parameters (functions/.env.demo-referral-hub). A unit test
 * checks that every such value in the repository is here or too short anyway.
 */
const PUBLISHED_VALUES = new Set([
  "local-suite-visitor-cookie-secret-not-for-deploys",
  "unused-in-the-emulator",
  "Demo Points Club Referral Hub <no-reply@referral-hub.local>",
  "https://join.demo-points-club.example/membership",
  "support@demo-points-club.example",
  "23.235.32.0/20,43.249.72.0/22,103.244.50.0/24,103.245.222.0/23,103.245.224.0/24,104.156.80.0/20,140.248.64.0/18,140.248.128.0/17,146.75.0.0/17,151.101.0.0/16,157.52.64.0/18,167.82.0.0/17,167.82.128.0/20,167.82.160.0/20,167.82.224.0/20,172.111.64.0/18,185.31.16.0/22,199.27.72.0/21,199.232.0.0/16,2a04:4e40::/32,2a04:4e42::/32",
]);

/**
 * What is wrong with these secrets (by name), one line each; empty when all are fit for a deploy.
 * The lines name the secret and never show its value, so they can go to the logs.
 */
export function weakSecrets(secrets: Record<string, string>): string[] {
  return Object.entries(secrets).flatMap(([name, value]) => {
    if (Buffer.byteLength(value, "utf8") < MIN_SECRET_BYTES) return [`${name} is shorter than ${MIN_SECRET_BYTES} bytes`];
    if (PUBLISHED_VALUES.has(value)) return [`${name} is a value published in the project's repository`];
    return [];
  });
}

/**
 * What is wrong with the deploy's secrets, outside the emulator (where adminSetupToken is null): a
 * secret anyone can guess or read in the repository would let them forge rate-limit keys and visitor
 * cookies, or register the first admin of a fresh deploy.
 */
export function deploySecretProblems(deps: Pick<AppDeps, "adminSetupToken" | "keyedHashSecret">): string[] {
  if (deps.adminSetupToken === null) return [];
  return weakSecrets({ ADMIN_SETUP_TOKEN: deps.adminSetupToken, VISITOR_COOKIE_SECRET: deps.keyedHashSecret });
}
