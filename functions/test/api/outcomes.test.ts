import { beforeEach, describe, expect, it } from "vitest";
import type { ProgramFairness } from "@hub/contract/analytics";
import type { ReferralLink } from "@hub/contract/links";
import type { ReferrerCap } from "@hub/contract/programs";
import { addDays, utcDay } from "@hub/contract/dates";
import { getAuth } from "firebase-admin/auth";
import { db } from "../../src/platform/db";
import { createProgramAs, signInActors, submitOwnLink } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call, callRoute } from "../../../testing/http";
import { addLink, programWithLinks, ROTATION_SETTLE_MS, sleep, visitMany } from "../../../testing/rotation";

/**
 * Referral outcomes, caps and snoozes (docs/architecture.md, *Outcomes, caps and snoozes*): a member
 * records outcomes on their own links only; paid ones count against the program's referrer cap, which
 * takes the link out of the rotation, its active count and `isActive` until it resumes; a snooze does
 * the same until its day; a link back from a break does not catch up in balanced mode.
 */

let admin: string;
let alice: string;
let tom: string;

beforeEach(async () => {
  await resetEmulators();
  ({ admin, alice, tom } = await signInActors());
});

// the suite's functions run on the real clock: today is the real UTC day
const today = () => utcDay(new Date());

/**
 * Five days of one UTC year, in order, and a day of the year beside it, all within what a member may
 * date an outcome (at most 400 days back): early January, last December's.
 */
function daysOfOneYear(): { year: number; days: string[]; outside: string } {
  const thisYear = Number(today().slice(0, 4));
  const year = Number(addDays(today(), -10).slice(0, 4));
  return year === thisYear
    ? { year, days: [2, 3, 4, 5, 6].map((d) => `${String(year)}-01-0${String(d)}`), outside: `${String(year - 1)}-12-31` }
    : { year, days: [20, 21, 22, 23, 24].map((d) => `${String(year)}-12-${String(d)}`), outside: `${String(thisYear)}-01-01` };
}

/** The program rules are the admins' (PATCH /api/programs/{id}, another piece): written here as it stores them. */
const setCap = (programId: string, referrerCap: ReferrerCap | null) => db().collection("programs").doc(programId).update({ referrerCap });

const record = (idToken: string, linkId: string, body: Record<string, unknown>) =>
  call("POST", `/api/user/links/${linkId}/outcomes`, { idToken, body });
const ownLink = async (idToken: string, id: string): Promise<ReferralLink> =>
  (await callRoute("listOwnLinks", { idToken })).body.find((l) => l.id === id)!;
const activeCount = async (programId: string) =>
  (await call<{ id: string; activeLinkCount: number }[]>("GET", "/api/programs", { idToken: admin })).body.find((p) => p.id === programId)!
    .activeLinkCount;

/** Alice's (active@example.com) active links as the users report gives them, by range. */
const usersActiveLinks = async () => {
  const of = async (timeFilter: "30d" | "24h") =>
    (await callRoute("userAnalytics", { query: { timeFilter }, idToken: admin })).body.find((u) => u.email === "active@example.com")
      ?.activeLinks;
  return { "30d": await of("30d"), "24h": await of("24h") };
};

/** A program with one other member's approved link, and alice's own, approved. */
async function programWithAlice(mode: "even" | "balanced" = "even") {
  const { programId, links } = await programWithLinks(admin, 1, { mode });
  const own = await submitOwnLink(alice, programId, `https://refer.example.com/${programId}/alice`);
  await callRoute("approveLink", { params: { id: own.id }, idToken: admin });
  return { programId, aliceLink: own.id, aliceUrl: `https://refer.example.com/${programId}/alice`, other: links[0]! };
}

