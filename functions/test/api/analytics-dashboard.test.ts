import { beforeEach, describe, expect, it } from "vitest";
import {
  TIME_FILTERS,
  type AnalyticsOverview,
  type ClickRecord,
  type ProgramClickAnalytics,
  type ProgramFairness,
  type TimeFilter,
  type UserAnalytics,
} from "@hub/contract/analytics";
import type { ProgramOutcomes } from "@hub/contract/outcomes";
import { COLLECTIONS, db, foldFinishedDays, refreshClickWindows } from "../../src/toolkit";
import { newClickId, readConsistently, recordVisit } from "../../src/visits/visits.store";
import { readOverviewStateIn } from "../../src/analytics/click-windows.store";
import { signInActors, submitOwnLink } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call, callRoute, type ApiAnswer } from "../../../testing/http";
import { addLink, BROWSER_UA, programWithLinks, visitMany } from "../../../testing/rotation";

/*
 * The dashboard's answers (GET /api/analytics/overview, /analytics/programs/{id}) against the click
 * records of GET /api/analytics/clicks summed by hand, in every range; and the records' pages.
 */

let admin: string;
let alice: string;

beforeEach(async () => {
  await resetEmulators();
  ({ admin, alice } = await signInActors());
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

async function get<T>(path: string): Promise<T> {
  const res = await call<T>("GET", path, { idToken: admin });
  expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(200);
  return res.body;
}

/** Every page of the records, following the `Link: <…>; rel="next"` headers; and how many pages. */
async function allPages(first: string): Promise<{ records: ClickRecord[]; pages: number }> {
  const records: ClickRecord[] = [];
  let next: string | null = first;
  let pages = 0;
  while (next !== null) {
    const res: ApiAnswer<ClickRecord[]> = await call<ClickRecord[]>("GET", next, { idToken: admin });
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    records.push(...res.body);
    pages += 1;
    const link: string | null = res.headers.get("link");
    next = link === null ? null : /^<([^>]+)>; rel="next"$/.exec(link)![1]!;
    expect(pages).toBeLessThan(100);
  }
  return { records, pages };
}

const sum = (records: readonly ClickRecord[], by: (r: ClickRecord) => string) => {
  const sums = new Map<string, number>();
  for (const r of records) sums.set(by(r), (sums.get(by(r)) ?? 0) + (r.totalClicks ?? 1));
  return sums;
};

/** Two programs with history over 500 days, folded, plus today's visits through the rotation address. */
async function seedHistory() {
  const one = await programWithLinks(admin, 3);
  const two = await programWithLinks(admin, 2);
  const past = (program: typeof one, i: number, at: Date) =>
    recordVisit({
      clickId: newClickId(),
      linkId: program.links[i]!.id,
      programId: program.programId,
      clickedAt: at,
      ipAddress: "203.0.113.7",
      userAgent: BROWSER_UA,
      shard: i,
      activeLinkIds: program.links.map((l) => l.id),
    });
  for (const [days, i] of [
    [1, 0],
    [3, 1],
    [6, 2],
    [12, 0],
    [29, 1],
    [31, 2],
    [45, 0],
    [80, 1],
    [95, 2],
    [200, 0],
    [370, 1],
    [500, 2],
  ] as const) {
    await past(one, i, daysAgo(days));
    await past(two, i % 2, daysAgo(days + 2));
  }
  await foldFinishedDays(new Date());
  await visitMany(one.programId, 5);
  await visitMany(two.programId, 3);
  return { one, two };
}

/** Every range: the Overview's, the users report's and each program page's figures against the click records summed by hand. */
async function expectAgreement(programs: readonly { programId: string }[]) {
  for (const range of TIME_FILTERS) {
    const { records } = await allPages(`/api/analytics/clicks?timeFilter=${range}`);
    const perProgram = sum(records, (r) => r.programId);
    const perLink = sum(records, (r) => r.linkId);
    const total = [...perLink.values()].reduce((a, b) => a + b, 0);
    const links = await Promise.all(
      programs.map(async (p) =>
        (await db().collection(COLLECTIONS.links).where("programId", "==", p.programId).get()).docs.map((d) => d.id),
      ),
    );
    const linkCount = links.reduce((n, l) => n + l.length, 0);

    // the users report: each owner's clicks are their links' records
    const users = await get<UserAnalytics[]>(`/api/analytics/users?timeFilter=${range}`);
    expect(new Map(users.filter((u) => u.clicks > 0).map((u) => [u.email, u.clicks])), range).toEqual(sum(records, (r) => r.linkEmail));

    const overview = await get<AnalyticsOverview>(`/api/analytics/overview?timeFilter=${range}`);
    expect(overview.timeFilter).toBe(range);
    expect(overview.totals, range).toEqual({ programs: programs.length, links: linkCount, activeLinks: linkCount, clicks: total });
    expect(new Map(overview.programs.map((p) => [p.programId, p.clicks])), range).toEqual(
      new Map(programs.map((p) => [p.programId, perProgram.get(p.programId) ?? 0])),
    );
    programs.forEach((program, i) =>
      expect(overview.programs.find((p) => p.programId === program.programId)).toMatchObject({
        totalLinks: links[i]!.length,
        activeLinks: links[i]!.length,
        listed: true,
      }),
    );

    for (const [i, program] of programs.entries()) {
      const page = await get<ProgramClickAnalytics>(`/api/analytics/programs/${program.programId}?timeFilter=${range}`);
      expect(page.links.map((l) => l.linkId).sort()).toEqual([...links[i]!].sort());
      for (const l of page.links) expect(l.clicks, `${range} ${l.linkId}`).toBe(perLink.get(l.linkId) ?? 0);
      // the chart holds every click of the program's links in the range, in its periods
      const charted = page.series.points.reduce((n, p) => n + p.clicks, 0);
      expect(charted, range).toBe(perProgram.get(program.programId) ?? 0);
      expect(page.series.unit).toBe(
        ({ "24h": "hour", "7d": "day", "30d": "day", "3mo": "week", "12mo": "month", all: "month" } as const)[range],
      );
      // 'Daily Clicks' as the specification has it: the range's own days up to 30d, else the last 30 days
      if (range === "24h" || range === "7d" || range === "30d") expect(page.daily, range).toEqual(page.series);
      else {
        const lastThirtyDays = await get<ProgramClickAnalytics>(`/api/analytics/programs/${program.programId}?timeFilter=30d`);
        expect(page.daily, range).toEqual(lastThirtyDays.series);
      }
    }

    await expectReportsAsTheTabsAskThem(programs, range, perLink);
  }
}

/**
 * The fairness and outcome reports as the Fairness and Outcomes tabs ask for them (every program's row
 * without links, then one program's when its row opens) say what the whole report says; a link's
 * visits in the fairness report are its click records, and in the outcome report (split by the
 * program that served them) add up to them.
 */
async function expectReportsAsTheTabsAskThem(programs: readonly { programId: string }[], range: TimeFilter, perLink: Map<string, number>) {
  const withoutLinks = <T extends { links?: unknown }>(rows: T[]) => rows.map(({ links: _links, ...row }) => row);
  for (const report of ["fairness", "outcomes"] as const) {
    const whole = await get<(ProgramFairness | ProgramOutcomes)[]>(`/api/analytics/${report}?timeFilter=${range}`);
    expect(whole.map((r) => r.programId).sort(), `${report} ${range}`).toEqual(programs.map((p) => p.programId).sort());
    const rows = await get<(ProgramFairness | ProgramOutcomes)[]>(`/api/analytics/${report}?timeFilter=${range}&links=omit`);
    expect(rows.every((r) => r.links === undefined)).toBe(true);
    expect(rows, `${report} ${range} links=omit`).toEqual(withoutLinks(whole));
    const visits = new Map<string, number>();
    for (const row of whole) {
      expect(
        await get(`/api/analytics/${report}?timeFilter=${range}&programId=${row.programId}`),
        `${report} ${range} one program`,
      ).toEqual([row]);
      // a deleted link keeps its place in the outcome report (no e-mail); it has no click records
      for (const link of row.links ?? []) if (link.email) visits.set(link.linkId, (visits.get(link.linkId) ?? 0) + link.visits);
    }
    // fairness lists the links with a fair share; outcomes those with visits or outcomes
    for (const [linkId, n] of visits) expect(n, `${report} ${range} ${linkId}`).toBe(perLink.get(linkId) ?? 0);
    if (report === "outcomes") expect(visits, range).toEqual(new Map([...perLink].filter(([, n]) => n > 0)));
  }
}

/** The programs' stored click windows: the day they were summed for and their links. */
async function storedWindows(programs: readonly { programId: string }[]) {
  const docs = await db().getAll(...programs.map((p) => db().collection(COLLECTIONS.clickWindows).doc(p.programId)));
  return docs.map((d) => ({ day: d.get("day") as unknown, links: ((d.get("linkIds") ?? []) as string[]).length }));
}

describe("the dashboard's answers", () => {
  it("agree with the click records summed by hand, in every range", async () => {
    const { one, two } = await seedHistory();
    await expectAgreement([one, two]);
  }, 240_000);

  it("keep agreeing from the programs' click windows as links move, go and come, visits come and days fold", async () => {
    const { one, two } = await seedHistory();
    await expectAgreement([one, two]);
    // the Overview summed each program's window for today and kept it
    const today = new Date().toISOString().slice(0, 10);
    expect(await storedWindows([one, two])).toEqual([
      { day: today, links: 3 },
      { day: today, links: 2 },
    ]);
    // and the stored windows read back whole (a window read without a field it needs would be summed again on every read)
    const state = await readConsistently((tx) => readOverviewStateIn(tx, { hours: true, traffic: true }));
    expect([...state.windows.keys()].sort()).toEqual([one.programId, two.programId].sort());

    // a link with history moves to the other program, another goes, a new one comes and is visited
    const moved = await callRoute("moveLink", { params: { id: one.links[2]!.id }, idToken: admin, body: { programId: two.programId } });
    expect(moved.status, moved.text).toBe(200);
    expect((await callRoute("deleteLink", { params: { id: two.links[1]!.id }, idToken: admin })).status).toBe(204);
    await addLink(admin, one.programId, "newcomer@example.com");
    await visitMany(one.programId, 4);
    await visitMany(two.programId, 2);
    await expectAgreement([one, two]);
    expect(await storedWindows([one, two])).toEqual([
      { day: today, links: 3 },
      { day: today, links: 2 },
    ]);

    // a late visit of yesterday, folded: the roll-ups change under the windows
    await recordVisit({
      clickId: newClickId(),
      linkId: one.links[1]!.id,
      programId: one.programId,
      clickedAt: daysAgo(1),
      ipAddress: "203.0.113.9",
      userAgent: BROWSER_UA,
      shard: 7,
      activeLinkIds: [one.links[1]!.id],
    });
    await foldFinishedDays(new Date());
    await expectAgreement([one, two]);

    // the nightly job's refresh after its fold: every window summed again, the same figures
    await db().collection(COLLECTIONS.clickWindows).doc(one.programId).delete();
    expect(await refreshClickWindows(new Date())).toBe(2);
    expect(await storedWindows([one, two])).toEqual([
      { day: today, links: 3 },
      { day: today, links: 2 },
    ]);
    await expectAgreement([one, two]);

    // the second program merged into a third: its links take their history along, its roll-ups stay
    // under its id (the outcome report counts the visits it served for the links' program now)
    const three = await programWithLinks(admin, 0);
    await addLink(admin, three.programId, "third@example.com");
    await visitMany(three.programId, 3);
    const merged = await callRoute("mergeProgram", {
      params: { id: two.programId },
      idToken: admin,
      body: { targetProgramId: three.programId },
    });
    expect(merged.status, merged.text).toBe(200);
    await expectAgreement([one, three]);
  }, 480_000);

  /** An owner's active links in the users report: from the click windows (30 days) and from the hours' roll-ups (24 hours). */
  const usersActiveLinks = async (email: string) =>
    Promise.all(
      ["30d", "24h"].map(
        async (range) =>
          (await get<UserAnalytics[]>(`/api/analytics/users?timeFilter=${range}`)).find((r) => r.email === email)?.activeLinks,
      ),
    );

  it("count a blocked owner's link as inactive on the Overview, the program's page and the users report alike", async () => {
    const program = await programWithLinks(admin, 2);
    const own = await submitOwnLink(alice, program.programId);
    expect((await call("POST", `/api/links/${own.id}/approve`, { idToken: admin })).status).toBe(200);
    const activeOf = async () => {
      const overview = await get<AnalyticsOverview>("/api/analytics/overview?timeFilter=30d");
      const page = await get<ProgramClickAnalytics>(`/api/analytics/programs/${program.programId}?timeFilter=30d`);
      return {
        overview: overview.programs.find((p) => p.programId === program.programId)!.activeLinks,
        page: page.links.filter((l) => l.isActive).length,
        own: page.links.find((l) => l.linkId === own.id)!.isActive,
        users: await usersActiveLinks("active@example.com"),
      };
    };
    expect(await activeOf()).toEqual({ overview: 3, page: 3, own: true, users: [1, 1] });
    expect((await call("POST", "/api/users/active@example.com/block", { idToken: admin })).status).toBe(200);
    expect(await activeOf()).toEqual({ overview: 2, page: 2, own: false, users: [0, 0] });
    expect((await call("POST", "/api/users/active@example.com/unblock", { idToken: admin })).status).toBe(200);
    expect(await activeOf()).toEqual({ overview: 3, page: 3, own: true, users: [1, 1] });

    // an owner whose subscription lapsed: their link is untouched (not paused, as a block pauses it),
    // yet out of the rotation and of every count
    const lapsing = "lapsing@example.com";
    await addLink(admin, program.programId, lapsing);
    await db().doc("users/lapsing-uid").set({
      username: lapsing,
      email: lapsing,
      isAdmin: false,
      createdByAdmin: false,
      approved: true,
      blocked: false,
      subscriptionStatus: "active",
      createdAt: new Date(),
    });
    expect(await usersActiveLinks(lapsing)).toEqual([1, 1]);
    expect((await call("POST", `/api/admin/check-subscription/${lapsing}`, { idToken: admin })).body).toMatchObject({ isActive: false });
    expect(await usersActiveLinks(lapsing)).toEqual([0, 0]);
  });

  it("are for admins only, refuse a bad range with the contract's 400, and an unknown program with 404", async () => {
    const { programId } = await programWithLinks(admin, 1);
    for (const path of ["/api/analytics/overview?timeFilter=all", `/api/analytics/programs/${programId}?timeFilter=all`]) {
      expect((await call("GET", path)).status).toBe(401);
      expect((await call("GET", path, { idToken: alice })).body).toMatchObject({ code: "FORBIDDEN" });
      const bad = await call("GET", path.replace("timeFilter=all", "timeFilter=1y"), { idToken: admin });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: "VALIDATION", message: "timeFilter must be one of all, 12mo, 3mo, 30d, 7d, 24h" });
    }
    const unknown = await call("GET", "/api/analytics/programs/no-such-program?timeFilter=7d", { idToken: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "NOT_FOUND" });
  });

  it.each(["fairness", "outcomes"])("/%s names one program or leaves the links out, and refuses anything else with 400", async (report) => {
    const path = `/api/analytics/${report}?timeFilter=7d`;
    expect((await call("GET", `${path}&links=omit`, { idToken: alice })).body).toMatchObject({ code: "FORBIDDEN" });
    // a program that does not exist has no row
    expect(await get(`${path}&programId=no-such-program`)).toEqual([]);
    for (const [query, message] of [
      ["programId=a%2Fb", "programId must be a program's id"],
      ["links=all", "links must be omit"],
    ] as const) {
      const res = await call("GET", `${path}&${query}`, { idToken: admin });
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: "VALIDATION", message });
    }
  });
});

