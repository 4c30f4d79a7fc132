import { getAuth } from "firebase-admin/auth";
import Stripe from "stripe";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../src/platform/db";
import { ADMIN, createProgramAs, signInActors, submitOwnLink } from "../../../testing/actors";
import { purged, settle } from "../../../testing/click-purges";
import { idTokenFromCustomToken, idTokenFromPassword, resetEmulators } from "../../../testing/emulators";
import { call } from "../../../testing/http";
import { requestLoginToken, signInMember } from "../../../testing/members";
import { suite } from "../../../testing/suite-env";
import { runJob } from "../../../testing/jobs";

let admin: string;
let alice: string;
let tom: string;

beforeEach(async () => {
  await resetEmulators();
  ({ admin, alice, tom } = await signInActors());
});

const stripe = () =>
  new Stripe("sk_test_local", { host: new URL(suite.stripeUrl).hostname, port: Number(new URL(suite.stripeUrl).port), protocol: "http" });
const userDoc = async (email: string) => (await db().collection("users").where("username", "==", email).get()).docs[0];
const audit = async (action: string) => (await db().collection("audit_log").where("action", "==", action).get()).docs.map((d) => d.data());

describe("who may call what", () => {
  it.each([
    ["GET", "/api/users"],
    ["PATCH", "/api/users/active@example.com", { notes: "n" }],
    ["DELETE", "/api/users/nobody@example.com"],
    ["POST", "/api/users/nobody@example.com/block"],
    ["POST", "/api/users/nobody@example.com/unblock"],
    ["POST", "/api/users/nobody@example.com/approve"],
    ["POST", "/api/admin/create-user", { email: "new@example.com" }],
    ["POST", "/api/admin/password", { password: "long-enough-1" }],
    ["POST", "/api/admin/check-subscription/nobody@example.com"],
    ["POST", "/api/admin/check-all-subscriptions"],
    ["POST", "/api/admin/auto-approve-subscribers"],
    ["GET", "/api/admin/duplicate-users"],
    ["POST", "/api/admin/merge-accounts", { primaryEmail: "a@example.com", duplicateEmail: "b@example.com" }],
    ["POST", "/api/auth/login-as-user", { email: "nobody@example.com" }],
  ] as [string, string, unknown?][])("%s %s: anonymous 401, member 403", async (method, path, body) => {
    expect((await call(method, path, { body })).status).toBe(401);
    expect((await call(method, path, { body, idToken: alice })).status).toBe(403);
  });
});