describe("recording outcomes", () => {
  it("on the member's own link only, dated at most tomorrow (UTC), answered with the program's name", async () => {
    const { programId, aliceLink, other } = await programWithAlice();
    const tomsLink = await addLink(admin, programId, "trialing@example.com");

    const tooLate = await record(alice, aliceLink, { kind: "paid", occurredOn: addDays(today(), 2) });
    expect(tooLate.status).toBe(400);
    expect(tooLate.body).toMatchObject({ code: "VALIDATION", message: "Date can be at most one day after today (UTC)" });
    const noCurrency = await record(alice, aliceLink, { kind: "paid", occurredOn: today(), amount: 10 });
    expect(noCurrency.body).toMatchObject({ code: "VALIDATION", message: "Currency is required with an amount" });
    // someone else's link, or none, is not found: nothing tells whether it exists
    for (const id of [other.id, tomsLink.id, "no-such-link"]) {
      const res = await record(alice, id, { kind: "signed-up", occurredOn: today() });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "NOT_FOUND", message: "Link not found" });
    }

    const created = await record(alice, aliceLink, { kind: "signed-up", occurredOn: addDays(today(), 1), note: " Friend from work " });
    expect(created.status).toBe(201);
    const program = (await callRoute("listPrograms", { idToken: admin })).body.find((p) => p.id === programId)!;
    expect(created.body).toMatchObject({
      linkId: aliceLink,
      programId,
      programName: program.name,
      kind: "signed-up",
      occurredOn: addDays(today(), 1),
      amount: null,
      currency: null,
      note: "Friend from work",
    });

    // tom can neither delete nor see it
    const id = (created.body as { id: string }).id;
    expect((await call("DELETE", `/api/user/outcomes/${id}`, { idToken: tom })).status).toBe(404);
    const year = Number(addDays(today(), 1).slice(0, 4));
    expect((await callRoute("listOwnOutcomes", { idToken: tom, query: { year: String(year) } })).body.entries).toEqual([]);
    expect((await call("DELETE", `/api/user/outcomes/${id}`, { idToken: alice })).status).toBe(204);
    expect((await callRoute("listOwnOutcomes", { idToken: alice, query: { year: String(year) } })).body.entries).toEqual([]);
  });

  it("the Earnings view: newest first, counts and sums per currency to the cent, and the same rows as CSV", async () => {
    const { aliceLink } = await programWithAlice();
    const { year, days, outside } = daysOfOneYear();
    const entries = [
      { kind: "paid", occurredOn: days[1], amount: 100.1, currency: "usd" },
      { kind: "paid", occurredOn: days[3], amount: 0.2, currency: "USD", note: '=HYPERLINK("x")' },
      { kind: "clawed-back", occurredOn: days[4], amount: 50.05, currency: "USD" },
      { kind: "paid", occurredOn: days[2], amount: 75, currency: "EUR" },
      { kind: "signed-up", occurredOn: days[0] },
      { kind: "paid", occurredOn: outside, amount: 1, currency: "USD" },
    ];
    for (const body of entries) expect((await record(alice, aliceLink, body)).status).toBe(201);

    const earnings = (await callRoute("listOwnOutcomes", { idToken: alice, query: { year: String(year) } })).body;
    expect(earnings.entries.map((e) => e.occurredOn)).toEqual([...days].reverse());
    expect(earnings.totals).toEqual({
      signedUp: 1,
      paid: 3,
      clawedBack: 1,
      byCurrency: [
        { currency: "EUR", paid: 75, clawedBack: 0, net: 75 },
        { currency: "USD", paid: 100.3, clawedBack: 50.05, net: 50.25 },
      ],
    });

    const csv = await callRoute("exportOwnOutcomes", { idToken: alice, query: { year: String(year) } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="referral-earnings-${String(year)}.csv"`);
    const name = earnings.entries[0]!.programName;
    const at = (i: number) => earnings.entries[i]!.recordedAt;
    expect(csv.text).toBe(
      [
        "Date,Program,Kind,Amount,Currency,Note,Recorded",
        `${days[4]},${name},clawed-back,50.05,USD,,${at(0)}`,
        `${days[3]},${name},paid,0.20,USD,"'=HYPERLINK(""x"")",${at(1)}`,
        `${days[2]},${name},paid,75.00,EUR,,${at(2)}`,
        `${days[1]},${name},paid,100.10,USD,,${at(3)}`,
        `${days[0]},${name},signed-up,,,,${at(4)}`,
        "",
      ].join("\r\n"),
    );
  });

  it("outcomes stay with the member when the link is deleted, with the program's name", async () => {
    const { aliceLink } = await programWithAlice();
    const created = (await record(alice, aliceLink, { kind: "paid", occurredOn: today(), amount: 20, currency: "USD" })).body as {
      programName: string;
    };
    expect((await callRoute("deleteOwnLink", { params: { id: aliceLink }, idToken: alice })).status).toBe(204);
    const earnings = (await callRoute("listOwnOutcomes", { idToken: alice, query: { year: today().slice(0, 4) } })).body;
    expect(earnings.entries).toHaveLength(1);
    expect(earnings.entries[0]).toMatchObject({ linkId: aliceLink, programName: created.programName });
  });
});

describe("what a member may record is bounded", () => {
  it("only on an approved link: a pending one is 409 LINK_NOT_APPROVED and nothing is counted", async () => {
    const { programId } = await programWithAlice();
    const pending = await submitOwnLink(tom, programId, `https://refer.example.com/${programId}/tom`);
    const res = await record(tom, pending.id, { kind: "paid", occurredOn: today() });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "LINK_NOT_APPROVED", message: "Outcomes can be recorded on approved links only" });
    expect((await db().collection("outcomes").where("linkId", "==", pending.id).get()).size).toBe(0);
    expect((await db().collection("programs").doc(programId).get()).get(`paidByYear.${today().slice(0, 4)}`) ?? 0).toBe(0);
  });

  it("dated at most 400 days back (UTC)", async () => {
    const { aliceLink } = await programWithAlice();
    const tooEarly = await record(alice, aliceLink, { kind: "paid", occurredOn: addDays(today(), -401) });
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body).toMatchObject({
      code: "VALIDATION",
      message: "Date can be at most 400 days before today (UTC)",
      issues: [{ path: "occurredOn", message: "Date can be at most 400 days before today (UTC)" }],
    });
    expect((await record(alice, aliceLink, { kind: "paid", occurredOn: addDays(today(), -400) })).status).toBe(201);
  });

  it("50 in any 24 hours per member, refusals not counted; the 51st is 429 with Retry-After, and deleting one gives none back", async () => {
    const { programId, aliceLink } = await programWithAlice();
    // refused requests use up nothing: not found, a pending link, a bad date
    const pending = await submitOwnLink(
      alice,
      (await createProgramAs(admin, "Pending Bank")).id,
      "https://refer.example.com/pending/alice",
    );
    expect((await record(alice, "no-such-link", { kind: "signed-up", occurredOn: today() })).status).toBe(404);
    expect((await record(alice, pending.id, { kind: "signed-up", occurredOn: today() })).status).toBe(409);
    expect((await record(alice, aliceLink, { kind: "signed-up", occurredOn: addDays(today(), 5) })).status).toBe(400);

    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await record(alice, aliceLink, { kind: "signed-up", occurredOn: today() });
      expect(res.status).toBe(201);
      ids.push((res.body as { id: string }).id);
    }
    const refused = await record(alice, aliceLink, { kind: "paid", occurredOn: today() });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "RATE_LIMITED", message: "Too many requests, please try again later" });
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600);

    expect((await call("DELETE", `/api/user/outcomes/${ids[0]!}`, { idToken: alice })).status).toBe(204);
    expect((await record(alice, aliceLink, { kind: "signed-up", occurredOn: today() })).status).toBe(429);
    expect((await db().collection("outcomes").where("email", "==", "active@example.com").get()).size).toBe(49);
    // another member's allowance is their own
    const tomsLink = await submitOwnLink(tom, programId, `https://refer.example.com/${programId}/tom`);
    await callRoute("approveLink", { params: { id: tomsLink.id }, idToken: admin });
    expect((await record(tom, tomsLink.id, { kind: "signed-up", occurredOn: today() })).status).toBe(201);
  }, 60_000);
});