describe("GET /api/analytics/clicks, a page at a time", () => {
  it("gives every record exactly once across pages, in the order of one page, the next page named in `Link`", async () => {
    const { one } = await seedHistory();
    for (const range of ["all", "30d", "24h"] as const satisfies readonly TimeFilter[]) {
      const whole = await call<ClickRecord[]>("GET", `/api/analytics/clicks?timeFilter=${range}`, { idToken: admin });
      // without paging parameters: the first page, which here is all of them, and no next page
      expect(whole.headers.get("link")).toBeNull();
      const paged = await allPages(`/api/analytics/clicks?timeFilter=${range}&limit=2`);
      expect(paged.records).toEqual(whole.body);
      expect(paged.pages).toBe(Math.max(1, Math.ceil(whole.body.length / 2)));
      expect(new Set(paged.records.map((r) => `${r.linkId}|${r.clickDate}`)).size).toBe(whole.body.length);
    }
    const all = await get<ClickRecord[]>("/api/analytics/clicks?timeFilter=all");
    expect(all.length).toBeGreaterThan(20);

    // one program's records only, paged the same way
    const own = await allPages(`/api/analytics/clicks?timeFilter=all&programId=${one.programId}&limit=3`);
    expect(own.records).toEqual(all.filter((r) => r.programId === one.programId));

    // the header's address keeps the range, the program and the page size
    const first = await call("GET", `/api/analytics/clicks?timeFilter=all&programId=${one.programId}&limit=3`, { idToken: admin });
    const next = new URL(/^<([^>]+)>/.exec(first.headers.get("link")!)![1]!, "http://x");
    expect(next.pathname).toBe("/api/analytics/clicks");
    expect(Object.fromEntries(next.searchParams)).toMatchObject({ timeFilter: "all", programId: one.programId, limit: "3" });
    expect(next.searchParams.get("cursor")).toMatch(/^[A-Za-z0-9_-]+$/);
  }, 180_000);

  it.each([
    ["limit=0", "limit must be a whole number from 1 to 10000"],
    ["limit=10001", "limit must be a whole number from 1 to 10000"],
    ["limit=2.5", "limit must be a whole number from 1 to 10000"],
    ["cursor=nope", "cursor must be the one a previous page's Link header named"],
    ["cursor=a%2Fb", "cursor must be the one a previous page's Link header named"],
    ["programId=a%2Fb", "programId must be a program's id"],
  ])("?%s is refused with 400 and the contract's message", async (query, message) => {
    const res = await call("GET", `/api/analytics/clicks?timeFilter=all&${query}`, { idToken: admin });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "VALIDATION", message });
  });
});
