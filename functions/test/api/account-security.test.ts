import { getAuth } from "firebase-admin/auth";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../src/platform/db";
import { sweepHijackableAccounts } from "../../src/auth/identity";
import { ensureAdmin } from "../../src/toolkit";
import { ADMIN, signInActors } from "../../../testing/actors";
import { idTokenFromCustomToken, idTokenFromGoogle, idTokenFromPassword, resetEmulators, selfSignUp } from "../../../testing/emulators";
import { call, callRoute } from "../../../testing/http";
import { addActiveSubscriber, signInMember } from "../../../testing/members";

/**
 * What an attacker can try against members' accounts and an admin's powers (issue 14), through the
 * real app and the Auth emulator: each of these failed on the code before the fix.
 */

let admin: string;
let alice: string;

beforeEach(async () => {
  await resetEmulators();
  ({ admin, alice } = await signInActors());
});

const ATTACKER_PASSWORD = "attacker-password-1";
const auditOf = async (action: string) =>
  (await db().collection("audit_log").where("action", "==", action).get()).docs.map((d) => d.data());
const passwordSignInWorks = (email: string, password: string) =>
  idTokenFromPassword(email, password).then(
    () => true,
    () => false,
  );
const whoAmI = async (idToken: string) => (await callRoute("getCurrentUser", { idToken })).status;
const uidOf = async (email: string) => (await getAuth().getUserByEmail(email)).uid;

describe("account pre-hijacking", () => {
  it("a member's first e-mail sign-in replaces an account someone signed up with their e-mail and password", async () => {
    const email = "newcomer@example.com";
    await addActiveSubscriber(email);
    const attacker = await selfSignUp(email, ATTACKER_PASSWORD);

    const member = await signInMember(email);
    expect(await whoAmI(member)).toBe(200);
    // the account keeps its uid, but the attacker's password and session are gone
    expect(await uidOf(email)).toBe(attacker.uid);
    expect(await passwordSignInWorks(email, ATTACKER_PASSWORD)).toBe(false);
    expect(await whoAmI(attacker.idToken)).toBe(401);
    expect((await call("POST", "/api/login", { body: { username: email, password: ATTACKER_PASSWORD } })).status).toBe(401);
  });

  it("an admin creating a user replaces an account someone signed up with that e-mail", async () => {
    const email = "invited@example.com";
    const attacker = await selfSignUp(email, ATTACKER_PASSWORD);
    expect((await call("POST", "/api/admin/create-user", { idToken: admin, body: { email } })).status).toBe(201);
    expect(await passwordSignInWorks(email, ATTACKER_PASSWORD)).toBe(false);
    expect(await whoAmI(attacker.idToken)).toBe(401);
    // the invited member signs in by e-mail link as usual
    expect(await whoAmI(await signInMember(email))).toBe(200);
  });

  it("admin:create replaces an account someone signed up with the admin's e-mail: their sign-ins never open the admin", async () => {
    const email = "boss@example.com";
    const attacker = await selfSignUp(email, ATTACKER_PASSWORD);
    await idTokenFromGoogle("attacker-google-id", attacker.idToken); // a second way in, of the attacker's
    await ensureAdmin(email, "boss-password-1");
    expect(await passwordSignInWorks(email, ATTACKER_PASSWORD)).toBe(false);
    const viaGoogle = await idTokenFromGoogle("attacker-google-id");
    expect((await call("GET", "/api/users", { idToken: viaGoogle.idToken })).status).toBe(401);
    expect(await whoAmI(viaGoogle.idToken)).toBe(401);
    // the admin signs in with the password admin:create set
    expect((await call("GET", "/api/users", { idToken: await idTokenFromPassword(email, "boss-password-1") })).status).toBe(200);
  });

  it("admin:create adopts the account a concurrent first sign-in of the hub just made (no provider, no password)", async () => {
    const email = "boss@example.com";
    const { uid } = await getAuth().createUser({ email, emailVerified: true });
    expect((await ensureAdmin(email, "boss-password-1")).uid).toBe(uid);
    expect((await call("GET", "/api/users", { idToken: await idTokenFromPassword(email, "boss-password-1") })).status).toBe(200);
  });

  it("a member account given a password before the fix: its password token is refused, and the next sign-in removes the password", async () => {
    const uid = await uidOf("active@example.com");
    await getAuth().updateUser(uid, { password: ATTACKER_PASSWORD }); // how such an account looks today
    const attackerToken = await idTokenFromPassword("active@example.com", ATTACKER_PASSWORD);
    // a non-admin's token counts only when it came from the hub's own sign-in (a custom token)
    expect(await whoAmI(attackerToken)).toBe(401);
    expect(
      (
        await call("POST", "/api/user/links", {
          idToken: attackerToken,
          body: { programId: "x", link: "https://a.example.com", description: "d" },
        })
      ).status,
    ).toBe(401);
    // POST /api/login mints custom tokens for admins only: it must not launder the password sign-in
    const login = await call("POST", "/api/login", { body: { username: "active@example.com", password: ATTACKER_PASSWORD } });
    expect(login.status).toBe(401);
    expect(login.body).toMatchObject({ code: "INVALID_CREDENTIALS" });

    expect(await whoAmI(await signInMember("active@example.com"))).toBe(200);
    expect(await uidOf("active@example.com")).toBe(uid);
    expect(await passwordSignInWorks("active@example.com", ATTACKER_PASSWORD)).toBe(false);
  });

  it("the one-off sweep replaces every member account that has a password, and leaves admins alone", async () => {
    const memberUid = await uidOf("trialing@example.com");
    await getAuth().updateUser(memberUid, { password: ATTACKER_PASSWORD });
    const orphan = await selfSignUp("not-yet-a-member@example.com", ATTACKER_PASSWORD);

    const { replaced } = await sweepHijackableAccounts();
    expect(replaced.sort()).toEqual([memberUid, orphan.uid].sort());
    expect(await passwordSignInWorks("trialing@example.com", ATTACKER_PASSWORD)).toBe(false);
    expect(await passwordSignInWorks("not-yet-a-member@example.com", ATTACKER_PASSWORD)).toBe(false);
    expect(await passwordSignInWorks(ADMIN.email, ADMIN.password)).toBe(true);
    expect((await getAuth().getUser(memberUid)).email).toBe("trialing@example.com");
    expect((await sweepHijackableAccounts()).replaced).toEqual([]);
  });
});