describe("caps", () => {
  it("a paid outcome reaching the cap takes the link out of the rotation and the counts; deleting it brings it back at once", async () => {
    const { programId, aliceLink, aliceUrl, other } = await programWithAlice();
    await setCap(programId, { count: 1, period: "calendar-year" });
    expect(await activeCount(programId)).toBe(2);
    expect((await ownLink(alice, aliceLink)).cap).toEqual({ reached: false, paid: 0, count: 1 });

    const paid = (await record(alice, aliceLink, { kind: "paid", occurredOn: today(), amount: 50, currency: "USD" })).body as {
      id: string;
    };
    const capped = await ownLink(alice, aliceLink);
    expect(capped.cap).toEqual({ reached: true, resumesOn: `${String(Number(today().slice(0, 4)) + 1)}-01-01` });
    expect(capped.isActive).toBe(false);
    expect(await activeCount(programId)).toBe(1);
    await sleep(ROTATION_SETTLE_MS);
    expect(await visitMany(programId, 4)).toEqual(new Map([[other.url, 4]]));

    expect((await call("DELETE", `/api/user/outcomes/${paid.id}`, { idToken: alice })).status).toBe(204);
    const back = await ownLink(alice, aliceLink);
    expect(back).toMatchObject({ cap: { reached: false, paid: 0, count: 1 }, isActive: true });
    expect(await activeCount(programId)).toBe(2);
    await sleep(ROTATION_SETTLE_MS);
    expect((await visitMany(programId, 4)).get(aliceUrl)).toBeGreaterThan(0);
  }, 60_000);

  it("follows the member: deleting a capped link and submitting a new one starts it capped, and approved it stays out", async () => {
    const { programId, aliceLink, other } = await programWithAlice();
    await setCap(programId, { count: 1, period: "calendar-year" });
    expect((await record(alice, aliceLink, { kind: "paid", occurredOn: today() })).status).toBe(201);
    expect((await callRoute("deleteOwnLink", { params: { id: aliceLink }, idToken: alice })).status).toBe(204);

    const again = await submitOwnLink(alice, programId, `https://refer.example.com/${programId}/alice-again`);
    const nextYear = `${String(Number(today().slice(0, 4)) + 1)}-01-01`;
    expect((await ownLink(alice, again.id)).cap).toEqual({ reached: true, resumesOn: nextYear });
    await callRoute("approveLink", { params: { id: again.id }, idToken: admin });
    expect(await ownLink(alice, again.id)).toMatchObject({ cap: { reached: true, resumesOn: nextYear }, isActive: false });
    expect(await activeCount(programId)).toBe(1);
    await sleep(ROTATION_SETTLE_MS);
    expect(await visitMany(programId, 4)).toEqual(new Map([[other.url, 4]]));
  }, 60_000);

  it("a rule that allows more lifts the cap at once; a rolling window resumes when the oldest paid day leaves it", async () => {
    const { programId, aliceLink } = await programWithAlice();
    await setCap(programId, { count: 1, period: "rolling-12-months" });
    const oldest = addDays(today(), -100);
    await record(alice, aliceLink, { kind: "paid", occurredOn: oldest });
    await record(alice, aliceLink, { kind: "signed-up", occurredOn: today() });
    expect((await ownLink(alice, aliceLink)).cap).toEqual({ reached: true, resumesOn: addDays(oldest, 365) });

    await setCap(programId, { count: 2, period: "rolling-12-months" });
    expect(await ownLink(alice, aliceLink)).toMatchObject({ cap: { reached: false, paid: 1, count: 2 }, isActive: true });
    await setCap(programId, null);
    expect((await ownLink(alice, aliceLink)).cap).toBeNull();
  });
});

