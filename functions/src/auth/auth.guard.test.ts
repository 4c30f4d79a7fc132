import type { DecodedIdToken } from "firebase-admin/auth";
import { describe, expect, it } from "vitest";
import type { ImpersonationRecord } from "./impersonations.store";
import type { UserRecord } from "../accounts/users.store";
import { resolveCaller, type CallerLookups, type Level } from "./auth.guard";
import { RevokedIdToken } from "./identity";

/**
 * The guard's decisions, with fake lookups. Against the emulator the Admin SDK checks revocation on
 * every call whatever it is asked, so only here can a test see that the guard asks for it.
 */

const NOW = new Date("2026-11-23T12:00:00Z");

function token(claims: Partial<DecodedIdToken> & Record<string, unknown>, provider = "custom"): DecodedIdToken {
  return {
    uid: "u1",
    auth_time: NOW.getTime() / 1000 - 60,
    firebase: { sign_in_provider: provider, identities: {} },
    ...claims,
  } as unknown as DecodedIdToken;
}

function user(overrides: Partial<UserRecord> = {}): UserRecord {
  return { id: "u1", username: "member@example.com", isAdmin: false, blocked: false, ...overrides } as UserRecord;
}

function session(overrides: Partial<ImpersonationRecord> = {}): ImpersonationRecord {
  return {
    id: "s1",
    adminUid: "admin1",
    memberUid: "u1",
    memberEmail: "member@example.com",
    startedAt: new Date(NOW.getTime() - 10 * 60_000),
    expiresAt: new Date(NOW.getTime() + 50 * 60_000),
    endedAt: null,
    endReason: null,
    adminAuthTime: null,
    ...overrides,
  };
}

/** Lookups that answer with these; `revoked` makes a revocation check fail; calls are recorded. */
function lookups(
  decoded: DecodedIdToken,
  found: { user?: UserRecord | null; session?: ImpersonationRecord | null; revoked?: boolean } = {},
) {
  const revocationChecks: boolean[] = [];
  const fake: CallerLookups = {
    verifyIdToken: async (_token, checkRevoked) => {
      revocationChecks.push(checkRevoked);
      return checkRevoked && found.revoked ? null : decoded;
    },
    getUserById: async () => (found.user === undefined ? user() : found.user),
    getImpersonation: async () => found.session ?? null,
    now: () => NOW,
  };
  return { fake, revocationChecks };
}

describe("revocation", () => {
  it.each<Level>(["optional", "member", "admin"])("a token with the admin claim is checked for revocation on %s routes", async (level) => {
    const { fake, revocationChecks } = lookups(token({ admin: true }, "password"), { user: user({ isAdmin: true }), revoked: true });
    expect(await resolveCaller("t", level, fake)).toBeNull();
    expect(revocationChecks).toContain(true);
  });

  it("an admin whose token is not revoked is an admin on a member route", async () => {
    const { fake, revocationChecks } = lookups(token({ admin: true }, "password"), { user: user({ isAdmin: true }) });
    expect(await resolveCaller("t", "member", fake)).toMatchObject({ isAdmin: true });
    expect(revocationChecks).toEqual([false, true]);
  });

  it("a member's token on a member route costs no revocation call", async () => {
    const { fake, revocationChecks } = lookups(token({}));
    expect(await resolveCaller("t", "member", fake)).toMatchObject({ uid: "u1", isAdmin: false });
    expect(revocationChecks).toEqual([false]);
  });
});

