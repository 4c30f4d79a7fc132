import { beforeEach, describe, expect, it } from "vitest";
import { TIME_FILTERS, type ClickRecord, type ProgramTraffic, type TimeFilter } from "@hub/contract/analytics";
import { db } from "../../src/platform/db";
import { noReasons, type ReasonCounts } from "../../src/visits/traffic-counts";
import { addTrafficTallies } from "../../src/visits/traffic-tallies.store";
import { newClickId, recordVisit } from "../../src/visits/visits.store";
import { createProgramAs, signInActors } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call, callRoute } from "../../../testing/http";
import { addLink, BROWSER_UA, PREVIEW_UA, programWithLinks, sleep, visit } from "../../../testing/rotation";

/*
 * Requests answered but not counted (docs/architecture.md, *Honest counts*), against the emulators: tallied by the
 * real rotation, rolled up by the nightly fold, read by GET /api/analytics/traffic beside the counted
 * visits the clicks analytics reads.
 */

let admin: string;
let alice: string;

beforeEach(async () => {
  await resetEmulators();
  ({ admin, alice } = await signInActors());
});

const DAY = 86_400_000;
const HOUR = 3_600_000;

async function report(timeFilter: TimeFilter): Promise<ProgramTraffic[]> {
  const res = await callRoute("trafficReport", { query: { timeFilter }, idToken: admin });
  expect(res.status).toBe(200);
  return res.body;
}

const rowOf = (rows: ProgramTraffic[], programId: string) => rows.find((r) => r.programId === programId);

/**
 * The program's row once `done` holds. The rotation's instances batch their tallies in memory for up
 * to 10 s before writing them (the contract allows it; the local suite shortens the wait to 1 s,
 * TRAFFIC_TALLY_FLUSH_MS), so the figures appear a moment after the requests: this waits for that
 * documented delay, with a deadline, then answers what the report says.
 */
async function rowWhen(programId: string, timeFilter: TimeFilter, done: (row: ProgramTraffic | undefined) => boolean) {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const row = rowOf(await report(timeFilter), programId);
    if (done(row) || Date.now() > deadline) return row;
    await sleep(250);
  }
}

/** The clicks analytics' total for one program in one window. */
async function clicksOf(programId: string, timeFilter: TimeFilter): Promise<number> {
  const res = await callRoute("clickAnalytics", { query: { timeFilter }, idToken: admin });
  expect(res.status).toBe(200);
  return (res.body as ClickRecord[]).filter((r) => r.programId === programId).reduce((sum, r) => sum + (r.totalClicks ?? 1), 0);
}

const reasons = (partial: Partial<ReasonCounts>): ReasonCounts => ({ ...noReasons(), ...partial });
const notCountedSum = (row: ProgramTraffic) => Object.values(row.notCounted).reduce((a, b) => a + b, 0);