describe("snoozes", () => {
  it("after today and within 366 days, on the member's own link; out of the rotation until ended", async () => {
    const { programId, aliceLink, aliceUrl, other } = await programWithAlice();
    const snooze = (idToken: string, id: string, until: string) =>
      call("POST", `/api/user/links/${id}/snooze`, { idToken, body: { until } });
    for (const until of [today(), addDays(today(), 367)]) {
      const res = await snooze(alice, aliceLink, until);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "VALIDATION", message: "Snooze date must be after today and at most 366 days ahead" });
    }
    expect((await snooze(alice, other.id, addDays(today(), 3))).status).toBe(404);
    expect((await snooze(tom, aliceLink, addDays(today(), 3))).status).toBe(404);

    const snoozed = await snooze(alice, aliceLink, addDays(today(), 366));
    expect(snoozed.status).toBe(200);
    expect(snoozed.body).toMatchObject({ id: aliceLink, snoozedUntil: addDays(today(), 366), isActive: false });
    expect(await activeCount(programId)).toBe(1);
    // the users report says so in every range: from the click windows (30 days) and from the roll-ups (24 hours)
    expect(await usersActiveLinks()).toEqual({ "30d": 0, "24h": 0 });
    await sleep(ROTATION_SETTLE_MS);
    expect(await visitMany(programId, 3)).toEqual(new Map([[other.url, 3]]));
    // not in the rotation sets of those visits: while snoozed she is owed no fair share of them
    const fairness = await call<ProgramFairness[]>("GET", "/api/analytics/fairness?timeFilter=24h", { idToken: admin });
    const shares = new Map(fairness.body.find((p) => p.programId === programId)!.links!.map((l) => [l.linkId, l.fairShare]));
    expect([shares.get(aliceLink) ?? 0, shares.get(other.id)]).toEqual([0, 3]);

    expect((await call("DELETE", `/api/user/links/${aliceLink}/snooze`, { idToken: tom })).status).toBe(404);
    expect((await call("DELETE", `/api/user/links/${aliceLink}/snooze`, { idToken: alice })).status).toBe(204);
    expect(await ownLink(alice, aliceLink)).toMatchObject({ snoozedUntil: null, isActive: true });
    expect(await activeCount(programId)).toBe(2);
    expect(await usersActiveLinks()).toEqual({ "30d": 1, "24h": 1 });
    await sleep(ROTATION_SETTLE_MS);
    expect((await visitMany(programId, 3)).get(aliceUrl)).toBeGreaterThan(0);
  }, 60_000);

  it("balanced: a link back from a snooze is balanced from the others' lowest count, not its own (no catch-up)", async () => {
    const { programId, aliceLink, aliceUrl, other } = await programWithAlice("balanced");
    await call("POST", `/api/user/links/${aliceLink}/snooze`, { idToken: alice, body: { until: addDays(today(), 5) } });
    await sleep(ROTATION_SETTLE_MS);
    expect(await visitMany(programId, 6)).toEqual(new Map([[other.url, 6]]));

    await call("DELETE", `/api/user/links/${aliceLink}/snooze`, { idToken: alice });
    await sleep(ROTATION_SETTLE_MS);
    // from 6 each (its own visits unchanged at 0): the two share, instead of alice taking the next six
    expect(await visitMany(programId, 6)).toEqual(
      new Map([
        [aliceUrl, 3],
        [other.url, 3],
      ]),
    );
    expect((await ownLink(alice, aliceLink)).visitCount).toBe(3);
  }, 60_000);

  it("balanced: a second break cannot win back what the first one missed, even when a new link is the lowest", async () => {
    const { programId, aliceLink, aliceUrl, other } = await programWithAlice("balanced");
    const snooze = () => call("POST", `/api/user/links/${aliceLink}/snooze`, { idToken: alice, body: { until: addDays(today(), 5) } });
    const wake = () => call("DELETE", `/api/user/links/${aliceLink}/snooze`, { idToken: alice });
    // first break: the other link takes 6; back, alice counts from 6 and the two share 6 more (9 each)
    await snooze();
    await sleep(ROTATION_SETTLE_MS);
    expect(await visitMany(programId, 6)).toEqual(new Map([[other.url, 6]]));
    await wake();
    await sleep(ROTATION_SETTLE_MS);
    expect((await visitMany(programId, 6)).get(aliceUrl)).toBe(3);

    // a new link starts from nothing and takes the next visit; then alice snoozes and comes back
    const late = await addLink(admin, programId, "trialing@example.com");
    await snooze();
    await sleep(ROTATION_SETTLE_MS);
    expect(await visitMany(programId, 1)).toEqual(new Map([[late.url, 1]]));
    await wake();
    await sleep(ROTATION_SETTLE_MS);
    // the new link (1) is the lowest, but alice counts from her own 9, not from 1: the new link takes all 8
    expect(await visitMany(programId, 8)).toEqual(new Map([[late.url, 8]]));
  }, 90_000);
});