describe("a token revoked by a block or a lapse", () => {
  // The Admin SDK compares the token's sign-in second with the revocation's: a token from the same
  // second as the block is not revoked, one from a second before is. Either way the caller is told why.
  const revokedLookups = (found: { user?: UserRecord | null }, decoded = token({})) => {
    const { fake, revocationChecks } = lookups(decoded, found);
    fake.verifyIdToken = async (_token, checkRevoked) => {
      revocationChecks.push(checkRevoked);
      return new RevokedIdToken(decoded);
    };
    return fake;
  };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => "no refusal",
      (err: { code?: string }) => err.code,
    );

  it.each<Level>(["optional", "member", "admin"])("of a blocked user answers BLOCKED on %s routes", async (level) => {
    expect(await refusal(resolveCaller("t", level, revokedLookups({ user: user({ blocked: true }) })))).toBe("BLOCKED");
  });

  it("not revoked yet (the block's own second), the blocked user is found, and the route refuses them", async () => {
    expect(await resolveCaller("t", "member", lookups(token({}), { user: user({ blocked: true }) }).fake)).toMatchObject({
      user: { blocked: true },
    });
  });

  it("of a blocked admin answers BLOCKED too", async () => {
    const blockedAdmin = revokedLookups({ user: user({ isAdmin: true, blocked: true }) }, token({ admin: true }, "password"));
    expect(await refusal(resolveCaller("t", "admin", blockedAdmin))).toBe("BLOCKED");
  });

  it("of a member whose subscription lapsed answers NO_ACTIVE_SUBSCRIPTION", async () => {
    const lapsed = user({ subscriptionStatus: "canceled", createdByAdmin: false });
    expect(await refusal(resolveCaller("t", "member", revokedLookups({ user: lapsed })))).toBe("NO_ACTIVE_SUBSCRIPTION");
  });

  it("of anyone else (a logout, a password change) is no token", async () => {
    expect(await resolveCaller("t", "member", revokedLookups({ user: user({ subscriptionStatus: "active" }) }))).toBeNull();
    expect(await resolveCaller("t", "member", revokedLookups({ user: null }))).toBeNull();
  });

  it("from another sign-in than the hub's is no token, blocked or not", async () => {
    expect(await resolveCaller("t", "member", revokedLookups({ user: user({ blocked: true }) }, token({}, "password")))).toBeNull();
  });
});

describe("how the token was signed in", () => {
  it.each(["password", "google.com", "anonymous", "phone"])("a non-admin's token from a %s sign-in is no token", async (provider) => {
    expect(await resolveCaller("t", "member", lookups(token({}, provider)).fake)).toBeNull();
  });

  it("an admin claim the user document does not back is no admin, and then needs the hub's sign-in too", async () => {
    expect(await resolveCaller("t", "member", lookups(token({ admin: true }, "password")).fake)).toBeNull();
    expect(await resolveCaller("t", "member", lookups(token({ admin: true }, "custom")).fake)).toMatchObject({ isAdmin: false });
  });

  it("a token of an account without a user document is no token", async () => {
    expect(await resolveCaller("t", "member", lookups(token({}), { user: null }).fake)).toBeNull();
  });
});

describe("impersonation", () => {
  const impersonating = token({ impersonatedBy: "admin1", impersonationId: "s1" });

  it("an open session's token acts as the member, naming the admin", async () => {
    expect(await resolveCaller("t", "member", lookups(impersonating, { session: session() }).fake)).toMatchObject({
      uid: "u1",
      isAdmin: false,
      impersonatedBy: "admin1",
      impersonationId: "s1",
    });
  });

  it.each([
    ["ended", { session: session({ endedAt: NOW, endReason: "returned" }) }],
    ["an hour old", { session: session({ expiresAt: NOW }) }],
    ["missing", { session: null }],
    ["of another member", { session: session({ memberUid: "u2" }) }],
    ["of another admin", { session: session({ adminUid: "admin2" }) }],
  ] as const)("a session that is %s makes the token no token", async (_what, found) => {
    expect(await resolveCaller("t", "optional", lookups(impersonating, found).fake)).toBeNull();
  });

  it("a token that says impersonatedBy without a session id is no token", async () => {
    expect(await resolveCaller("t", "member", lookups(token({ impersonatedBy: "admin1" }), { session: session() }).fake)).toBeNull();
  });
});

describe("the admin's own sign-in, what fresh-sign-in checks read (authTime)", () => {
  const admin = user({ isAdmin: true });
  const authTimeOf = async (decoded: DecodedIdToken) =>
    (await resolveCaller("t", "admin", lookups(decoded, { user: admin }).fake))?.authTime;
  const SIGNED_IN = NOW.getTime() / 1000 - 60;
  const EARLIER = NOW.getTime() / 1000 - 3600;

  it("a password sign-in counts from its auth_time", async () => {
    expect(await authTimeOf(token({ admin: true, auth_time: SIGNED_IN }, "password"))).toBe(SIGNED_IN);
  });

  it("a token minted by return-to-admin counts from the admin's earlier sign-in, not its own auth_time", async () => {
    expect(await authTimeOf(token({ admin: true, auth_time: SIGNED_IN, adminAuthTime: EARLIER }, "custom"))).toBe(EARLIER);
  });

  it("an e-mail-link sign-in (a custom token without adminAuthTime) never counts as fresh", async () => {
    expect(await authTimeOf(token({ admin: true, auth_time: SIGNED_IN }, "custom"))).toBeNull();
  });

  it("an adminAuthTime that is not a number never counts", async () => {
    expect(await authTimeOf(token({ admin: true, auth_time: SIGNED_IN, adminAuthTime: String(SIGNED_IN) }, "custom"))).toBeNull();
  });
});
