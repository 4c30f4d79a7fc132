import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { assertFails, initializeTestEnvironment, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { doc, getDoc, setDoc, deleteDoc, collection, getDocs, setLogLevel } from "firebase/firestore";
import { afterAll, beforeAll, beforeEach, describe, it } from "vitest";
import { suite } from "../../../testing/suite-env";

/**
 * The browser reads and writes nothing directly: every collection is closed to every identity,
 * including admins (the API, with the Admin SDK, is the only door).
 */
let env: RulesTestEnvironment;

const COLLECTIONS = [
  "users",
  "email_tokens",
  "rate_limits",
  "login_mail_counts",
  "programs",
  "program_names",
  "program_slugs",
  "referral_links",
  "link_slots",
  "announcements",
  "clicks",
  "click_counters",
  "click_days",
  "click_hours",
  "click_months",
  "rotation_sets",
  "audit_log",
  "subscription_checks",
  "click_purges",
  "click_windows",
  "click_rollup_versions",
];

beforeAll(async () => {
  setLogLevel("error"); // denials are the expected outcome here, not worth a warning each
  const [host, port] = suite.firestoreHost.split(":") as [string, string];
  env = await initializeTestEnvironment({
    projectId: suite.projectId,
    firestore: { rules: readFileSync(resolve(__dirname, "../../../firestore.rules"), "utf8"), host, port: Number(port) },
  });
});
afterAll(() => env.cleanup());
beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    for (const name of COLLECTIONS)
      await setDoc(doc(ctx.firestore(), name, "member-uid"), { email: "member@example.com", owner: "member-uid" });
  });
});

const identities = {
  anonymous: () => env.unauthenticatedContext(),
  member: () => env.authenticatedContext("member-uid", { email: "member@example.com" }),
  admin: () => env.authenticatedContext("admin-uid", { email: "admin@example.com", admin: true }),
};

describe.each(Object.entries(identities))("as %s", (_name, context) => {
  it.each(COLLECTIONS)("cannot read, list, write or delete %s", async (name) => {
    const db = context().firestore();
    await assertFails(getDoc(doc(db, name, "member-uid")));
    await assertFails(getDocs(collection(db, name)));
    await assertFails(setDoc(doc(db, name, "member-uid"), { approved: true }, { merge: true }));
    await assertFails(setDoc(doc(db, name, "new-doc"), { anything: 1 }));
    await assertFails(deleteDoc(doc(db, name, "member-uid")));
  });
});