describe("outcomes stay with the member", () => {
  /** The roll-up of a program's month: per day, per link, per kind. */
  const rollUp = async (programId: string, month: string) =>
    (await db().collection("outcome_months").doc(`${programId}_${month}`).get()).data();
  /** The open page's count of a program's paid referrals this year (the program shared on the site first). */
  const paidThisYear = async (programId: string) => {
    await callRoute("toggleProgramShared", { params: { id: programId }, idToken: admin, body: { isSharedOnSite: true } });
    return (await callRoute("listPublicPrograms", {})).body.find((p) => p.id === programId)?.paidReferralsThisYear;
  };

  it("the open page's paid count follows a paid outcome recorded and deleted, not other kinds or other years", async () => {
    const { programId, aliceLink } = await programWithAlice();
    const paid = await record(alice, aliceLink, { kind: "paid", occurredOn: today() });
    await record(alice, aliceLink, { kind: "paid", occurredOn: today() });
    await record(alice, aliceLink, { kind: "signed-up", occurredOn: today() });
    await record(alice, aliceLink, { kind: "paid", occurredOn: `${Number(today().slice(0, 4)) - 1}-12-31` });
    expect(await paidThisYear(programId)).toBe(2);
    await callRoute("deleteOwnOutcome", { params: { id: (paid.body as { id: string }).id }, idToken: alice });
    expect(await paidThisYear(programId)).toBe(1);
  });

  it("deleting the member deletes their outcomes and what the roll-ups counted of them", async () => {
    const { programId, aliceLink } = await programWithAlice();
    const lastYearsEnd = `${String(Number(today().slice(0, 4)) - 1)}-12-31`;
    await record(alice, aliceLink, { kind: "paid", occurredOn: lastYearsEnd, amount: 20, currency: "USD" });
    await record(alice, aliceLink, { kind: "paid", occurredOn: today() });
    expect((await rollUp(programId, lastYearsEnd.slice(0, 7)))?.days["31"][aliceLink]).toEqual({ paid: 1 });
    expect(await paidThisYear(programId)).toBe(1);

    expect((await call("DELETE", `/api/users/${encodeURIComponent("active@example.com")}`, { idToken: admin })).status).toBe(204);
    expect((await db().collection("outcomes").where("email", "==", "active@example.com").get()).size).toBe(0);
    expect((await rollUp(programId, lastYearsEnd.slice(0, 7)))?.days["31"][aliceLink]).toEqual({ paid: 0 });
    expect(await paidThisYear(programId)).toBe(0);
  });

  it("moving a link leaves its outcomes in the old program; its cap counts the owner's paid days in the new one", async () => {
    const { programId: oldProgram, aliceLink } = await programWithAlice();
    const next = await createProgramAs(admin, "Next Bank");
    await setCap(next.id, { count: 1, period: "rolling-12-months" });
    // a paid referral alice earned in Next Bank on a link she has since deleted
    const earlier = await submitOwnLink(alice, next.id, "https://refer.example.com/next/alice");
    await callRoute("approveLink", { params: { id: earlier.id }, idToken: admin });
    expect((await record(alice, earlier.id, { kind: "paid", occurredOn: addDays(today(), -10) })).status).toBe(201);
    await callRoute("deleteOwnLink", { params: { id: earlier.id }, idToken: alice });
    await record(alice, aliceLink, { kind: "paid", occurredOn: addDays(today(), -5) });

    expect((await callRoute("moveLink", { params: { id: aliceLink }, idToken: admin, body: { programId: next.id } })).status).toBe(200);
    expect((await ownLink(alice, aliceLink)).cap).toEqual({ reached: true, resumesOn: addDays(today(), 355) });
    // early in January the two days fall in two years
    const years = [...new Set([-10, -5].map((days) => addDays(today(), days).slice(0, 4)))];
    const entries = (await Promise.all(years.map((year) => callRoute("listOwnOutcomes", { idToken: alice, query: { year } })))).flatMap(
      (res) => res.body.entries,
    );
    expect(entries.map((e) => e.programId).sort()).toEqual([oldProgram, next.id].sort());
  });

  it("merging a program moves its outcomes and roll-ups to the target, where its cap counts them", async () => {
    const { programId: source, aliceLink } = await programWithAlice();
    const target = await createProgramAs(admin, "Target Bank");
    await setCap(target.id, { count: 1, period: "calendar-year" });
    await record(alice, aliceLink, { kind: "paid", occurredOn: today(), amount: 10, currency: "USD" });

    expect((await callRoute("mergeProgram", { params: { id: source }, idToken: admin, body: { targetProgramId: target.id } })).status).toBe(
      200,
    );
    const entries = (await callRoute("listOwnOutcomes", { idToken: alice, query: { year: today().slice(0, 4) } })).body.entries;
    expect(entries).toMatchObject([{ programId: target.id, programName: "Target Bank", linkId: aliceLink }]);
    expect((await ownLink(alice, aliceLink)).cap).toMatchObject({ reached: true });
    const month = today().slice(0, 7);
    expect((await rollUp(target.id, month))?.days[today().slice(8, 10)][aliceLink]).toEqual({ paid: 1 });
    expect(await rollUp(source, month)).toBeUndefined();
    expect(await paidThisYear(target.id)).toBe(1);
  });

  it("merging accounts moves the duplicate's outcomes to the primary, and its paid days to the primary's links", async () => {
    const { programId, aliceLink } = await programWithAlice();
    await setCap(programId, { count: 1, period: "calendar-year" });
    // an account from before addresses were normalised, with a paid referral in alice's program
    const { uid } = await getAuth().createUser({ email: "dup-legacy@example.com" });
    const legacy = "Active@Example.com ";
    const t = new Date(Date.now() + 1000);
    await db().collection("users").doc(uid).set({
      username: legacy,
      email: legacy,
      isAdmin: false,
      blocked: false,
      approved: true,
      createdByAdmin: false,
      createdAt: t,
      updatedAt: t,
    });
    await db()
      .collection("outcomes")
      .add({
        email: legacy,
        linkId: "gone",
        programId,
        programName: "Old name",
        kind: "paid",
        occurredOn: today(),
        amount: null,
        currency: null,
        note: null,
        recordedAt: t,
        year: Number(today().slice(0, 4)),
      });
    expect((await ownLink(alice, aliceLink)).cap).toMatchObject({ reached: false });
    expect(await activeCount(programId)).toBe(2);

    const merged = await call("POST", "/api/admin/merge-accounts", {
      idToken: admin,
      body: { primaryEmail: "active@example.com", duplicateEmail: legacy },
    });
    expect(merged.status).toBe(200);
    const entries = (await callRoute("listOwnOutcomes", { idToken: alice, query: { year: today().slice(0, 4) } })).body.entries;
    expect(entries).toMatchObject([{ linkId: "gone", programName: "Old name" }]);
    expect(await ownLink(alice, aliceLink)).toMatchObject({ cap: { reached: true }, isActive: false });
    // the cap the two accounts reach together takes the link off the program's active count too
    expect(await activeCount(programId)).toBe(1);
  });
});