describe("impersonation sessions", () => {
  const impersonate = async (email = "active@example.com") => {
    const res = await call<{ customToken: string }>("POST", "/api/auth/login-as-user", { idToken: admin, body: { email } });
    expect(res.status).toBe(200);
    return idTokenFromCustomToken(res.body.customToken);
  };

  it("after 'Back to Admin' the impersonation token is dead: it cannot act or mint admin tokens again", async () => {
    const asMember = await impersonate();
    expect((await call("POST", "/api/auth/return-to-admin", { idToken: asMember })).status).toBe(200);
    expect(await whoAmI(asMember)).toBe(401);
    const again = await call("POST", "/api/auth/return-to-admin", { idToken: asMember });
    expect(again.status).toBe(401);
    expect((await call("GET", "/api/auth/session", { idToken: asMember })).body).toEqual({ authenticated: false, email: null });
  });

  it("POST /api/logout with the impersonation token ends it, and never signs the member out", async () => {
    const asMember = await impersonate();
    expect((await call("POST", "/api/logout", { idToken: asMember })).status).toBe(204);
    expect(await whoAmI(asMember)).toBe(401);
    expect((await call("POST", "/api/auth/return-to-admin", { idToken: asMember })).status).toBe(401);
    expect(await whoAmI(alice)).toBe(200);
  });

  it("the admin's logout or password change ends every impersonation they have open", async () => {
    const first = await impersonate();
    const second = await impersonate("trialing@example.com");
    expect((await call("POST", "/api/logout", { idToken: admin })).status).toBe(204);
    expect(await whoAmI(first)).toBe(401);
    expect((await call("POST", "/api/auth/return-to-admin", { idToken: second })).status).toBe(401);
    expect((await auditOf("impersonation.end")).map((e) => e.details.reason)).toEqual(["admin-logout", "admin-logout"]);

    admin = await idTokenFromPassword(ADMIN.email, ADMIN.password);
    const third = await impersonate();
    expect((await call("POST", "/api/admin/password", { idToken: admin, body: { password: "new-admin-password-2" } })).status).toBe(204);
    expect(await whoAmI(third)).toBe(401);
  });

  it("an admin blocked by another admin loses the impersonations they started", async () => {
    await ensureAdmin("second-admin@example.com", "second-admin-pass");
    const other = await idTokenFromPassword("second-admin@example.com", "second-admin-pass");
    const asMember = await impersonate();
    expect((await call("POST", `/api/users/${ADMIN.email}/block`, { idToken: other })).status).toBe(200);
    expect(await whoAmI(asMember)).toBe(401);
  });

  it("ends by itself one hour after it started", async () => {
    const asMember = await impersonate();
    const [session] = (await db().collection("impersonations").get()).docs;
    expect(session!.get("expiresAt").toMillis() - session!.get("startedAt").toMillis()).toBe(60 * 60 * 1000);
    // an hour later (moved in the store: the emulator's clock cannot be)
    await session!.ref.update({ expiresAt: new Date(Date.now() - 1000) });
    expect(await whoAmI(asMember)).toBe(401);
  });

  it("every change made while impersonating is on record with the admin who made it", async () => {
    const adminUid = await uidOf(ADMIN.email);
    const asMember = await impersonate();
    const program = await call("POST", "/api/programs", { idToken: asMember, body: { name: "Proposed While Impersonating" } });
    expect(program.status).toBe(201);
    await call("GET", "/api/user/links", { idToken: asMember }); // reads are not changes
    const entries = await auditOf("impersonation.request");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUid: adminUid,
      targetEmail: "active@example.com",
      details: { method: "POST", path: "/api/programs" },
    });
  });
});