describe("users", () => {
  it("lists every user by username with their link counts", async () => {
    const p = await createProgramAs(admin, "Chase");
    await submitOwnLink(alice, p.id);
    const users = (await call("GET", "/api/users", { idToken: admin })).body;
    expect(users.map((u: { username: string }) => u.username)).toEqual(["active@example.com", "admin@example.com", "trialing@example.com"]);
    expect(users[0]).toMatchObject({ linkCount: 1, approved: false, blocked: false, subscriptionStatus: "active" });
  });

  it("block pauses the member's links and refuses their next call; unblock resumes only those", async () => {
    const [p, q] = [await createProgramAs(admin, "A"), await createProgramAs(admin, "B")];
    const running = await submitOwnLink(alice, p.id);
    const pausedBefore = await submitOwnLink(alice, q.id);
    await call("POST", `/api/links/${pausedBefore.id}/pause`, { idToken: admin });

    // Revocation has one-second granularity: a token from the same second would still pass.
    await new Promise((r) => setTimeout(r, 1100));
    const blocked = await call("POST", "/api/users/active@example.com/block", { idToken: admin });
    expect(blocked.body.blocked).toBe(true);
    // the block revoked her token (it is a second older than the block): she is still told why
    const refused = await call("GET", "/api/user/links", { idToken: alice });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: "BLOCKED", message: "Your account has been blocked" });
    const again = await call("GET", `/api/auth/login?token=${await requestLoginToken("active@example.com")}`);
    expect(again.body.code).toBe("BLOCKED");
    const link = async (id: string) => (await call("GET", "/api/links", { idToken: admin })).body.find((l: { id: string }) => l.id === id);
    expect((await link(running.id)).paused).toBe(true);
    await expect(getAuth().verifyIdToken(alice, true)).rejects.toMatchObject({ code: "auth/id-token-revoked" });

    await call("POST", "/api/users/active@example.com/unblock", { idToken: admin });
    expect((await link(running.id)).paused).toBe(false);
    expect((await link(pausedBefore.id)).paused).toBe(true);
    expect(await audit("user.block")).toHaveLength(1);
  });

  it("a blocked member's token answers 403 BLOCKED whether or not the block revoked it", async () => {
    // revocation counts whole seconds: a token from the block's own second is not revoked. Recording
    // the block without ending sessions is what the server then sees, without racing the clock.
    await (await userDoc("trialing@example.com"))!.ref.update({ blocked: true });
    await new Promise((r) => setTimeout(r, 1100));
    // and alice's token, a second older than her block, is revoked by it
    expect((await call("POST", "/api/users/active@example.com/block", { idToken: admin })).status).toBe(200);
    for (const idToken of [tom, alice]) {
      for (const [method, path] of [
        ["GET", "/api/user"],
        ["GET", "/api/user/links"],
        ["POST", "/api/programs"],
      ] as const) {
        const res = await call(method, path, { idToken, body: method === "POST" ? { name: "Blocked Bank" } : undefined });
        expect({ method, path, status: res.status, code: res.body.code }).toEqual({ method, path, status: 403, code: "BLOCKED" });
      }
      // open routes treat them as anonymous
      expect((await call("GET", "/api/auth/session", { idToken })).body).toEqual({ authenticated: false, email: null });
    }
  });

  it("a new e-mail changes the sign-in e-mail and every link's e-mail at once", async () => {
    const p = await createProgramAs(admin, "Chase");
    const link = await submitOwnLink(alice, p.id);
    const res = await call("PATCH", "/api/users/active@example.com", {
      idToken: admin,
      body: { newEmail: " Alice.New@Example.com ", displayName: "Alice", notes: "VIP" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: "alice.new@example.com", displayName: "Alice", notes: "VIP", linkCount: 1 });
    expect((await getAuth().getUser(res.body.id)).email).toBe("alice.new@example.com");
    const links = (await call("GET", "/api/links", { idToken: admin })).body;
    expect(links.find((l: { id: string }) => l.id === link.id).email).toBe("alice.new@example.com");
    // the one-link-per-program rule follows the new address
    const again = await call("POST", "/api/links", {
      idToken: admin,
      body: { programId: p.id, name: "A", email: "alice.new@example.com", link: "https://x.example/", description: "d" },
    });
    expect(again.status).toBe(409);
    // taken: refused, nothing changed
    const taken = await call("PATCH", "/api/users/trialing@example.com", { idToken: admin, body: { newEmail: "alice.new@example.com" } });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("USER_EXISTS");
    expect(await userDoc("trialing@example.com")).toBeDefined();
  });

  it("payment IDs: empty is null, a new customer clears the subscription", async () => {
    await call("PATCH", "/api/users/active@example.com", {
      idToken: admin,
      body: { stripeCustomerId: "cus_A", stripeSubscriptionId: "sub_A" },
    });
    const changed = await call("PATCH", "/api/users/active@example.com", { idToken: admin, body: { stripeCustomerId: "cus_B" } });
    expect(changed.body).toMatchObject({ stripeCustomerId: "cus_B", stripeSubscriptionId: null });
    const cleared = await call("PATCH", "/api/users/active@example.com", { idToken: admin, body: { stripeCustomerId: "" } });
    expect(cleared.body.stripeCustomerId).toBeNull();
  });

  it("delete removes the user, their links, clicks, tokens and sign-in, and nothing of others", async () => {
    const p = await createProgramAs(admin, "Chase");
    const alicesLink = await submitOwnLink(alice, p.id);
    const tomsLink = await submitOwnLink(tom, p.id);
    await db().collection("clicks").add({ referralLinkId: alicesLink.id });
    await db().collection("clicks").add({ referralLinkId: tomsLink.id });
    const uid = (await userDoc("active@example.com"))!.id;
    expect((await call("DELETE", "/api/users/active@example.com", { idToken: admin })).status).toBe(204);
    expect((await call("GET", "/api/links", { idToken: admin })).body.map((l: { id: string }) => l.id)).toEqual([tomsLink.id]);
    // the clicks go in the background (the purgeClicks queue): read until alice's have gone, then assert
    const clicksLeft = await settle(
      async () => (await db().collection("clicks").get()).docs.map((d) => String(d.get("referralLinkId"))),
      (ids) => !ids.includes(alicesLink.id),
    );
    expect(clicksLeft).toEqual([tomsLink.id]);
    expect(await purged([alicesLink.id])).toEqual({ clicks: 0, pendingPurges: 0 });
    expect((await db().collection("email_tokens").where("email", "==", "active@example.com").get()).empty).toBe(true);
    await expect(getAuth().getUser(uid)).rejects.toMatchObject({ code: "auth/user-not-found" });
    expect((await call("DELETE", "/api/users/active@example.com", { idToken: admin })).status).toBe(404);
  });

  it("create-user makes an approved user who signs in without a subscription", async () => {
    const missing = await call("POST", "/api/admin/create-user", { idToken: admin, body: { email: "  " } });
    expect(missing.body.message).toBe("Email required - Please enter an email address");
    const res = await call("POST", "/api/admin/create-user", { idToken: admin, body: { email: "Invited@Example.com" } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ user: { username: "invited@example.com" } });
    expect((await call("POST", "/api/admin/create-user", { idToken: admin, body: { email: "invited@example.com" } })).status).toBe(409);
    const idToken = await signInMember("invited@example.com");
    expect((await call("GET", "/api/user", { idToken })).body).toMatchObject({ approved: true, isAdmin: false });
  });

  it("approve and auto-approve", async () => {
    expect((await call("POST", "/api/users/active@example.com/approve", { idToken: admin })).body.approved).toBe(true);
    const job = await runJob(admin, "autoApproveSubscribers");
    expect(job).toMatchObject({ state: "done", summary: { checkedCount: 1, approvedCount: 1 } });
    expect((await call("GET", "/api/user/profile", { idToken: tom })).body.approved).toBe(true);
  });

  it("the admin changes their own password", async () => {
    expect((await call("POST", "/api/admin/password", { idToken: admin, body: { password: "short" } })).status).toBe(400);
    expect((await call("POST", "/api/admin/password", { idToken: admin, body: { password: "a-new-password-2" } })).status).toBe(204);
    await expect(idTokenFromPassword(ADMIN.email, "a-new-password-2")).resolves.toBeTruthy();
  });
});

