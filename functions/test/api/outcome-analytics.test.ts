import { beforeEach, describe, expect, it } from "vitest";
import { TIME_FILTERS } from "@hub/contract/analytics";
import { addDays, utcDay } from "@hub/contract/dates";
import type { ProgramOutcomes } from "@hub/contract/outcomes";
import type { PublicProgram } from "@hub/contract/programs";
import { foldFinishedDays } from "../../src/toolkit";
import { newClickId, recordVisit } from "../../src/visits/visits.store";
import { signInActors } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call, callRoute } from "../../../testing/http";
import { seedOutcome, type SeededOutcome } from "../../../testing/outcomes";
import { BROWSER_UA, programWithLinks } from "../../../testing/rotation";

/*
 * Outcomes are seeded as the outcome writer stores them (testing/outcomes.ts): POST
 * /api/user/links/{id}/outcomes is built on another branch.
 */

let admin: string;
let alice: string;

beforeEach(async () => {
  await resetEmulators();
  ({ admin, alice } = await signInActors());
});

const today = () => utcDay(new Date());
const daysAgo = (days: number) => addDays(today(), -days);

const outcomes = async (timeFilter: string) => {
  const res = await call<ProgramOutcomes[]>("GET", `/api/analytics/outcomes?timeFilter=${timeFilter}`, { idToken: admin });
  expect(res.status).toBe(200);
  return res.body;
};

/** A program of two links (owner0, owner1) with counted visits on the days given, folded as the nightly job leaves them. */
async function programWithVisits(visits: { link: 0 | 1; daysAgo: number }[]) {
  const { programId, links } = await programWithLinks(admin, 2);
  const ids = links.map((l) => l.id);
  for (const v of visits)
    await recordVisit({
      clickId: newClickId(),
      linkId: ids[v.link]!,
      programId,
      clickedAt: v.daysAgo === 0 ? new Date() : new Date(Date.parse(`${daysAgo(v.daysAgo)}T12:00:00Z`)),
      ipAddress: "203.0.113.7",
      userAgent: BROWSER_UA,
      shard: 1,
      activeLinkIds: ids,
    });
  await foldFinishedDays(new Date());
  const name = (await callRoute("listPrograms", { idToken: admin })).body.find((p: { id: string }) => p.id === programId)!.name as string;
  return { programId, name, ids };
}

const outcome = (
  program: { programId: string; name: string; ids: string[] },
  link: 0 | 1,
  kind: SeededOutcome["kind"],
  occurredOn: string,
) =>
  seedOutcome({
    email: `owner${String(link)}@example.com`,
    linkId: program.ids[link]!,
    kind,
    occurredOn,
    ...(kind === "signed-up" ? {} : { amount: 150, currency: "USD" }),
  });

