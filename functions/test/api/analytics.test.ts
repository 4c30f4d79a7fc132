import { beforeEach, describe, expect, it } from "vitest";
import { TIME_FILTERS, type ClickRecord, type UserAnalytics } from "@hub/contract/analytics";
import { db } from "../../src/platform/db";
import { foldFinishedDays } from "../../src/toolkit";
import { newClickId, recordVisit } from "../../src/visits/visits.store";
import { signInActors } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call } from "../../../testing/http";
import { BROWSER_UA, programWithLinks, visitMany } from "../../../testing/rotation";

let admin: string;
let alice: string;

beforeEach(async () => {
  await resetEmulators();
  ({ admin, alice } = await signInActors());
});

const clicks = async (timeFilter: string) => {
  const res = await call<ClickRecord[]>("GET", `/api/analytics/clicks?timeFilter=${timeFilter}`, { idToken: admin });
  expect(res.status).toBe(200);
  return res.body;
};
const users = async (timeFilter: string) => {
  const res = await call<UserAnalytics[]>("GET", `/api/analytics/users?timeFilter=${timeFilter}`, { idToken: admin });
  expect(res.status).toBe(200);
  return res.body;
};

/** Clicks per link id, summed over records. */
const perLink = (records: ClickRecord[]) => {
  const sums = new Map<string, number>();
  for (const r of records) sums.set(r.linkId, (sums.get(r.linkId) ?? 0) + (r.totalClicks ?? 1));
  return sums;
};