describe("revoked admin tokens", () => {
  it("a logged-out admin's token acts as nobody on member routes too", async () => {
    // revocation has one-second granularity: a token from the second of the logout would still count
    await new Promise((done) => setTimeout(done, 1100));
    expect((await call("POST", "/api/logout", { idToken: admin })).status).toBe(204);
    expect((await call("POST", "/api/programs", { idToken: admin, body: { name: "Approved By A Ghost" } })).status).toBe(401);
    expect(
      (
        await call("POST", "/api/links", {
          idToken: admin,
          body: { programId: "x", name: "n", email: "someone@example.com", link: "https://a.example.com", description: "d" },
        })
      ).status,
    ).toBe(401);
  });
});

describe("admin password change", () => {
  it("works with a fresh sign-in (the stale-sign-in case is in production-mode.test.ts)", async () => {
    expect((await call("POST", "/api/admin/password", { idToken: admin, body: { password: "new-admin-password-2" } })).status).toBe(204);
    expect(await passwordSignInWorks(ADMIN.email, "new-admin-password-2")).toBe(true);
  });
});

describe("fresh sign-in for an admin's password and e-mail (issue 30)", () => {
  const impersonateAs = async (idToken: string, email = "active@example.com") => {
    const res = await call<{ customToken: string }>("POST", "/api/auth/login-as-user", { idToken, body: { email } });
    expect(res.status).toBe(200);
    return idTokenFromCustomToken(res.body.customToken);
  };
  const backToAdmin = async (asMember: string) => {
    const res = await call<{ customToken: string }>("POST", "/api/auth/return-to-admin", { idToken: asMember });
    expect(res.status).toBe(200);
    return idTokenFromCustomToken(res.body.customToken);
  };
  const changePassword = (idToken: string) => call("POST", "/api/admin/password", { idToken, body: { password: "new-admin-password-2" } });
  const changeEmail = (idToken: string, username: string, newEmail: string) =>
    call("PATCH", `/api/users/${username}`, { idToken, body: { newEmail } });

  it("an admin's e-mail-link sign-in never counts as fresh: the password stays", async () => {
    const byLink = await signInMember(ADMIN.email);
    const res = await changePassword(byLink);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "REAUTH_REQUIRED" });
    expect(await passwordSignInWorks(ADMIN.email, ADMIN.password)).toBe(true);
  });

  it("'Back to Admin' carries the admin's earlier sign-in: after an e-mail-link sign-in it cannot change the password", async () => {
    const returned = await backToAdmin(await impersonateAs(await signInMember(ADMIN.email)));
    expect((await call("GET", "/api/users", { idToken: returned })).status).toBe(200); // an admin again
    const res = await changePassword(returned);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "REAUTH_REQUIRED" });
    expect(await passwordSignInWorks(ADMIN.email, ADMIN.password)).toBe(true);
  });

  it("'Back to Admin' after a fresh password sign-in is still fresh", async () => {
    const returned = await backToAdmin(await impersonateAs(admin));
    expect((await changePassword(returned)).status).toBe(204);
    expect(await passwordSignInWorks(ADMIN.email, "new-admin-password-2")).toBe(true);
  });

  it("a sign-in through POST /api/login counts as a fresh password sign-in", async () => {
    const login = await call<{ customToken: string }>("POST", "/api/login", { body: { username: ADMIN.email, password: ADMIN.password } });
    expect(login.status).toBe(200);
    expect((await changePassword(await idTokenFromCustomToken(login.body.customToken))).status).toBe(204);
  });

  it("changing an admin's e-mail needs a fresh sign-in, and nothing changes without one; a member's e-mail does not", async () => {
    await ensureAdmin("second-admin@example.com", "second-admin-pass");
    const byLink = await signInMember(ADMIN.email);
    for (const username of [ADMIN.email, "second-admin@example.com"]) {
      const refused = await changeEmail(byLink, username, "taken-over@example.com");
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ code: "REAUTH_REQUIRED" });
      expect((await getAuth().getUserByEmail(username)).email).toBe(username);
    }
    const users = (await call<{ username: string }[]>("GET", "/api/users", { idToken: byLink })).body.map((u) => u.username);
    expect(users).toEqual(expect.arrayContaining([ADMIN.email, "second-admin@example.com"]));
    expect(users).not.toContain("taken-over@example.com");
    // a member's e-mail is no way into an admin account
    expect((await changeEmail(byLink, "active@example.com", "alice.new@example.com")).status).toBe(200);
    // with a fresh password sign-in the admin's e-mail changes
    expect((await changeEmail(admin, "second-admin@example.com", "second.admin@example.com")).status).toBe(200);
    expect(await passwordSignInWorks("second.admin@example.com", "second-admin-pass")).toBe(true);
  });
});