describe("subscriptions", () => {
  it.each([
    ["active", true],
    ["trialing", true],
    ["past_due", false],
    ["canceled", false],
  ])("a member whose subscription became %s: isActive %s, stored, access follows", async (status, isActive) => {
    const customer = await stripe().customers.create({ email: "active@example.com" });
    const sub = await stripe().subscriptions.create({ customer: customer.id, status } as Stripe.SubscriptionCreateParams & {
      status: string;
    });
    await call("PATCH", "/api/users/active@example.com", { idToken: admin, body: { stripeCustomerId: customer.id } });
    const res = await call("POST", "/api/admin/check-subscription/active@example.com", { idToken: admin });
    expect(res.body).toEqual({ status, isActive });
    const stored = (await call("GET", "/api/users", { idToken: admin })).body.find(
      (u: { username: string }) => u.username === "active@example.com",
    );
    expect(stored).toMatchObject({ subscriptionStatus: status, stripeSubscriptionId: sub.id });
    expect(stored.subscriptionLastChecked).not.toBeNull();
    // refused with the reason, whether or not the check's revocation caught the token
    const next = await call("GET", "/api/user/links", { idToken: alice });
    if (isActive) expect(next.status).toBe(200);
    else expect(next.body.code).toBe("NO_ACTIVE_SUBSCRIPTION");
  });

  it("a member whose subscription lapses mid-session is told so, though the check revoked their token", async () => {
    const customer = await stripe().customers.create({ email: "active@example.com" });
    await stripe().subscriptions.create({ customer: customer.id, status: "canceled" } as Stripe.SubscriptionCreateParams & {
      status: string;
    });
    await call("PATCH", "/api/users/active@example.com", { idToken: admin, body: { stripeCustomerId: customer.id } });
    // a second after her sign-in, so the check's revocation certainly covers her token
    await new Promise((r) => setTimeout(r, 1100));
    expect((await call("POST", "/api/admin/check-subscription/active@example.com", { idToken: admin })).body.isActive).toBe(false);
    await expect(getAuth().verifyIdToken(alice, true)).rejects.toMatchObject({ code: "auth/id-token-revoked" });
    const res = await call("GET", "/api/user/links", { idToken: alice });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: "NO_ACTIVE_SUBSCRIPTION", message: "No active subscription found for this email address" });
  });

  it("a member whose subscription lapses takes their links out of the counts, and back when it renews", async () => {
    const p = await createProgramAs(admin, "Chase");
    const link = await submitOwnLink(alice, p.id);
    await call("POST", `/api/links/${link.id}/approve`, { idToken: admin });
    await call("POST", `/api/programs/${p.id}/toggle-shared`, { idToken: admin, body: { isSharedOnSite: true } });
    const counts = async () => {
      const [mine] = (await call("GET", "/api/programs", { idToken: admin })).body;
      const [open] = (await call("GET", "/api/public/programs")).body;
      return [mine.linkCount, mine.activeLinkCount, open.activeLinkCount];
    };
    expect(await counts()).toEqual([1, 1, 1]);
    const customer = await stripe().customers.create({ email: "active@example.com" });
    const sub = await stripe().subscriptions.create({ customer: customer.id, status: "unpaid" } as Stripe.SubscriptionCreateParams & {
      status: string;
    });
    await call("PATCH", "/api/users/active@example.com", { idToken: admin, body: { stripeCustomerId: customer.id } });
    expect((await call("POST", "/api/admin/check-subscription/active@example.com", { idToken: admin })).body).toEqual({
      status: "unpaid",
      isActive: false,
    });
    expect(await counts()).toEqual([1, 0, 0]);
    await stripe().subscriptions.cancel(sub.id);
    await stripe().subscriptions.create({ customer: customer.id, status: "active" } as Stripe.SubscriptionCreateParams & {
      status: string;
    });
    expect((await call("POST", "/api/admin/check-subscription/active@example.com", { idToken: admin })).body).toEqual({
      status: "active",
      isActive: true,
    });
    expect(await counts()).toEqual([1, 1, 1]);
  });

  it("a member whose stored status is no longer active is refused even with a live session", async () => {
    const doc = (await userDoc("active@example.com"))!;
    await doc.ref.update({ subscriptionStatus: "unpaid" });
    const res = await call("GET", "/api/user/links", { idToken: alice });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: "NO_ACTIVE_SUBSCRIPTION", message: "No active subscription found for this email address" });
    // admins and members an admin created are exempt
    await doc.ref.update({ createdByAdmin: true });
    expect((await call("GET", "/api/user/links", { idToken: alice })).status).toBe(200);
  });

  it("a member with no Stripe customer is not_found", async () => {
    await call("PATCH", "/api/users/active@example.com", { idToken: admin, body: { stripeCustomerId: "cus_gone" } });
    expect((await call("POST", "/api/admin/check-subscription/active@example.com", { idToken: admin })).body).toEqual({
      status: "not_found",
      isActive: false,
    });
  });

  it("check-all counts every member by outcome", async () => {
    await call("POST", "/api/admin/create-user", { idToken: admin, body: { email: "invited@example.com" } });
    const job = await runJob(admin, "checkAllSubscriptions");
    // active@ (active) and trialing@ (trialing) are active; invited@, made by an admin, needs no subscription and is not counted
    expect(job.summary).toEqual({ total: 2, active: 2, cancelled: 0, not_found: 0, errors: 0 });
    const users = (await call("GET", "/api/users", { idToken: admin })).body as { email: string; subscriptionStatus: string | null }[];
    expect(users.find((u) => u.email === "invited@example.com")?.subscriptionStatus).toBeNull();
    expect((await db().collection("subscription_checks").get()).size).toBe(1);
  });
});

