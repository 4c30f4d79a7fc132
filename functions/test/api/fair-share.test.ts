import { beforeEach, describe, expect, it } from "vitest";
import type { ClickRecord, OwnLinkStatsResponse, ProgramFairness } from "@hub/contract/analytics";
import { db } from "../../src/platform/db";
import { clicksIn, fairnessIn, ownLinkStatsIn } from "../../src/analytics/analytics.service";
import { foldFinishedDays } from "../../src/toolkit";
import { forgetWrittenSets, newClickId, recordVisit } from "../../src/visits/visits.store";
import { signInActors } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call } from "../../../testing/http";
import { addLink, BROWSER_UA, programWithLinks, ROTATION_SETTLE_MS, sleep, visitMany } from "../../../testing/rotation";
import type { Caller } from "../../src/accounts/caller";

/*
 * Fair shares (docs/architecture.md, *Sticky visitors*, *Fair share*), against the emulators: recorded by the
 * real rotation with each counted visit, kept through the nightly fold, read by the admin's fairness
 * report and a member's own view. Visits at given hours are written as the rotation writes them.
 */

let admin: string;
let alice: string;

beforeEach(async () => {
  await resetEmulators();
  forgetWrittenSets(); // the store was emptied: as a new instance, write each set again
  ({ admin, alice } = await signInActors());
});

const HOUR = 3_600_000;
const ALICE = "active@example.com";

async function report(timeFilter: string): Promise<ProgramFairness[]> {
  const res = await call<ProgramFairness[]>("GET", `/api/analytics/fairness?timeFilter=${timeFilter}`, { idToken: admin });
  expect(res.status).toBe(200);
  return res.body;
}

async function ownStats(timeFilter: string, idToken = alice): Promise<OwnLinkStatsResponse> {
  const res = await call<OwnLinkStatsResponse>("GET", `/api/user/links/stats?timeFilter=${timeFilter}`, { idToken });
  expect(res.status).toBe(200);
  return res.body;
}

/** `n` visits to one link at `at`, the rotation then holding `active`: written as the rotation writes them. */
async function visitsAt(programId: string, linkId: string, at: Date, n: number, active: string[]) {
  for (let i = 0; i < n; i++) {
    await recordVisit({
      clickId: newClickId(),
      linkId,
      programId,
      clickedAt: new Date(at.getTime() + i * 1000),
      ipAddress: "203.0.113.8",
      userAgent: BROWSER_UA,
      shard: i % 4,
      activeLinkIds: active,
    });
  }
}

/** A member calling in-process (for answers at another time than now): the view reads only their e-mail. */
const callerFor = (email: string) => ({ user: { email } }) as unknown as Caller;

/** The program's row, with its links (every call here asks for them). */
function rowOf(rows: ProgramFairness[], programId: string) {
  const row = rows.find((r) => r.programId === programId);
  if (!row?.links) throw new Error(`no row with links for ${programId}`);
  return { ...row, links: row.links };
}

