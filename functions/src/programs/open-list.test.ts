import { describe, expect, it, vi } from "vitest";
import type { ProgramRecord } from "../catalog/programs.store";
import { OPEN_LIST_TTL_MS, OpenList, openListCacheMs } from "./open-list";

const program = (id: string, name: string, rules: Partial<ProgramRecord> = {}): ProgramRecord => ({
  id,
  name,
  description: null,
  approved: true,
  distributionMode: "even",
  fallbackUrl: null,
  isSharedOnSite: true,
  slug: id,
  proposedBy: null,
  linkCount: 2,
  activeLinkCount: 1,
  countsValidUntil: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  referrerCap: null,
  offerEndsOn: null,
  termsUrl: null,
  watchFor: "text",
  termsWatch: null,
  paidByYear: { "2026": 3 },
  ...rules,
});

const deps = (day: { now: Date }) => ({ appOrigin: "https://hub.example.com", now: () => day.now });

describe("the open list of an instance", () => {
  it("reads the shared programs once per period, however many requests come, and again after it", async () => {
    let clock = 0;
    let stored = [program("b", "Beta"), program("a", "Alpha")];
    const read = vi.fn(async () => stored);
    const list = new OpenList(deps({ now: new Date("2026-11-27T12:00:00Z") }), OPEN_LIST_TTL_MS, () => clock, read);

    const answers = await Promise.all(Array.from({ length: 50 }, () => list.list()));
    expect(read).toHaveBeenCalledTimes(1);
    expect(answers[49]!.map((p) => p.name)).toEqual(["Alpha", "Beta"]);
    expect(answers[0]).toEqual([
      {
        id: "a",
        name: "Alpha",
        description: null,
        activeLinkCount: 1,
        redirectUrl: "https://hub.example.com/r/a",
        offerEndsOn: null,
        termsUrl: null,
        paidReferralsThisYear: 3,
      },
      expect.objectContaining({ id: "b" }),
    ]);

    // a program shared a moment later: not on this instance's list until the period is over
    stored = [...stored, program("c", "Gamma")];
    clock = OPEN_LIST_TTL_MS - 1;
    expect((await list.list()).map((p) => p.id)).toEqual(["a", "b"]);
    expect(read).toHaveBeenCalledTimes(1);
    clock = OPEN_LIST_TTL_MS;
    expect((await list.list()).map((p) => p.id)).toEqual(["a", "b", "c"]);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("drops a program whose offer has ended on the day after its last, whatever it read before", async () => {
    const day = { now: new Date("2026-11-27T23:59:00Z") };
    const read = vi.fn(async () => [program("a", "Alpha", { offerEndsOn: "2026-11-27" }), program("b", "Beta")]);
    const list = new OpenList(deps(day), OPEN_LIST_TTL_MS, () => 0, read);
    expect((await list.list()).map((p) => p.id)).toEqual(["a", "b"]);
    day.now = new Date("2026-11-28T00:00:00Z");
    expect((await list.list()).map((p) => p.id)).toEqual(["b"]);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("serves the programs read before when a refresh fails, and fails only when it never read them", async () => {
    let clock = 0;
    let fail = false;
    const read = vi.fn(async () => {
      if (fail) throw new Error("store down");
      return [program("a", "Alpha")];
    });
    const list = new OpenList(deps({ now: new Date("2026-11-27T12:00:00Z") }), OPEN_LIST_TTL_MS, () => clock, read);
    expect((await list.list()).map((p) => p.id)).toEqual(["a"]);
    fail = true;
    clock = OPEN_LIST_TTL_MS;
    expect((await list.list()).map((p) => p.id)).toEqual(["a"]);
    const fresh = new OpenList(deps({ now: new Date() }), OPEN_LIST_TTL_MS, () => clock, read);
    await expect(fresh.list()).rejects.toThrow("store down");
  });

  it("with a period of 0, reads on every request (the emulator's setting for tests)", async () => {
    const read = vi.fn(async () => [program("a", "Alpha")]);
    const list = new OpenList(deps({ now: new Date() }), 0, () => 0, read);
    await list.list();
    await list.list();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("is 30 s, shortened (down to 0, off) by OPEN_LIST_CACHE_MS only in the emulator, never longer", () => {
    expect(OPEN_LIST_TTL_MS).toBe(30_000);
    expect(openListCacheMs({}, false)).toBe(30_000);
    expect(openListCacheMs({}, true)).toBe(30_000);
    expect(openListCacheMs({ OPEN_LIST_CACHE_MS: "0" }, true)).toBe(0);
    expect(openListCacheMs({ OPEN_LIST_CACHE_MS: "500" }, true)).toBe(500);
    expect(openListCacheMs({ OPEN_LIST_CACHE_MS: "0" }, false)).toBe(30_000);
    expect(openListCacheMs({ OPEN_LIST_CACHE_MS: "600000" }, true)).toBe(30_000);
    expect(openListCacheMs({ OPEN_LIST_CACHE_MS: "-1" }, true)).toBe(30_000);
    expect(openListCacheMs({ OPEN_LIST_CACHE_MS: "" }, true)).toBe(30_000);
    expect(openListCacheMs({ OPEN_LIST_CACHE_MS: "soon" }, true)).toBe(30_000);
  });
});