describe("GET /api/analytics/outcomes", () => {
  it("is for admins only: anonymous 401, member 403; a bad range is 400", async () => {
    expect((await call("GET", "/api/analytics/outcomes?timeFilter=all")).status).toBe(401);
    const member = await call("GET", "/api/analytics/outcomes?timeFilter=all", { idToken: alice });
    expect(member.status).toBe(403);
    expect(member.body).toMatchObject({ code: "FORBIDDEN" });
    const bad = await call("GET", "/api/analytics/outcomes?timeFilter=1y", { idToken: admin });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "VALIDATION", message: "timeFilter must be one of all, 12mo, 3mo, 30d, 7d, 24h" });
  });

  it("each range counts the visits and the outcomes dated in it, per program and per link", async () => {
    const bank = await programWithVisits([
      ...Array.from({ length: 3 }, () => ({ link: 0 as const, daysAgo: 0 })),
      { link: 1, daysAgo: 0 },
      ...Array.from({ length: 2 }, () => ({ link: 0 as const, daysAgo: 5 })),
      ...Array.from({ length: 2 }, () => ({ link: 1 as const, daysAgo: 40 })),
      ...Array.from({ length: 4 }, () => ({ link: 0 as const, daysAgo: 200 })),
      { link: 1, daysAgo: 500 },
    ]);
    await outcome(bank, 0, "paid", today());
    await outcome(bank, 1, "paid", addDays(today(), 1)); // a member east of UTC, already tomorrow
    await outcome(bank, 0, "signed-up", daysAgo(5));
    await outcome(bank, 0, "paid", daysAgo(5));
    await outcome(bank, 1, "clawed-back", daysAgo(40));
    await outcome(bank, 1, "paid", daysAgo(200));
    await outcome(bank, 0, "paid", daysAgo(500));

    const figures = async (range: string) => {
      const [program] = await outcomes(range);
      const { programId, programName, visits, signedUp, paid, clawedBack, conversion } = program!;
      return { programId, programName, visits, signedUp, paid, clawedBack, conversion, links: program!.links };
    };
    const link = (n: 0 | 1, visits: number, paid: number, conversion: number | null) => ({
      linkId: bank.ids[n],
      email: `owner${String(n)}@example.com`,
      visits,
      paid,
      conversion,
    });
    expect(await figures("24h")).toEqual({
      programId: bank.programId,
      programName: bank.name,
      visits: 4,
      signedUp: 0,
      paid: 2,
      clawedBack: 0,
      conversion: 0.5,
      links: [link(0, 3, 1, 0.3333), link(1, 1, 1, 1)],
    });
    expect(await figures("7d")).toMatchObject({ visits: 6, signedUp: 1, paid: 3, clawedBack: 0, conversion: 0.5 });
    expect((await figures("7d")).links).toEqual([link(0, 5, 2, 0.4), link(1, 1, 1, 1)]);
    expect(await figures("30d")).toMatchObject({ visits: 6, paid: 3, clawedBack: 0 });
    expect(await figures("3mo")).toMatchObject({ visits: 8, signedUp: 1, paid: 3, clawedBack: 1, conversion: 0.375 });
    expect(await figures("12mo")).toMatchObject({ visits: 12, paid: 4, clawedBack: 1, conversion: 0.3333 });
    expect(await figures("all")).toMatchObject({ visits: 13, signedUp: 1, paid: 5, clawedBack: 1, conversion: 0.3846 });
    expect((await figures("all")).links).toEqual([link(0, 9, 3, 0.3333), link(1, 4, 2, 0.5)]);
  }, 120_000);

  it("conversion is null without a visit; a program with nothing is listed with zeros; a deleted link stays in the totals", async () => {
    const quiet = await programWithVisits([]);
    const busy = await programWithVisits([{ link: 0, daysAgo: 0 }]);
    await outcome(quiet, 0, "paid", today());
    await outcome(busy, 1, "paid", today());
    expect((await callRoute("deleteLink", { params: { id: busy.ids[1]! }, idToken: admin })).status).toBe(204);

    for (const range of TIME_FILTERS) {
      const byId = new Map((await outcomes(range)).map((p) => [p.programId, p]));
      expect(byId.get(quiet.programId)).toMatchObject({ visits: 0, paid: 1, conversion: null });
      expect(byId.get(quiet.programId)!.links).toEqual([
        { linkId: quiet.ids[0], email: "owner0@example.com", visits: 0, paid: 1, conversion: null },
      ]);
      // the deleted link's outcome is still the program's; listed without an owner
      expect(byId.get(busy.programId)).toMatchObject({ visits: 1, paid: 1, conversion: 1 });
      expect(byId.get(busy.programId)!.links).toEqual([
        { linkId: busy.ids[0], email: "owner0@example.com", visits: 1, paid: 0, conversion: 0 },
        { linkId: busy.ids[1], email: "", visits: 0, paid: 1, conversion: null },
      ]);
    }
    const empty = await programWithVisits([]);
    expect((await outcomes("7d")).find((p) => p.programId === empty.programId)).toEqual({
      programId: empty.programId,
      programName: empty.name,
      visits: 0,
      signedUp: 0,
      paid: 0,
      clawedBack: 0,
      conversion: null,
      links: [],
    });
  }, 120_000);
});

describe("paidReferralsThisYear on GET /api/public/programs", () => {
  it("counts the paid outcomes dated in this UTC year, and says nothing of amounts or members", async () => {
    const bank = await programWithVisits([]);
    const other = await programWithVisits([]);
    for (const p of [bank, other])
      expect(
        (await callRoute("toggleProgramShared", { params: { id: p.programId }, idToken: admin, body: { isSharedOnSite: true } })).status,
      ).toBe(200);
    const year = today().slice(0, 4);
    await outcome(bank, 0, "paid", `${year}-01-01`);
    await outcome(bank, 1, "paid", today());
    await outcome(bank, 1, "paid", today());
    await outcome(bank, 0, "signed-up", today());
    await outcome(bank, 0, "clawed-back", today());
    await outcome(bank, 0, "paid", `${String(Number(year) - 1)}-12-31`);

    const res = await call<PublicProgram[]>("GET", "/api/public/programs");
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((p) => [p.id, p]));
    expect(byId.get(bank.programId)!.paidReferralsThisYear).toBe(3);
    expect(byId.get(other.programId)!.paidReferralsThisYear).toBe(0);
    for (const p of res.body)
      expect(Object.keys(p).sort()).toEqual(
        ["id", "name", "description", "activeLinkCount", "redirectUrl", "offerEndsOn", "termsUrl", "paidReferralsThisYear"].sort(),
      );
    expect(res.text).not.toMatch(/owner\d@example\.com|amount|currency/);
  }, 120_000);
});