describe("duplicates", () => {
  async function legacyDuplicate() {
    // an account from before addresses were normalised: same e-mail, other case
    const { uid } = await getAuth().createUser({ email: "dup-legacy@example.com" });
    const t = new Date(Date.now() + 1000);
    await db().collection("users").doc(uid).set({
      username: "Active@Example.com ",
      email: "Active@Example.com ",
      isAdmin: false,
      blocked: false,
      approved: true,
      createdByAdmin: false,
      notes: "Old account",
      displayName: "Alice Legacy",
      createdAt: t,
      updatedAt: t,
    });
    return uid;
  }

  it("groups accounts sharing an e-mail, the oldest first, and merges a duplicate into it", async () => {
    await legacyDuplicate();
    const p = await createProgramAs(admin, "Chase");
    await db().collection("referral_links").add({
      programId: p.id,
      email: "Active@Example.com ",
      name: "Legacy",
      link: "https://x.example/",
      description: "d",
      approved: true,
      paused: false,
      isDead: false,
      createdAt: new Date(),
      submittedAt: new Date(),
      updatedAt: new Date(),
    });
    // one token that can still sign in moves; an expired one stays for its TTL and does not count
    const hour = 3_600_000;
    const live = await db()
      .collection("email_tokens")
      .add({
        email: "Active@Example.com ",
        useCount: 0,
        maxUses: 5,
        expiresAt: new Date(Date.now() + hour),
        deleteAt: new Date(Date.now() + hour + 7 * 24 * hour),
      });
    const expired = await db()
      .collection("email_tokens")
      .add({
        email: "Active@Example.com ",
        useCount: 0,
        maxUses: 5,
        expiresAt: new Date(Date.now() - hour),
        deleteAt: new Date(Date.now() - hour + 7 * 24 * hour),
      });
    const groups = (await call("GET", "/api/admin/duplicate-users", { idToken: admin })).body;
    expect(groups).toHaveLength(1);
    expect(groups[0].email).toBe("active@example.com");
    expect(groups[0].duplicates.map((u: { username: string }) => u.username)).toEqual(["active@example.com", "Active@Example.com "]);

    const merged = await call("POST", "/api/admin/merge-accounts", {
      idToken: admin,
      body: { primaryEmail: "active@example.com", duplicateEmail: "Active@Example.com " },
    });
    expect(merged.body).toEqual({ movedLinks: 1, movedTokens: 1 });
    expect([(await live.get()).get("email"), (await expired.get()).get("email")]).toEqual(["active@example.com", "Active@Example.com "]);
    const users = (await call("GET", "/api/users", { idToken: admin })).body;
    const primary = users.find((u: { username: string }) => u.username === "active@example.com");
    expect(primary).toMatchObject({ displayName: "Alice Legacy", notes: "Old account", linkCount: 1 });
    expect(users.some((u: { username: string }) => u.username === "Active@Example.com ")).toBe(false);
    expect((await call("GET", "/api/admin/duplicate-users", { idToken: admin })).body).toEqual([]);
  });

  it("refuses a merge when both have a link in one program, changing nothing", async () => {
    await legacyDuplicate();
    const p = await createProgramAs(admin, "Chase");
    await submitOwnLink(alice, p.id);
    await db().collection("referral_links").add({
      programId: p.id,
      email: "Active@Example.com ",
      name: "Legacy",
      link: "https://x.example/",
      description: "d",
      approved: true,
      paused: false,
      isDead: false,
      createdAt: new Date(),
      submittedAt: new Date(),
      updatedAt: new Date(),
    });
    const res = await call("POST", "/api/admin/merge-accounts", {
      idToken: admin,
      body: { primaryEmail: "active@example.com", duplicateEmail: "Active@Example.com " },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("MERGE_CONFLICT");
    // the program is named, not its id
    expect(res.body.message).toContain("Chase");
    expect(res.body.message).not.toContain(p.id);
    expect((await call("GET", "/api/admin/duplicate-users", { idToken: admin })).body).toHaveLength(1);
  });
});

describe("impersonation", () => {
  it("an admin acts as the member only, and returns", async () => {
    const res = await call("POST", "/api/auth/login-as-user", { idToken: admin, body: { email: "active@example.com" } });
    expect(res.body.email).toBe("active@example.com");
    const asMember = await idTokenFromCustomToken(res.body.customToken);
    const me = await call("GET", "/api/user", { idToken: asMember });
    expect(me.body).toMatchObject({ username: "active@example.com", isAdmin: false });
    expect(me.body.impersonatedBy).toBe((await userDoc(ADMIN.email))!.id);
    expect((await call("GET", "/api/links", { idToken: asMember })).status).toBe(403);

    const back = await call("POST", "/api/auth/return-to-admin", { idToken: asMember });
    const adminAgain = await idTokenFromCustomToken(back.body.customToken);
    expect((await call("GET", "/api/user", { idToken: adminAgain })).body).toMatchObject({ username: ADMIN.email, isAdmin: true });
    expect((await audit("impersonation.start"))[0]).toMatchObject({ targetEmail: "active@example.com" });
    expect(await audit("impersonation.end")).toHaveLength(1);
  });

  it("a member's own session cannot return to any admin; unknown users are 404", async () => {
    expect((await call("POST", "/api/auth/return-to-admin", { idToken: alice })).status).toBe(403);
    expect((await call("POST", "/api/auth/login-as-user", { idToken: admin, body: { email: "ghost@example.com" } })).status).toBe(404);
  });
});
