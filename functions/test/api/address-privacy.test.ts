import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../src/platform/db";
import { createJob, readJob } from "../../src/jobs/jobs.store";
import { addressTruncationSlice, ADDRESS_TRUNCATION_CHUNK } from "../../src/auth/address-truncation-job.service";
import { ADMIN, signInActors } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call, callRoute } from "../../../testing/http";
import { productionLikeDeps } from "../../../testing/in-process-app";
import { runJob } from "../../../testing/jobs";
import { expectNoStoredAddress, findStoredAddresses } from "../../../testing/stored-addresses";
import { suite } from "../../../testing/suite-env";
import { ensureAdmin } from "../../src/toolkit";
import { failAtWrite, InjectedFault } from "../../../testing/write-faults";

/**
 * No full client address is stored (docs/architecture.md, *Honest counts*): login tokens keep the address they
 * were last used from truncated to its /24 (IPv4) or /48 (IPv6), rate limits are keyed by keyed
 * hashes (never the address, nor its plain SHA-256), and a job rewrites what older code stored.
 * Through Hosting to the emulated `api`, as production's defaults read the address (2 trusted hops:
 * Fastly appends the client, Google's front end the Fastly edge).
 */

const FASTLY_EDGE = "151.101.65.195";
const from = (ip: string) => ({ "x-forwarded-for": `${ip}, ${FASTLY_EDGE}` });
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const MEMBER_V4 = "203.0.113.57";
const MEMBER_V6 = "2001:db8:4a:7::15";
const ADMIN_V4 = "198.51.100.23";

beforeEach(() => resetEmulators());

async function loginLinkFrom(ip: string, email = "active@example.com"): Promise<string> {
  const res = await callRoute("sendLoginLink", { body: { email }, headers: from(ip) });
  expect(res.status).toBe(200);
  return res.body.token!;
}
const useToken = (token: string, ip: string) => callRoute("exchangeLoginToken", { query: { token }, headers: from(ip) });
const storedToken = async () => (await db().collection("email_tokens").get()).docs[0]!.data();

describe("sign-in keeps no whole address", () => {
  it("a login token keeps the address it was last used from truncated to its /24, or its /48 for IPv6", async () => {
    const token = await loginLinkFrom(MEMBER_V4);
    expect((await useToken(token, MEMBER_V4)).status).toBe(200);
    expect((await storedToken()).lastUsedIp).toBe("203.0.113.0/24");
    expect((await useToken(token, MEMBER_V6)).status).toBe(200);
    expect((await storedToken()).lastUsedIp).toBe("2001:db8:4a::/48");
  });

  it("rate limits are keyed by keyed hashes: no address, e-mail or username in clear or as its plain SHA-256", async () => {
    await ensureAdmin(ADMIN.email, ADMIN.password);
    await loginLinkFrom(MEMBER_V4);
    const wrong = await callRoute("login", { body: { username: ADMIN.email, password: "not-the-password" }, headers: from(ADMIN_V4) });
    expect(wrong.status).toBe(401);

    const ids = (await db().collection("rate_limits").listDocuments()).map((ref) => ref.id).sort();
    // one per rule: the e-mail's and the address's of the login link, the username's and the address's of the password
    expect(ids.map((id) => id.replace(/[A-Za-z0-9_-]{43}$/, "…"))).toEqual(["email_…", "ip_…", "login_…", "login_ip_…"]);
    for (const value of [MEMBER_V4, ADMIN_V4, "active@example.com", ADMIN.email]) {
      for (const id of ids) {
        expect(id).not.toContain(value);
        expect(id).not.toContain(sha256(value));
      }
    }
    // the same value keys each rule apart (a hash per purpose)
    const admin = ids.filter((id) => id.startsWith("login_") && !id.startsWith("login_ip_"))[0]!.slice("login_".length);
    await loginLinkFrom(ADMIN_V4, ADMIN.email);
    const emailKeys = (await db().collection("rate_limits").listDocuments()).map((ref) => ref.id).filter((id) => id.startsWith("email_"));
    expect(emailKeys).toHaveLength(2);
    expect(emailKeys.map((id) => id.slice("email_".length))).not.toContain(admin);
  });

  it("after member and admin sign-ins from several addresses, nothing in the store holds a whole one", async () => {
    await signInActors();
    const token = await loginLinkFrom(MEMBER_V4);
    expect((await useToken(token, MEMBER_V6)).status).toBe(200);
    await loginLinkFrom(MEMBER_V6, "trialing@example.com");
    expect((await callRoute("login", { body: { username: ADMIN.email, password: ADMIN.password }, headers: from(ADMIN_V4) })).status).toBe(
      200,
    );
    expect((await callRoute("login", { body: { username: ADMIN.email, password: "wrong" }, headers: from(ADMIN_V4) })).status).toBe(401);
    await expectNoStoredAddress([MEMBER_V4, MEMBER_V6, ADMIN_V4]);
  });

  it("the store check finds a whole address or its plain hash anywhere, and not a truncated one", async () => {
    await db()
      .doc("rate_limits/ip_" + sha256(MEMBER_V4))
      .set({ hits: [] });
    await db()
      .doc("audit_log/x")
      .set({ details: { seen: [`from ${MEMBER_V6}, then`] } });
    await db()
      .doc("jobs/y/pages/000000")
      .set({ entries: [{ [ADMIN_V4]: true }] });
    await db().doc("email_tokens/z").set({ lastUsedIp: "203.0.113.0/24", note: "203.0.113.570" });
    const found = await findStoredAddresses([MEMBER_V4, MEMBER_V6, ADMIN_V4, "203.0.113.0"]);
    expect(found.map((f) => [f.path, f.field, f.address]).sort()).toEqual([
      ["audit_log/x", "details.seen[0]", MEMBER_V6],
      ["jobs/y/pages/000000", "entries[0].{198.51.100.23}", ADMIN_V4],
      ["rate_limits/ip_" + sha256(MEMBER_V4), "(id)", MEMBER_V4],
    ]);
    await expect(expectNoStoredAddress([MEMBER_V4])).rejects.toThrow(/rate_limits\/ip_/);
  });
});

