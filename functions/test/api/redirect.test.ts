import { beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { db } from "../../src/platform/db";
import { newClickId, recordVisit } from "../../src/visits/visits.store";
import { call } from "../../../testing/http";
import { purged, settle } from "../../../testing/click-purges";
import { resetEmulators } from "../../../testing/emulators";
import { signInActors, submitOwnLink, createProgramAs } from "../../../testing/actors";
import {
  addLink,
  BROWSER_UA,
  PREVIEW_UA,
  programWithLinks,
  ROTATION_SETTLE_MS,
  sleep,
  storedCounts,
  visit,
  visitAt,
  visitCounts,
  visitMany,
} from "../../../testing/rotation";
import { startRotationInstances, stopRotationInstances } from "../../../testing/rotation-instances";
import { LOCAL_VISITOR_COOKIE_SECRET } from "../../../testing/suite-config";

let admin: string;
let alice: string;

beforeEach(async () => {
  await resetEmulators();
  ({ admin, alice } = await signInActors());
});

describe("the rotation address", () => {
  it.each([
    ["a VISITOR_COOKIE_SECRET shorter than 32 bytes", "short-cookie-secret"],
    ["the local suite's published VISITOR_COOKIE_SECRET", LOCAL_VISITOR_COOKIE_SECRET],
  ])(
    "deployed with %s, it refuses to serve: 500, nobody redirected, nothing counted",
    async (_what, secret) => {
      const { programId } = await programWithLinks(admin, 2);
      const instances = await startRotationInstances(1, { visitorCookieSecret: secret });
      onTestFinished(() => stopRotationInstances(instances));
      const answer = await visitAt(instances[0]!.origin, programId);
      expect(answer.status).toBe(500);
      expect(answer.location).toBeNull();
      expect(answer.setCookies).toEqual([]);
      expect(answer.contentType).toMatch(/^text\/html/);
      expect((await storedCounts(programId)).clickRecords).toBe(0);
    },
    60_000,
  );

  it("even: 1,000 sequential visits over 7 active links give each 142 or 143, each counted once", async () => {
    const { programId, links } = await programWithLinks(admin, 7);
    const tally = await visitMany(programId, 1000);

    expect(new Set(tally.keys())).toEqual(new Set(links.map((l) => l.url)));
    for (const n of tally.values()) expect([142, 143]).toContain(n);

    const counts = await visitCounts(admin);
    const stored = await storedCounts(programId);
    expect(stored.clickRecords).toBe(1000);
    expect(stored.dayTotal).toBe(1000);
    for (const l of links) {
      expect(counts.get(l.id)).toBe(tally.get(l.url));
      expect(stored.dayCounters.get(l.id)).toBe(tally.get(l.url));
    }
  }, 180_000);

  it("balanced: a new link gets every visit until it has caught up with three at 100, then the four share equally", async () => {
    const { programId, links } = await programWithLinks(admin, 3);
    const first = await visitMany(programId, 300);
    expect([...first.values()]).toEqual([100, 100, 100]);

    const newcomer = await addLink(admin, programId, "newcomer@example.com");
    await call("POST", `/api/programs/${programId}/distribution-mode`, { idToken: admin, body: { mode: "balanced" } });
    await sleep(ROTATION_SETTLE_MS);

    expect(await visitMany(programId, 100)).toEqual(new Map([[newcomer.url, 100]]));
    const after = await visitMany(programId, 100);
    expect(new Map([...after].sort())).toEqual(new Map([...links, newcomer].map((l) => [l.url, 25] as const).sort()));

    const counts = await visitCounts(admin);
    expect([...links, newcomer].map((l) => counts.get(l.id))).toEqual([125, 125, 125, 125]);
  }, 180_000);

  it("32 concurrent clients over 4 instances, 3,000 visits: all 302 to an active link, every counted visit recorded exactly once, even within 2%", async () => {
    const { programId, links } = await programWithLinks(admin, 7);
    const active = new Set(links.map((l) => l.url));
    const TOTAL = 3000;
    const CLIENTS = 32;
    // served as in production: a few instances, each one process taking many visitors at a time,
    // each with its own rotation state (the emulator's one process per request cannot carry this load)
    const instances = await startRotationInstances(4);
    onTestFinished(() => stopRotationInstances(instances));
    // every tenth visit is a link preview: sent on, never counted
    const isPreview = (n: number) => n % 10 === 9;
    let next = 0;
    const results: { n: number; status: number; location: string | null }[] = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const { origin } = instances[client % instances.length]!;
        for (let n = next++; n < TOTAL; n = next++) {
          const { status, location } = await visitAt(origin, programId, isPreview(n) ? PREVIEW_UA : BROWSER_UA);
          results.push({ n, status, location });
        }
      }),
    );

    expect(results).toHaveLength(TOTAL);
    expect(results.filter((r) => r.status !== 302)).toEqual([]);
    expect(results.filter((r) => !active.has(r.location ?? ""))).toEqual([]);

    const counted = results.filter((r) => !isPreview(r.n));
    const perLink = new Map<string, number>();
    for (const r of counted) perLink.set(r.location!, (perLink.get(r.location!) ?? 0) + 1);
    const fairShare = counted.length / links.length;
    for (const l of links) expect(Math.abs((perLink.get(l.url) ?? 0) - fairShare) / fairShare).toBeLessThanOrEqual(0.02);

    const [counts, stored] = await Promise.all([visitCounts(admin), storedCounts(programId)]);
    const visitCountSum = links.reduce((sum, l) => sum + (counts.get(l.id) ?? 0), 0);
    expect({ clickRecords: stored.clickRecords, visitCountSum, dayTotal: stored.dayTotal }).toEqual({
      clickRecords: counted.length,
      visitCountSum: counted.length,
      dayTotal: counted.length,
    });
    for (const l of links) {
      expect(counts.get(l.id)).toBe(perLink.get(l.url));
      expect(stored.dayCounters.get(l.id)).toBe(perLink.get(l.url));
    }
  }, 300_000);

  it("never sends traffic to paused, dead, unapproved links or links of blocked owners; none left means the fallback", async () => {
    const program = await createProgramAs(admin, "Held Back Bank", { fallbackUrl: "https://bank.example.com/apply" });
    const live = await addLink(admin, program.id, "live@example.com");
    const paused = await addLink(admin, program.id, "paused@example.com");
    const dead = await addLink(admin, program.id, "dead@example.com");
    await addLink(admin, program.id, "pending@example.com", false); // never approved
    const alicesLink = await submitOwnLink(alice, program.id, "https://refer.example.com/alice");
    await call("POST", `/api/links/${alicesLink.id}/approve`, { idToken: admin });
    await call("POST", `/api/links/${paused.id}/pause`, { idToken: admin });
    await call("POST", `/api/links/${dead.id}/mark-dead`, { idToken: admin, body: { note: "Offer ended" } });
    await call("POST", "/api/users/active@example.com/block", { idToken: admin });
    // owners held back by their account alone, their links untouched: one blocked, one whose subscription lapsed
    const lapsed = await addLink(admin, program.id, "lapsed@example.com");
    const blockedOwner = await addLink(admin, program.id, "blocked-owner@example.com");
    const member = { isAdmin: false, createdByAdmin: false, approved: true, createdAt: new Date() };
    await db()
      .collection("users")
      .doc("lapsed-uid")
      .set({ ...member, username: "lapsed@example.com", email: "lapsed@example.com", blocked: false, subscriptionStatus: "canceled" });
    await db()
      .collection("users")
      .doc("blocked-owner-uid")
      .set({
        ...member,
        username: "blocked-owner@example.com",
        email: "blocked-owner@example.com",
        blocked: true,
        subscriptionStatus: "active",
      });
    await sleep(ROTATION_SETTLE_MS);
    for (const held of [lapsed, blockedOwner])
      expect((await db().collection("referral_links").doc(held.id).get()).get("paused")).toBe(false);

    const tally = await visitMany(program.id, 40);
    expect(tally).toEqual(new Map([[live.url, 40]]));

    // the last active link paused: the rotation falls back within a few seconds
    await call("POST", `/api/links/${live.id}/pause`, { idToken: admin });
    await sleep(ROTATION_SETTLE_MS);
    expect(await visitMany(program.id, 5)).toEqual(new Map([["https://bank.example.com/apply", 5]]));

    // no fallback either: 404 with a small HTML page
    await call("PATCH", `/api/programs/${program.id}`, { idToken: admin, body: { fallbackUrl: null } });
    await sleep(ROTATION_SETTLE_MS);
    const nowhere = await visit(program.id);
    expect(nowhere.status).toBe(404);
    expect(nowhere.contentType).toMatch(/^text\/html/);

    // fallbacks are not clicks of any link
    expect((await storedCounts(program.id)).clickRecords).toBe(40);
  }, 120_000);

  it("takes approve, move and delete into account within a few seconds", async () => {
    const { programId, links } = await programWithLinks(admin, 2);
    const other = await createProgramAs(admin, "Other Card");
    const late = await addLink(admin, programId, "late@example.com", false);
    expect(new Set((await visitMany(programId, 6)).keys())).toEqual(new Set(links.map((l) => l.url)));

    await call("POST", `/api/links/${late.id}/approve`, { idToken: admin });
    await call("POST", `/api/links/${links[0]!.id}/move`, { idToken: admin, body: { programId: other.id } });
    await call("DELETE", `/api/links/${links[1]!.id}`, { idToken: admin });
    await sleep(ROTATION_SETTLE_MS);
    expect(await visitMany(programId, 6)).toEqual(new Map([[late.url, 6]]));
    expect(await visitMany(other.id, 2)).toEqual(new Map([[links[0]!.url, 2]]));
  }, 120_000);

  it("sends link previews, bots and HEAD requests on without counting them; never cached", async () => {
    const { programId, links } = await programWithLinks(admin, 1);
    for (const ua of [PREVIEW_UA, "Twitterbot/1.0", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", null]) {
      const res = await visit(programId, ua);
      expect(res.status).toBe(302);
      expect(res.location).toBe(links[0]!.url);
      expect(res.cacheControl).toBe("private, no-store");
    }
    expect((await visit(programId, BROWSER_UA, "HEAD")).status).toBe(302);
    expect((await visit(programId, BROWSER_UA, "GET", { "sec-purpose": "prefetch" })).status).toBe(302);
    expect((await storedCounts(programId)).clickRecords).toBe(0);

    const counted = await visit(programId);
    expect(counted.cacheControl).toBe("private, no-store");
    expect((await storedCounts(programId)).clickRecords).toBe(1);
    expect((await visitCounts(admin)).get(links[0]!.id)).toBe(1);
  }, 60_000);

  it("answers 404 with a small HTML page for unknown and unapproved programs, and for ids that cannot exist", async () => {
    const proposed = await createProgramAs(alice, "Proposed Card");
    for (const id of ["no-such-program", proposed.id, "__bad__", "a".repeat(200)]) {
      const res = await visit(id);
      expect(res.status).toBe(404);
      expect(res.contentType).toMatch(/^text\/html/);
      expect(res.cacheControl).toBe("private, no-store");
    }
    const post = await fetch(`${process.env.APP_URL}/api/programs/${proposed.id}/redirect`, {
      method: "POST",
      redirect: "manual",
      headers: { "user-agent": BROWSER_UA },
    });
    expect(post.status).toBe(405);
  });

  it("deleting a link removes its clicks and its visit count with it", async () => {
    const { programId, links } = await programWithLinks(admin, 2);
    await visitMany(programId, 10);
    expect((await storedCounts(programId)).clickRecords).toBe(10);
    await call("DELETE", `/api/links/${links[0]!.id}`, { idToken: admin });
    // the records go in the background (the purgeClicks queue): read until they have gone, then assert
    const left = await settle(
      async () => (await storedCounts(programId)).clickRecords,
      (n) => n <= 5,
    );
    expect(left).toBe(5);
    expect(await purged([links[0]!.id])).toEqual({ clicks: 0, pendingPurges: 0 });
    expect((await visitCounts(admin)).get(links[1]!.id)).toBe(5);
  }, 60_000);
  it("the nightly fold moves finished days into the links' counts and the day record, losing and doubling nothing", async () => {
    const { programId, links } = await programWithLinks(admin, 3);
    await visitMany(programId, 12);
    await call("DELETE", `/api/links/${links[2]!.id}`, { idToken: admin });
    await sleep(ROTATION_SETTLE_MS); // until the rotation has seen the deletion
    // a visit an instance sent to the deleted link before it saw the deletion, recorded after it
    await recordVisit({
      clickId: newClickId(),
      linkId: links[2]!.id,
      programId,
      clickedAt: new Date(),
      ipAddress: "203.0.113.9",
      userAgent: BROWSER_UA,
      shard: 5,
      activeLinkIds: links.map((l) => l.id),
    });
    const today = new Date().toISOString().slice(0, 10);

    // what the scheduler would run the next day; run twice, as a retried job would
    const { nightlyVisitFold } = await import("../../src/index");
    const nextDay = new Date(Date.now() + 26 * 3_600_000).toISOString();
    await nightlyVisitFold.run({ scheduleTime: nextDay, jobName: "test" } as never);
    await nightlyVisitFold.run({ scheduleTime: nextDay, jobName: "test" } as never);

    expect((await storedCounts(programId)).dayTotal).toBe(0); // no counter left unfolded
    const day = (await db().collection("click_days").doc(`${programId}_${today}`).get()).data();
    expect(day).toMatchObject({ programId, day: today, total: 13, links: { [links[0]!.id]: 4, [links[1]!.id]: 4, [links[2]!.id]: 5 } });
    // the deleted link stays deleted, its late click goes too: its visits remain only in the day's history
    expect((await db().collection("referral_links").doc(links[2]!.id).get()).exists).toBe(false);
    // (purged in the background, as every deletion's clicks are: the fold recorded the purge with itself)
    expect(await purged([links[2]!.id])).toEqual({ clicks: 0, pendingPurges: 0 });
    const folded = await visitCounts(admin);
    expect([folded.get(links[0]!.id), folded.get(links[1]!.id)]).toEqual([4, 4]);

    // later visits add on top, and balanced mode sees the folded counts: a newcomer catches up first
    await visitMany(programId, 2);
    const newcomer = await addLink(admin, programId, "newcomer@example.com");
    await call("POST", `/api/programs/${programId}/distribution-mode`, { idToken: admin, body: { mode: "balanced" } });
    await sleep(ROTATION_SETTLE_MS);
    expect(await visitMany(programId, 5)).toEqual(new Map([[newcomer.url, 5]]));
    const after = await visitCounts(admin);
    expect([links[0]!.id, links[1]!.id, newcomer.id].map((id) => after.get(id))).toEqual([5, 5, 5]);
  }, 120_000);
});