describe("the traffic report", () => {
  it("is for admins only: anonymous 401, member 403; a bad timeFilter is 400", async () => {
    expect((await call("GET", "/api/analytics/traffic?timeFilter=7d")).status).toBe(401);
    const member = await call("GET", "/api/analytics/traffic?timeFilter=7d", { idToken: alice });
    expect(member.status).toBe(403);
    expect(member.body).toMatchObject({ code: "FORBIDDEN" });
    for (const query of ["timeFilter=1d", "timeFilter=", "", "timeFilter=ALL"]) {
      const res = await call("GET", `/api/analytics/traffic?${query}`, { idToken: admin });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "VALIDATION", message: "timeFilter must be one of all, 12mo, 3mo, 30d, 7d, 24h" });
    }
    for (const range of TIME_FILTERS) expect(await report(range)).toEqual([]);
  });

  it("bots, previews, HEAD and prefetches are tallied as bot; people are counted; requests add up to both", async () => {
    const { programId } = await programWithLinks(admin, 2);
    for (const ua of [PREVIEW_UA, "Slackbot-LinkExpanding 1.0", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"])
      expect((await visit(programId, ua)).status).toBe(302);
    expect((await visit(programId, BROWSER_UA, "HEAD")).status).toBe(302);
    expect((await visit(programId, BROWSER_UA, "GET", { "sec-purpose": "prefetch" })).status).toBe(302);
    for (let i = 0; i < 4; i++) expect((await visit(programId)).status).toBe(302);

    const row = await rowWhen(programId, "24h", (r) => r?.notCounted.bot === 5);
    expect(row).toMatchObject({
      programName: expect.stringMatching(/^Rotation /),
      requests: 9,
      counted: 4,
      notCounted: { bot: 5, repeatVisitor: 0, repeatAddress: 0, unavailable: 0 },
      filteredShare: 0,
    });
    for (const range of TIME_FILTERS) {
      const inRange = rowOf(await report(range), programId)!;
      expect(inRange.requests).toBe(inRange.counted + notCountedSum(inRange));
      expect(inRange.counted).toBe(await clicksOf(programId, range));
      expect(inRange).toMatchObject({ requests: 9, counted: 4, notCounted: { bot: 5 } });
    }
  }, 60_000);

  it("a program with no active link is unavailable (its fallback or the 404 page); an unknown program is not listed", async () => {
    const withFallback = await createProgramAs(admin, "Fallback Card", { fallbackUrl: "https://bank.example.com/offer" });
    await addLink(admin, withFallback.id, "pending@example.com", false); // pending: not in the rotation
    const bare = await createProgramAs(admin, "Bare Card");
    for (let i = 0; i < 3; i++) {
      const res = await visit(withFallback.id);
      expect(res.status).toBe(302);
      expect(res.location).toBe("https://bank.example.com/offer");
    }
    expect((await visit(bare.id)).status).toBe(404);
    expect((await visit("no-such-program")).status).toBe(404);

    await rowWhen(bare.id, "7d", (r) => r?.notCounted.unavailable === 1);
    const rows = await report("7d");
    expect(rows.map((r) => r.programName)).toEqual(["Bare Card", "Fallback Card"]);
    expect(rowOf(rows, withFallback.id)).toEqual({
      programId: withFallback.id,
      programName: "Fallback Card",
      requests: 3,
      counted: 0,
      notCounted: { bot: 0, repeatVisitor: 0, repeatAddress: 0, unavailable: 3 },
      filteredShare: 0,
    });
    expect(rowOf(rows, bare.id)).toMatchObject({ requests: 1, counted: 0, notCounted: { unavailable: 1 } });
  }, 60_000);

  it("each range counts its own days and hours, and the nightly fold keeps every figure", async () => {
    const { programId, links } = await programWithLinks(admin, 1);
    const linkId = links[0]!.id;
    const now = Date.now();
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const hourOf = (ms: number) => new Date(ms).toISOString().slice(11, 13);
    // what instances wrote on earlier days (repeats someone pumped 3 days ago; a few bots 40 and 400 days ago)
    const past = (ms: number, counts: ReasonCounts) => ({ programId, day: dayOf(ms), counts, hours: new Map([[hourOf(ms), counts]]) });
    await addTrafficTallies(3, [
      past(now - 3 * DAY, reasons({ repeatVisitor: 30, repeatAddress: 40 })),
      past(now - 40 * DAY, reasons({ bot: 2 })),
    ]);
    await addTrafficTallies(9, [past(now - 3 * DAY, reasons({ repeatAddress: 5 })), past(now - 400 * DAY, reasons({ bot: 7 }))]);
    // counted visits 3 and 40 days ago, written as the rotation writes them
    for (const [ago, n] of [
      [3 * DAY, 20],
      [40 * DAY, 6],
    ] as const)
      for (let i = 0; i < n; i++)
        await recordVisit({
          clickId: newClickId(),
          linkId,
          programId,
          clickedAt: new Date(now - ago + i * 1000),
          ipAddress: "203.0.113.5",
          userAgent: BROWSER_UA,
          shard: i % 4,
          activeLinkIds: [linkId],
        });
    // and now, through the rotation: 2 counted, 3 previews
    await visit(programId);
    await visit(programId);
    for (let i = 0; i < 3; i++) await visit(programId, PREVIEW_UA);
    await rowWhen(programId, "24h", (r) => r?.notCounted.bot === 3);

    const expected: Record<TimeFilter, Omit<ProgramTraffic, "programId" | "programName">> = {
      "24h": { requests: 5, counted: 2, notCounted: reasons({ bot: 3 }), filteredShare: 0 },
      // 22 + 3 + 30 + 45; repeats 75 / 100
      "7d": { requests: 100, counted: 22, notCounted: reasons({ bot: 3, repeatVisitor: 30, repeatAddress: 45 }), filteredShare: 0.75 },
      "30d": { requests: 100, counted: 22, notCounted: reasons({ bot: 3, repeatVisitor: 30, repeatAddress: 45 }), filteredShare: 0.75 },
      // and 40 days ago: 6 counted, 2 bots; 75 / 108
      "3mo": { requests: 108, counted: 28, notCounted: reasons({ bot: 5, repeatVisitor: 30, repeatAddress: 45 }), filteredShare: 0.694 },
      "12mo": { requests: 108, counted: 28, notCounted: reasons({ bot: 5, repeatVisitor: 30, repeatAddress: 45 }), filteredShare: 0.694 },
      // and 400 days ago: 7 bots; 75 / 115
      all: { requests: 115, counted: 28, notCounted: reasons({ bot: 12, repeatVisitor: 30, repeatAddress: 45 }), filteredShare: 0.652 },
    };
    const figures = async () =>
      Object.fromEntries(
        await Promise.all(
          TIME_FILTERS.map(async (range) => {
            const { programId: _id, programName: _name, ...row } = rowOf(await report(range), programId)!;
            expect(row.counted).toBe(await clicksOf(programId, range));
            return [range, row] as const;
          }),
        ),
      );
    expect(await figures()).toEqual(expected);

    // what the scheduler would run the next day (twice, as a retried job would): every finished day's
    // shards rolled up and gone, the figures as they were
    const { nightlyVisitFold } = await import("../../src/index");
    const nextDay = new Date(now + 26 * HOUR).toISOString();
    await nightlyVisitFold.run({ scheduleTime: nextDay, jobName: "test" } as never);
    await nightlyVisitFold.run({ scheduleTime: nextDay, jobName: "test" } as never);
    const shards = await db().collection("traffic_counters").where("programId", "==", programId).get();
    expect(shards.size).toBe(0);
    const threeDaysAgo = dayOf(now - 3 * DAY);
    expect((await db().collection("traffic_days").doc(`${programId}_${threeDaysAgo}`).get()).data()).toMatchObject({
      programId,
      day: threeDaysAgo,
      repeatVisitor: 30,
      repeatAddress: 45,
      hours: { [hourOf(now - 3 * DAY)]: { repeatVisitor: 30, repeatAddress: 45 } },
    });
    expect(
      (
        await db()
          .collection("traffic_months")
          .doc(`${programId}_${dayOf(now - 400 * DAY).slice(0, 7)}`)
          .get()
      ).data(),
    ).toMatchObject({
      bot: 7,
    });
    expect(await figures()).toEqual(expected);
  }, 90_000);

  it("a traffic fold alone (no visit to fold) still leaves each request counted once", async () => {
    const { programId } = await programWithLinks(admin, 1);
    const day = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
    await addTrafficTallies(2, [{ programId, day, counts: reasons({ bot: 6 }), hours: new Map([["10", reasons({ bot: 6 })]]) }]);
    // the first read sums the program's window from its roll-ups (none yet) and adds the shard
    expect(rowOf(await report("7d"), programId)).toMatchObject({ requests: 6, notCounted: reasons({ bot: 6 }) });
    // only the traffic tallies are folded (the program has no counted visit): its window no longer holds
    const { foldFinishedTrafficDays } = await import("../../src/toolkit");
    expect((await foldFinishedTrafficDays(new Date())).find((f) => f.programId === programId)).toMatchObject({ requests: 6 });
    expect((await db().collection("traffic_counters").where("programId", "==", programId).get()).size).toBe(0);
    for (const range of ["7d", "all"] as const)
      expect(rowOf(await report(range), programId), range).toMatchObject({ requests: 6, notCounted: reasons({ bot: 6 }) });
  });

  it("a deleted program leaves the report, and its shards are folded away", async () => {
    const { programId } = await programWithLinks(admin, 1);
    await addTrafficTallies(1, [{ programId, day: new Date().toISOString().slice(0, 10), counts: reasons({ bot: 4 }), hours: new Map() }]);
    expect(rowOf(await report("7d"), programId)).toMatchObject({ requests: 4 });
    expect((await callRoute("deleteProgram", { params: { id: programId }, idToken: admin })).status).toBe(204);
    expect(rowOf(await report("7d"), programId)).toBeUndefined();
    const { nightlyVisitFold } = await import("../../src/index");
    await nightlyVisitFold.run({ scheduleTime: new Date(Date.now() + 26 * HOUR).toISOString(), jobName: "test" } as never);
    expect((await db().collection("traffic_counters").where("programId", "==", programId).get()).size).toBe(0);
    expect((await db().collection("traffic_days").where("programId", "==", programId).get()).size).toBe(0);
  });
});