// ---- the one-off job over what older code stored

/** A click record as the rotation wrote it before addresses were truncated. */
const click = (ipAddress: unknown) => ({
  referralLinkId: "link-1",
  programId: "program-1",
  clickedAt: new Date(),
  ...(ipAddress === undefined ? {} : { ipAddress }),
  userAgent: "Mozilla/5.0",
});
const token = (lastUsedIp: unknown) => ({
  email: "active@example.com",
  typedEmail: null,
  expiresAt: new Date(Date.now() + 3_600_000),
  useCount: 1,
  maxUses: 5,
  lastUsedAt: new Date(),
  lastUsedIp,
});

/** What older code left: each record's id, what it holds and what it must hold after the job. */
function olderRecords() {
  const clicks: [string, unknown, unknown][] = [];
  // 450 whole addresses: more than one chunk of them
  for (let i = 0; i < 450; i++) {
    const id = `c${String(i).padStart(4, "0")}`;
    if (i % 2) clicks.push([id, `203.0.${String(i % 200)}.${String((i % 250) + 1)}`, `203.0.${String(i % 200)}.0/24`]);
    else clicks.push([id, `2001:db8:${(i % 7) + 1}:${i.toString(16)}::1`, `2001:db8:${(i % 7) + 1}::/48`]);
  }
  // already truncated, or coarser: kept as they are
  for (const kept of ["198.51.100.0/24", "2001:db8:4a::/48", "10.0.0.0/8", "2001:db8::/32"])
    clicks.push([`k-${kept}`.replace(/\//g, "_"), kept, kept]);
  // a finer range is truncated further; what is no address at all goes
  clicks.push(["f-1", "203.0.113.64/26", "203.0.113.0/24"]);
  for (const [i, garbage] of ["unknown", "203.0.113.256", "::ffff:zz", ""].entries()) clicks.push([`g-${String(i)}`, garbage, null]);
  // none recorded: left alone
  clicks.push(["n-1", null, null], ["n-2", undefined, undefined]);
  const tokens: [string, unknown, unknown][] = [
    ["t-1", MEMBER_V4, "203.0.113.0/24"],
    ["t-2", MEMBER_V6, "2001:db8:4a::/48"],
    ["t-3", "203.0.113.0/24", "203.0.113.0/24"],
    ["t-4", null, null],
  ];
  return { clicks, tokens };
}
/** The whole addresses among them (those the job must truncate). */
const wholeAddresses = (records: ReturnType<typeof olderRecords>) =>
  [...records.clicks, ...records.tokens].flatMap(([, stored, after]) =>
    typeof stored === "string" && !stored.includes("/") && typeof after === "string" ? [stored] : [],
  );

async function seedOlderRecords() {
  const records = olderRecords();
  const batch = db().batch();
  for (const [id, stored] of records.clicks) batch.set(db().doc(`clicks/${id}`), click(stored));
  for (const [id, stored] of records.tokens) batch.set(db().doc(`email_tokens/${id}`), token(stored));
  await batch.commit();
  return records;
}

async function expectRewritten(records: ReturnType<typeof olderRecords>) {
  const clicks = new Map((await db().collection("clicks").get()).docs.map((d) => [d.id, d.data()]));
  const tokens = new Map((await db().collection("email_tokens").get()).docs.map((d) => [d.id, d.data()]));
  expect(records.clicks.map(([id]) => [id, clicks.get(id)?.ipAddress])).toEqual(records.clicks.map(([id, , after]) => [id, after]));
  expect(records.tokens.map(([id]) => [id, tokens.get(id)?.lastUsedIp])).toEqual(records.tokens.map(([id, , after]) => [id, after]));
  // the rest of each record as it was
  expect(clicks.get("c0001")).toMatchObject({ referralLinkId: "link-1", programId: "program-1", userAgent: "Mozilla/5.0" });
  expect(tokens.get("t-1")).toMatchObject({ email: "active@example.com", useCount: 1, maxUses: 5 });
}

describe("the address truncation job", () => {
  it("an admin starts it: whole addresses are truncated, truncated ones kept, garbage cleared; a second run changes nothing", async () => {
    const { admin } = await signInActors();
    const records = await seedOlderRecords();
    const whole = wholeAddresses(records);
    expect(whole).toHaveLength(452);
    expect((await findStoredAddresses(whole.slice(0, 3))).length).toBeGreaterThan(0);

    const checked = records.clicks.length + records.tokens.length + 2; // + the sign-ins' own two tokens
    const first = await runJob(admin, "runAddressTruncation");
    expect(first).toMatchObject({
      kind: "address-truncation",
      state: "done",
      phase: "finished",
      done: checked,
      total: checked,
      summary: { checked, truncated: 453, cleared: 4 },
    });
    await expectRewritten(records);
    await expectNoStoredAddress(whole);

    const again = await runJob(admin, "runAddressTruncation");
    expect(again).toMatchObject({ state: "done", summary: { checked, truncated: 0, cleared: 0 } });
    await expectRewritten(records);
    // an admin's job: recorded in the audit log with what it did
    const audit = (await db().collection("audit_log").where("action", "==", "addresses.truncate").get()).docs.map((d) => d.data().details);
    expect(audit).toHaveLength(2);
    expect(audit).toContainEqual(expect.objectContaining({ checked, truncated: 453, cleared: 4 }));
  }, 90_000);

  it("is only the admin's to start", async () => {
    const { alice } = await signInActors();
    expect((await callRoute("runAddressTruncation", { idToken: alice })).status).toBe(403);
    expect((await call("POST", "/api/admin/address-truncation/run")).status).toBe(401);
  });

  it(`works in bounded slices of at most ${String(ADDRESS_TRUNCATION_CHUNK)} records, each storing its cursor; a failed slice is retried from it`, async () => {
    const records = await seedOlderRecords();
    const total = records.clicks.length + records.tokens.length;
    const deps = productionLikeDeps(suite.stripeUrl);
    const jobId = await createJob("address-truncation", { trigger: "admin", actorUid: null }, new Date(), { phase: "applying", total });
    const job = async () => (await readJob(jobId))!;

    // a slice whose time is up does one chunk, then hands over to the next task
    expect(await addressTruncationSlice(deps, await job(), 0)).toBe(false);
    const afterFirst = await job();
    expect(afterFirst).toMatchObject({ state: "running", done: ADDRESS_TRUNCATION_CHUNK });
    const firstChunk = records.clicks.slice(0, ADDRESS_TRUNCATION_CHUNK);
    const stored = async (ids: string[]) =>
      Promise.all(ids.map(async (id) => (await db().doc(`clicks/${id}`).get()).get("ipAddress") as unknown));
    expect(await stored(firstChunk.map(([id]) => id))).toEqual(firstChunk.map(([, , after]) => after));
    const secondChunk = records.clicks.slice(ADDRESS_TRUNCATION_CHUNK);
    expect(await stored(secondChunk.map(([id]) => id))).toEqual(secondChunk.map(([, before]) => before));

    // the next slice dies while it writes: nothing of its chunk is stored, the cursor stays
    const fault = failAtWrite(10);
    try {
      await expect(addressTruncationSlice(deps, await job(), 0)).rejects.toThrow(InjectedFault);
    } finally {
      fault.restore();
    }
    expect(await job()).toMatchObject({ done: ADDRESS_TRUNCATION_CHUNK, applyAfter: afterFirst.applyAfter, counts: afterFirst.counts });
    expect(await stored(secondChunk.map(([id]) => id))).toEqual(secondChunk.map(([, before]) => before));

    // the queue's retries: from the stored cursor, one chunk each, to the end
    let slices = 0;
    let done = ADDRESS_TRUNCATION_CHUNK;
    for (let finished = false; !finished; slices++) {
      finished = await addressTruncationSlice(deps, await job(), 0);
      const now = await job();
      expect(now.done - done).toBeLessThanOrEqual(ADDRESS_TRUNCATION_CHUNK);
      done = now.done;
    }
    expect(slices).toBe(2); // the rest of the clicks, then the tokens
    expect(await job()).toMatchObject({ state: "done", done: total, summary: { checked: total, truncated: 453, cleared: 4 } });
    await expectRewritten(records);
  }, 60_000);
});