/** What the click records in the store say: clicks per link id. */
async function clickRecordsPerLink(): Promise<Map<string, number>> {
  const snap = await db().collection("clicks").select("referralLinkId").get();
  const sums = new Map<string, number>();
  for (const doc of snap.docs) sums.set(String(doc.get("referralLinkId")), (sums.get(String(doc.get("referralLinkId"))) ?? 0) + 1);
  return sums;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe("analytics", () => {
  it("is for admins only: anonymous 401, member 403", async () => {
    for (const path of ["/api/analytics/clicks?timeFilter=all", "/api/analytics/users?timeFilter=all"]) {
      expect((await call("GET", path)).status).toBe(401);
      const member = await call("GET", path, { idToken: alice });
      expect(member.status).toBe(403);
      expect(member.body).toMatchObject({ code: "FORBIDDEN" });
    }
  });

  it.each([["timeFilter=1y"], ["timeFilter="], [""], ["timeFilter=all&timeFilter=24h"], ["timeFilter=ALL"]])(
    "?%s is refused with 400 and the contract's error body",
    async (query) => {
      for (const path of ["/api/analytics/clicks", "/api/analytics/users"]) {
        const res = await call("GET", `${path}?${query}`, { idToken: admin });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: "VALIDATION", message: "timeFilter must be one of all, 12mo, 3mo, 30d, 7d, 24h" });
      }
    },
  );

  it("with no clicks, every range answers empty lists", async () => {
    for (const range of TIME_FILTERS) {
      expect(await clicks(range)).toEqual([]);
      expect(await users(range)).toEqual([]);
    }
  });

  it("totals match the click records the real rotation address wrote, before and after the nightly fold", async () => {
    const one = await programWithLinks(admin, 3);
    const two = await programWithLinks(admin, 2);
    await visitMany(one.programId, 9);
    await visitMany(two.programId, 4);
    const stored = await clickRecordsPerLink();
    expect([...stored.values()].reduce((a, b) => a + b, 0)).toBe(13);
    const today = new Date().toISOString().slice(0, 10);

    for (const range of TIME_FILTERS) {
      const records = await clicks(range);
      expect(perLink(records)).toEqual(stored);
      // one record per link today (per hour for 24h: the visits' hour, or two should they straddle one), with its program, owner and last click
      const dated =
        range === "24h"
          ? (r: ClickRecord) => r.clickDate.startsWith(`${today}T`) && r.clickDate.endsWith(":00:00.000Z")
          : (r: ClickRecord) => r.clickDate === today;
      expect(records.every((r) => dated(r) && Date.parse(r.clickedAt) <= Date.now())).toBe(true);
      expect(new Set(records.map((r) => r.linkId)).size).toBe(5);
      if (range !== "24h") expect(records.length).toBe(5);
    }
    const first = (await clicks("24h")).find((r) => r.linkId === one.links[0]!.id)!;
    expect(first).toMatchObject({ programId: one.programId, linkEmail: "owner0@example.com", totalClicks: 3 });
    expect(first.programName).toMatch(/^Rotation /);

    const rows = await users("7d");
    // owner0..2 have a link in each program; their clicks add up across programs
    const expectedByOwner = new Map<string, number>();
    for (const { links } of [one, two])
      links.forEach((l, i) =>
        expectedByOwner.set(
          `owner${String(i)}@example.com`,
          (expectedByOwner.get(`owner${String(i)}@example.com`) ?? 0) + stored.get(l.id)!,
        ),
      );
    expect(new Map(rows.map((r) => [r.email, r.clicks]))).toEqual(expectedByOwner);
    expect(new Map(rows.map((r) => [r.email, r.allTimeClicks]))).toEqual(expectedByOwner);
    expect(rows.map((r) => r.activeLinks)).toEqual(rows.map((r) => (r.email === "owner2@example.com" ? 1 : 2)));
    const owner0 = rows.find((r) => r.email === "owner0@example.com")!;
    expect(owner0.clickPercentage).toBe(Math.round((owner0.clicks / 13) * 1000) / 10);

    // the fold moves today's counters into the day and month roll-ups: nothing changes for the reader
    const before = await clicks("all");
    await foldFinishedDays(new Date(Date.now() + 26 * 3_600_000));
    expect((await db().collection("click_counters").count().get()).data().count).toBe(0);
    for (const range of TIME_FILTERS) expect(perLink(await clicks(range))).toEqual(stored);
    expect(await clicks("all")).toEqual(before);
    expect(new Map((await users("all")).map((r) => [r.email, r.allTimeClicks]))).toEqual(expectedByOwner);
  }, 120_000);

  it("each range counts its own days; clicks older than 30 days come as one record per link per month", async () => {
    const { programId, links } = await programWithLinks(admin, 2);
    const [a, b] = [links[0]!.id, links[1]!.id];
    const past = async (linkId: string, at: Date) =>
      recordVisit({
        clickId: newClickId(),
        linkId,
        programId,
        clickedAt: at,
        ipAddress: "203.0.113.7",
        userAgent: BROWSER_UA,
        shard: 3,
        activeLinkIds: [a, b],
      });
    await past(a, daysAgo(3));
    await past(a, daysAgo(20));
    await past(b, daysAgo(45));
    await past(b, daysAgo(46));
    await past(a, daysAgo(200));
    await past(b, daysAgo(500));
    await foldFinishedDays(new Date());
    await visitMany(programId, 2); // today, not folded: one each

    const totals = async (range: string) => [...perLink(await clicks(range)).entries()].sort();
    expect(await totals("24h")).toEqual(
      [
        [a, 1],
        [b, 1],
      ].sort(),
    );
    expect(await totals("7d")).toEqual(
      [
        [a, 2],
        [b, 1],
      ].sort(),
    );
    expect(await totals("30d")).toEqual(
      [
        [a, 3],
        [b, 1],
      ].sort(),
    );
    expect(await totals("3mo")).toEqual(
      [
        [a, 3],
        [b, 3],
      ].sort(),
    );
    expect(await totals("12mo")).toEqual(
      [
        [a, 4],
        [b, 3],
      ].sort(),
    );
    expect(await totals("all")).toEqual(
      [
        [a, 4],
        [b, 4],
      ].sort(),
    );

    // the two clicks 45 and 46 days back are one month record (or two, when a month starts between them)
    const older = (await clicks("3mo")).filter((r) => r.linkId === b && r.clickDate < daysAgo(29).toISOString().slice(0, 10));
    expect(older.every((r) => r.clickDate.endsWith("-01"))).toBe(true);
    expect(older.reduce((sum, r) => sum + r.totalClicks!, 0)).toBe(2);
    expect(older.length).toBe(daysAgo(45).getUTCMonth() === daysAgo(46).getUTCMonth() ? 1 : 2);

    // all-time clicks are the links' counts: the same 4 each; the users' window clicks follow the range
    expect((await users("all")).map((r) => [r.email, r.clicks, r.allTimeClicks])).toEqual([
      ["owner0@example.com", 4, 4],
      ["owner1@example.com", 4, 4],
    ]);
    expect((await users("30d")).map((r) => [r.email, r.clicks, r.clickPercentage, r.allTimePercentage])).toEqual([
      ["owner0@example.com", 3, 75, 50],
      ["owner1@example.com", 1, 25, 50],
    ]);
  }, 120_000);

  it("a deleted link's clicks leave the figures; a moved link takes its clicks to its new program", async () => {
    const one = await programWithLinks(admin, 2);
    const two = await programWithLinks(admin, 0);
    await visitMany(one.programId, 4);
    await call("DELETE", `/api/links/${one.links[0]!.id}`, { idToken: admin });
    const moved = await call("POST", `/api/links/${one.links[1]!.id}/move`, { idToken: admin, body: { programId: two.programId } });
    expect(moved.status).toBe(200);
    const records = await clicks("all");
    expect(records).toEqual([expect.objectContaining({ linkId: one.links[1]!.id, programId: two.programId, totalClicks: 2 })]);
  }, 120_000);

  it("a merged program's links keep today's clicks through the nightly fold: totals, all-time counts and records agree", async () => {
    const source = await programWithLinks(admin, 2);
    const target = await programWithLinks(admin, 0);
    await visitMany(source.programId, 6);
    const merged = await call("POST", `/api/programs/${source.programId}/merge`, {
      idToken: admin,
      body: { targetProgramId: target.programId },
    });
    expect(merged.status).toBe(200);
    const stored = await clickRecordsPerLink();
    const before = perLink(await clicks("all"));
    expect(before).toEqual(stored);

    await foldFinishedDays(new Date(Date.now() + 26 * 3_600_000));
    expect((await db().collection("click_counters").count().get()).data().count).toBe(0);
    for (const range of TIME_FILTERS) expect(perLink(await clicks(range))).toEqual(stored);
    expect((await clicks("all")).every((r) => r.programId === target.programId)).toBe(true);
    expect((await users("all")).map((r) => r.allTimeClicks)).toEqual([3, 3]);
  }, 120_000);
});