describe("fair share", () => {
  it("is for the right callers: the report for admins, a member's view for members", async () => {
    expect((await call("GET", "/api/analytics/fairness?timeFilter=7d")).status).toBe(401);
    expect((await call("GET", "/api/analytics/fairness?timeFilter=7d", { idToken: alice })).status).toBe(403);
    expect((await call("GET", "/api/user/links/stats?timeFilter=7d")).status).toBe(401);
    for (const path of ["/api/analytics/fairness?timeFilter=1d", "/api/user/links/stats"]) {
      const res = await call("GET", path, { idToken: path.includes("fairness") ? admin : alice });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "VALIDATION", message: "timeFilter must be one of all, 12mo, 3mo, 30d, 7d, 24h" });
    }
    expect(await ownStats("30d")).toEqual({ timeFilter: "30d", links: [] });
  });

  it("4 links in even mode, 1,200 visits through the rotation: every ratio within 0.98–1.02, Jain's index ≥ 0.999", async () => {
    const { programId, links } = await programWithLinks(admin, 4);
    // four visitors at a time, as the rotation is used: instances and their round-robins interleave
    await Promise.all(Array.from({ length: 4 }, () => visitMany(programId, 300)));
    for (const timeFilter of ["24h", "7d", "all"]) {
      const row = rowOf(await report(timeFilter), programId);
      expect(row).toMatchObject({ mode: "even", visits: 1200 });
      expect(row.links.map((l) => l.linkId).sort()).toEqual(links.map((l) => l.id).sort());
      expect(row.links.reduce((sum, l) => sum + l.visits, 0)).toBe(1200);
      expect(row.links.reduce((sum, l) => sum + l.fairShare, 0)).toBeCloseTo(1200, 1);
      for (const link of row.links) {
        expect(link.shareRatio).toBeGreaterThanOrEqual(0.98);
        expect(link.shareRatio).toBeLessThanOrEqual(1.02);
      }
      expect(row.jainIndex).toBeGreaterThanOrEqual(0.999);
      expect(row.maxDeviation).toBeLessThanOrEqual(0.02);
    }
    // what the rotation recorded with the visits: the four links in the rotation, stored once as a set that the counters name
    const counters = await db().collection("click_counters").where("programId", "==", programId).get();
    const sets = await db().collection("rotation_sets").where("programId", "==", programId).get();
    expect(sets.docs.map((d) => d.get("linkIds") as string[])).toEqual([links.map((l) => l.id).sort()]);
    for (const counter of counters.docs) expect(counter.get("sets")).toEqual([sets.docs[0]!.id]);
  }, 180_000); // 1,200 requests through the Hosting and Functions emulators: about 40 a second here

  it("a link paused half-way, across hours, gets a fair share only for the hours it was in the rotation", async () => {
    const { programId, links } = await programWithLinks(admin, 4);
    const [a, b, c, d] = links.map((l) => l.id) as [string, string, string, string];
    const start = Math.floor(Date.now() / HOUR) * HOUR - 6 * HOUR;
    for (const h of [0, 1])
      for (const id of [a, b, c, d]) await visitsAt(programId, id, new Date(start + h * HOUR + 60_000), 10, [a, b, c, d]);
    // d paused: two more hours without it
    for (const h of [2, 3]) for (const id of [a, b, c]) await visitsAt(programId, id, new Date(start + h * HOUR + 60_000), 10, [a, b, c]);
    const row = rowOf(await report("24h"), programId);
    const byId = new Map(row.links.map((l) => [l.linkId, l]));
    for (const id of [a, b, c]) expect(byId.get(id)).toMatchObject({ visits: 40, fairShare: 40, shareRatio: 1 });
    expect(byId.get(d)).toMatchObject({ visits: 20, fairShare: 20, shareRatio: 1 });
    expect(row).toMatchObject({ visits: 140, jainIndex: 1, maxDeviation: 0 });
  });

  it("a skewed program stands out: Jain's index and the largest deviation say how far", async () => {
    const { programId, links } = await programWithLinks(admin, 2, { mode: "balanced" });
    const [a, b] = links.map((l) => l.id) as [string, string];
    const at = new Date(Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR);
    await visitsAt(programId, a, at, 30, [a, b]);
    await visitsAt(programId, b, at, 10, [a, b]);
    const row = rowOf(await report("24h"), programId);
    expect(row).toMatchObject({ mode: "balanced", visits: 40, maxDeviation: 0.5 });
    expect(row.links.map((l) => [l.visits, l.fairShare, l.shareRatio])).toEqual(
      expect.arrayContaining([
        [30, 20, 1.5],
        [10, 20, 0.5],
      ]),
    );
    // (1.5 + 0.5)² / (2 × (1.5² + 0.5²)) = 4 / 5
    expect(row.jainIndex).toBe(0.8);
  });

  it("a member sees only their own links: visits, fair share, the program's visits and how many share it", async () => {
    const { programId } = await programWithLinks(admin, 2);
    const own = await addLink(admin, programId, ALICE);
    await sleep(ROTATION_SETTLE_MS);
    // each of the function's workers keeps its own round-robin: the split is even to within a visit or two
    const sent = (await visitMany(programId, 30)).get(own.url) ?? 0;
    const stats = await ownStats("24h");
    expect(stats.timeFilter).toBe("24h");
    expect(stats.links).toHaveLength(1);
    const [mine] = stats.links;
    expect(mine).toMatchObject({
      linkId: own.id,
      programId,
      activeLinksInProgram: 3,
      programVisits: 30,
      visits: sent,
      fairShare: 10,
      shareRatio: sent / 10,
    });
    expect(mine!.series).toHaveLength(24);
    expect(mine!.series.reduce((sum, p) => sum + p.visits, 0)).toBe(sent);
    expect(mine!.series.reduce((sum, p) => sum + p.fairShare, 0)).toBeCloseTo(10, 1);
    expect(JSON.stringify(stats)).not.toMatch(/owner\d@example\.com|refer\.example\.com/);
    const week = (await ownStats("7d")).links[0]!;
    expect(week).toMatchObject({ visits: sent, fairShare: 10 });
    expect(week.series.map((p) => p.start)).toHaveLength(7);
    expect(week.series.at(-1)).toMatchObject({ start: new Date().toISOString().slice(0, 10), visits: sent, fairShare: 10 });
  });

  it("moved and merged links keep their history: past shares stay those of the program that served them", async () => {
    const one = await programWithLinks(admin, 1);
    const mine = await addLink(admin, one.programId, ALICE);
    const two = await programWithLinks(admin, 1);
    const three = await programWithLinks(admin, 0);
    await addLink(admin, three.programId, "carol@example.com"); // nobody with a link in both: the merge may go ahead
    await sleep(ROTATION_SETTLE_MS);
    const inOne = (await visitMany(one.programId, 20)).get(mine.url) ?? 0; // a fair share of 10 each for mine and one's other link
    expect((await call("POST", `/api/links/${mine.id}/move`, { idToken: admin, body: { programId: two.programId } })).status).toBe(200);
    await sleep(ROTATION_SETTLE_MS);
    const inTwo = (await visitMany(two.programId, 10)).get(mine.url) ?? 0; // 5 each for mine and two's own link
    const visits = inOne + inTwo;
    const moved = (await ownStats("24h")).links[0]!;
    expect(moved).toMatchObject({ linkId: mine.id, programId: two.programId, programVisits: 10, visits, fairShare: 15 });

    expect(
      (await call("POST", `/api/programs/${two.programId}/merge`, { idToken: admin, body: { targetProgramId: three.programId } })).status,
    ).toBe(200);
    const merged = (await ownStats("24h")).links[0]!;
    expect(merged).toMatchObject({ linkId: mine.id, programId: three.programId, visits, fairShare: 15 });
    const rows = await report("24h");
    expect(rowOf(rows, three.programId).links.find((l) => l.linkId === mine.id)).toMatchObject({ email: ALICE, visits, fairShare: 15 });
    expect(rowOf(rows, one.programId)).toMatchObject({
      visits: 20,
      links: [expect.objectContaining({ visits: 20 - inOne, fairShare: 10 })],
    });
    expect(rows.some((r) => r.programId === two.programId)).toBe(false);
  });

  it("24h at 00:30 UTC counts the previous evening's hours, before and after the nightly fold", async () => {
    const { programId, links } = await programWithLinks(admin, 2);
    const [a, b] = links.map((l) => l.id) as [string, string];
    const mine = (await addLink(admin, programId, ALICE)).id;
    const active = [a, b, mine];
    const today = new Date().toISOString().slice(0, 10);
    const at = (iso: string) => new Date(`${today}T${iso}Z`);
    await visitsAt(programId, a, at("00:10:00"), 5, active); // more than 24 hours before tomorrow 00:30
    await visitsAt(programId, a, at("20:05:00"), 3, active);
    await visitsAt(programId, mine, at("21:15:00"), 3, active);
    await visitsAt(programId, b, at("23:50:00"), 3, active);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 24 * HOUR);
    const halfPast = new Date(tomorrow.getTime() + 30 * 60_000);

    const check = async (now: Date) => {
      const records: ClickRecord[] = await clicksIn("24h", now);
      expect(records.map((r) => [r.clickDate, r.linkId, r.totalClicks])).toEqual([
        [`${today}T23:00:00.000Z`, b, 3],
        [`${today}T21:00:00.000Z`, mine, 3],
        [`${today}T20:00:00.000Z`, a, 3],
      ]);
      const row = rowOf(await fairnessIn({ timeFilter: "24h" }, now), programId);
      expect(row.visits).toBe(9);
      expect(row.links.map((l) => l.fairShare)).toEqual([1, 1, 1].map(() => 3));
      const own = (await ownLinkStatsIn(await callerFor(ALICE), "24h", now)).links[0]!;
      expect(own).toMatchObject({ visits: 3, fairShare: 3, programVisits: 9 });
      expect(own.series.find((p) => p.start === `${today}T21:00:00.000Z`)).toEqual({
        start: `${today}T21:00:00.000Z`,
        visits: 3,
        fairShare: 1,
      });
    };
    await check(halfPast);
    // the nightly fold after midnight moves today into the day roll-up: the hours come from there now
    await foldFinishedDays(new Date(tomorrow.getTime() + 40 * 60_000));
    expect((await db().collection("click_counters").where("programId", "==", programId).count().get()).data().count).toBe(0);
    await check(new Date(tomorrow.getTime() + 45 * 60_000));
  });

  it("stores each rotation set once: counters name it, and an instance writes it only until it knows it stored", async () => {
    const { programId, links } = await programWithLinks(admin, 3);
    const active = links.map((l) => l.id).reverse(); // the rotation's order, not the set's
    const at = new Date(Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR);
    const sets = () => db().collection("rotation_sets").where("programId", "==", programId).get();
    await visitsAt(programId, active[0]!, at, 1, active);
    const [set] = (await sets()).docs;
    expect(set!.data()).toEqual({ programId, linkIds: [...active].sort() });
    // this instance knows the set is stored: its next visits write the counters only (proved by removing the set)
    await set!.ref.delete();
    await visitsAt(programId, active[1]!, new Date(at.getTime() + 60_000), 8, active);
    expect((await sets()).size).toBe(0);
    // a new instance writes it again with its first visit: the same document
    forgetWrittenSets();
    await visitsAt(programId, active[2]!, new Date(at.getTime() + 120_000), 3, active);
    expect((await sets()).docs.map((d) => d.id)).toEqual([set!.id]);

    const counters = await db().collection("click_counters").where("programId", "==", programId).get();
    expect(counters.docs.reduce((sum, d) => sum + (d.get("total") as number), 0)).toBe(12);
    for (const counter of counters.docs) {
      // the fields the size check of period-counts.test.ts models: no list of links in the rotation
      expect(Object.keys(counter.data()).sort()).toEqual([
        "day",
        "hours",
        "lastClickedAt",
        "linkIds",
        "links",
        "programId",
        "sets",
        "total",
      ]);
      expect(counter.get("sets")).toEqual([set!.id]);
      for (const hour of Object.values(counter.get("hours") as Record<string, Record<string, unknown>>)) {
        expect(Object.keys(hour).sort()).toEqual(["lastClickedAt", "links", "sets", "total"]);
        expect(hour.sets).toEqual([set!.id]);
      }
    }
  });

  it("a link added mid-day shares only the periods it was in the rotation: its hours for 24h, its days, through the fold", async () => {
    const { programId, links } = await programWithLinks(admin, 3);
    const [a, b, c] = links.map((l) => l.id) as [string, string, string];
    const d = (await addLink(admin, programId, ALICE)).id;
    const today = new Date().toISOString().slice(0, 10);
    const on = (day: string, time: string) => new Date(`${day}T${time}Z`);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 24 * HOUR).toISOString().slice(0, 10);
    for (const id of [a, b, c]) await visitsAt(programId, id, on(yesterday, "12:00:00"), 3, [a, b, c]);
    for (const hour of ["08", "09"]) for (const id of [a, b, c]) await visitsAt(programId, id, on(today, `${hour}:05:00`), 2, [a, b, c]);
    // d joins the rotation at 10:00
    for (const hour of ["10", "11"])
      for (const id of [a, b, c, d]) await visitsAt(programId, id, on(today, `${hour}:05:00`), 2, [c, a, d, b]);
    const sets = await db().collection("rotation_sets").where("programId", "==", programId).get();
    expect(sets.docs.map((doc) => (doc.get("linkIds") as string[]).length).sort()).toEqual([3, 4]);

    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 24 * HOUR);
    const halfPast = new Date(tomorrow.getTime() + 30 * 60_000); // 24h: today 01:00 to tomorrow 00:59
    const check = async () => {
      const hours = rowOf(await fairnessIn({ timeFilter: "24h" }, halfPast), programId);
      const byId = new Map(hours.links.map((l) => [l.linkId, l]));
      // 08 and 09: 6 visits over 3 links; 10 and 11: 8 over 4
      for (const id of [a, b, c]) expect(byId.get(id)).toMatchObject({ visits: 8, fairShare: 8, shareRatio: 1 });
      expect(byId.get(d)).toMatchObject({ visits: 4, fairShare: 4, shareRatio: 1 });
      const own = (await ownLinkStatsIn(callerFor(ALICE), "24h", halfPast)).links[0]!;
      expect(own).toMatchObject({ linkId: d, visits: 4, fairShare: 4, programVisits: 28 });
      expect(own.series.filter((p) => p.fairShare > 0).map((p) => p.start)).toEqual([`${today}T10:00:00.000Z`, `${today}T11:00:00.000Z`]);
      // days: yesterday 9 visits over 3 links; today 28 over the 4 that were in the rotation at some visit
      const week = rowOf(await fairnessIn({ timeFilter: "7d" }, halfPast), programId);
      const weekById = new Map(week.links.map((l) => [l.linkId, l]));
      for (const id of [a, b, c]) expect(weekById.get(id)).toMatchObject({ visits: 11, fairShare: 10 });
      expect(weekById.get(d)).toMatchObject({ visits: 4, fairShare: 7 });
      const ownWeek = (await ownLinkStatsIn(callerFor(ALICE), "7d", halfPast)).links[0]!;
      expect(ownWeek.series.filter((p) => p.fairShare > 0)).toEqual([{ start: today, visits: 4, fairShare: 7 }]);
    };
    await check();
    // late in the day the 24 hours are all today's: from the counters alone
    const lateToday = rowOf(await fairnessIn({ timeFilter: "24h" }, new Date(`${today}T23:30:00Z`)), programId);
    expect(lateToday.links.find((l) => l.linkId === d)).toMatchObject({ visits: 4, fairShare: 4 });
    await foldFinishedDays(new Date(tomorrow.getTime() + 40 * 60_000));
    expect((await db().collection("click_counters").where("programId", "==", programId).count().get()).data().count).toBe(0);
    // the day roll-up is slim: counts, set ids and fair shares; its hours are click_hours documents
    const day = (await db().collection("click_days").doc(`${programId}_${today}`).get()).data()!;
    expect(Object.keys(day).sort()).toEqual(["day", "fair", "lastClickedAt", "links", "programId", "sets", "total"]);
    expect(day.fair).toEqual({ [a]: 7, [b]: 7, [c]: 7, [d]: 7 });
    expect([...(day.sets as string[])].sort()).toEqual(sets.docs.map((doc) => doc.id).sort());
    const hours = await db().collection("click_hours").where("programId", "==", programId).get();
    expect(hours.docs.map((doc) => doc.get("start") as string).sort()).toEqual([
      `${yesterday}T12:00:00.000Z`,
      ...["08", "09", "10", "11"].map((h) => `${today}T${h}:00:00.000Z`),
    ]);
    await check();
  });

  it("data written before rotation sets (links listed one by one, hours in the day roll-up) reads as before; a fold moves it on", async () => {
    const { programId, links } = await programWithLinks(admin, 1);
    const a = links[0]!.id;
    const b = (await addLink(admin, programId, ALICE)).id;
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 24 * HOUR).toISOString().slice(0, 10);
    const last = (iso: string) => ({ [a]: new Date(iso), [b]: new Date(iso) });
    // as the fold and the rotation wrote them before: the day's hours in its roll-up, the links in the rotation listed
    const hour20 = { total: 4, links: { [a]: 3, [b]: 1 }, active: [a, b], lastClickedAt: last(`${yesterday}T20:10:00Z`) };
    await db()
      .collection("click_days")
      .doc(`${programId}_${yesterday}`)
      .set({ programId, day: yesterday, ...hour20, fair: { [a]: 2, [b]: 2 }, hours: { "20": hour20 } });
    await db()
      .collection("click_months")
      .doc(`${programId}_${yesterday.slice(0, 7)}`)
      .set({
        programId,
        month: yesterday.slice(0, 7),
        total: 4,
        links: hour20.links,
        lastClickedAt: hour20.lastClickedAt,
        fair: { [a]: 2, [b]: 2 },
      });
    const hour01 = { total: 2, links: { [b]: 2 }, active: [a, b], lastClickedAt: { [b]: new Date(`${today}T01:10:00Z`) } };
    await db()
      .collection("click_counters")
      .doc(`0_${programId}_${today}`)
      .set({ programId, day: today, linkIds: [b], ...hour01, hours: { "01": hour01 } });
    const now = new Date(`${today}T02:30:00Z`); // 24h: yesterday 03:00 to today 02:59

    const check = async (expected: { a: [number, number]; b: [number, number] }, dayAfter: number) => {
      const hours = rowOf(await fairnessIn({ timeFilter: "24h" }, now), programId);
      expect(hours.links.map((l) => [l.linkId, l.visits, l.fairShare])).toEqual(
        expect.arrayContaining([
          [a, ...expected.a],
          [b, ...expected.b],
        ]),
      );
      const own = (await ownLinkStatsIn(callerFor(ALICE), "24h", now)).links[0]!;
      expect([own.visits, own.fairShare]).toEqual(expected.b);
      // days: yesterday from its stored shares, today from the counter's list (1 each)
      const week = rowOf(await fairnessIn({ timeFilter: "7d" }, now), programId);
      expect(week.links.map((l) => [l.linkId, l.visits, l.fairShare])).toEqual(
        expect.arrayContaining([
          [a, expected.a[0], dayAfter + 1],
          [b, expected.b[0], dayAfter + 1],
        ]),
      );
    };
    await check({ a: [3, 3], b: [3, 3] }, 2);
    const records = (await clicksIn("24h", now)).map((r) => [r.clickDate, r.linkId, r.totalClicks]);
    expect(records).toEqual(
      expect.arrayContaining([
        [`${today}T01:00:00.000Z`, b, 2],
        [`${yesterday}T20:00:00.000Z`, a, 3],
        [`${yesterday}T20:00:00.000Z`, b, 1],
      ]),
    );

    // a late visit to yesterday, written as the rotation writes now, then folded: the day's hours move to click_hours
    await visitsAt(programId, a, new Date(`${yesterday}T21:00:00Z`), 1, [a, b]);
    await foldFinishedDays(now);
    const day = (await db().collection("click_days").doc(`${programId}_${yesterday}`).get()).data()!;
    expect(day).not.toHaveProperty("hours");
    expect(day).toMatchObject({ total: 5, active: [a, b].sort(), fair: { [a]: 2.5, [b]: 2.5 } });
    expect((await db().collection("click_hours").where("programId", "==", programId).get()).docs.map((d) => d.id).sort()).toEqual([
      `${programId}_${yesterday}_20`,
      `${programId}_${yesterday}_21`,
    ]);
    // hour 20: 4 over a and b; 21: 1 over both; today 01: 2 over both
    await check({ a: [4, 3.5], b: [3, 3.5] }, 2.5);
  });

  it("fair shares survive the nightly fold: a day's and a month's roll-ups give what the counters gave", async () => {
    const { programId, links } = await programWithLinks(admin, 3, { mode: "balanced" });
    const [a, b, c] = links.map((l) => l.id) as [string, string, string];
    const yesterday = new Date(Date.now() - 24 * HOUR);
    await visitsAt(programId, a, yesterday, 6, [a, b]);
    await visitsAt(programId, b, yesterday, 2, [a, b]);
    await visitsAt(programId, c, new Date(), 4, [a, b, c]);
    const before = rowOf(await fairnessIn({ timeFilter: "7d" }, new Date()), programId);
    expect(before.links.map((l) => [l.linkId, l.visits, l.fairShare])).toEqual(
      expect.arrayContaining(
        [
          [a, 6, 4 + 4 / 3],
          [b, 2, 4 + 4 / 3],
          [c, 4, 4 / 3],
        ].map(([id, v, f]) => [id, v, Math.round((f as number) * 100) / 100]),
      ),
    );
    await foldFinishedDays(new Date(Date.now() + 2 * 24 * HOUR));
    for (const timeFilter of ["7d", "all"] as const) {
      const after = rowOf(await fairnessIn({ timeFilter: timeFilter }, new Date()), programId);
      expect(after.links).toEqual(before.links);
      expect(after.jainIndex).toBe(before.jainIndex);
    }
    const month = await db().collection("click_months").where("programId", "==", programId).get();
    const fair = month.docs.reduce((sum, d) => sum + Object.values(d.get("fair") as Record<string, number>).reduce((s, n) => s + n, 0), 0);
    expect(fair).toBeCloseTo(12, 6);
  });
});
