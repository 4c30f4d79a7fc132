import { describe, expect, it } from "vitest";
import {
  DEFAULT_LINK_FILTERS,
  filterLinks,
  changeLinkFilter,
  groupLinksByProgram,
  linkStatuses,
  sharedProgramIds,
  sortLinksByRecency,
  type LinkFilters,
} from "./link-list";

interface TestLink {
  id: string;
  programId: string;
  programName: string;
  approved: boolean;
  paused: boolean;
  isDead: boolean;
  health: { status: "healthy" | "failing" | "unknown" };
  submittedAt: string;
  updatedAt: string;
}

const link = (id: string, overrides: Partial<TestLink> = {}): TestLink => ({
  id,
  programId: "p1",
  programName: "Alpha",
  approved: false,
  paused: false,
  isDead: false,
  health: { status: "unknown" },
  submittedAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-01-01T00:00:00.000Z",
  ...overrides,
});

const shared = new Set(["p1"]);
const allOff: LinkFilters = { hideDead: false, hideApproved: false, hideUnpaused: false, onlyOnSite: false, onlyFailing: false };
const ids = (links: { id: string }[]) => links.map((l) => l.id);

describe("link filters", () => {
  it("defaults to hide dead, hide approved, only on site; unpaused links shown", () => {
    expect(DEFAULT_LINK_FILTERS).toEqual({ hideDead: true, hideApproved: true, hideUnpaused: false, onlyOnSite: true, onlyFailing: false });
  });

  it("with the defaults keeps only pending, living links of shared programs", () => {
    const links = [
      link("pending"),
      link("approved", { approved: true }),
      link("dead", { isDead: true }),
      link("elsewhere", { programId: "p2" }),
      link("paused", { paused: true }),
    ];
    expect(ids(filterLinks(links, DEFAULT_LINK_FILTERS, shared))).toEqual(["pending", "paused"]);
  });

  it("hide unpaused keeps only paused links", () => {
    const links = [link("a"), link("b", { paused: true })];
    expect(ids(filterLinks(links, { ...allOff, hideUnpaused: true }, shared))).toEqual(["b"]);
  });

  it("only failing keeps the links the health check took out of the rotation", () => {
    const links = [
      link("ok", { approved: true, health: { status: "healthy" } }),
      link("failing", { approved: true, health: { status: "failing" } }),
    ];
    expect(ids(filterLinks(links, { ...allOff, onlyFailing: true }, shared))).toEqual(["failing"]);
  });

  it("turning 'only failing' on shows approved links; other switches change only themselves", () => {
    expect(changeLinkFilter("onlyFailing", true)).toEqual({ onlyFailing: true, hideApproved: false });
    expect(changeLinkFilter("onlyFailing", false)).toEqual({ onlyFailing: false });
    expect(changeLinkFilter("hideDead", false)).toEqual({ hideDead: false });
  });

  it("with every filter off keeps everything", () => {
    const links = [link("a", { isDead: true, approved: true, programId: "x" }), link("b")];
    expect(ids(filterLinks(links, allOff, new Set()))).toEqual(["a", "b"]);
  });

  it("derives the shared program ids", () => {
    expect([
      ...sharedProgramIds([
        { id: "a", isSharedOnSite: true },
        { id: "b", isSharedOnSite: false },
      ]),
    ]).toEqual(["a"]);
  });
});

describe("link statuses", () => {
  const unknown = { status: "unknown" } as const;
  const link = { approved: true, paused: false, isDead: false, health: unknown, outReason: null };
  it("leads with the server's answer: active, or why not", () => {
    expect(linkStatuses(link)).toEqual(["active"]);
    expect(linkStatuses({ ...link, approved: false, outReason: "pending" })).toEqual(["pending"]);
    expect(linkStatuses({ ...link, outReason: "owner-held-back" })).toEqual(["owner-held-back"]);
    expect(linkStatuses({ ...link, outReason: "offer-ended" })).toEqual(["offer-ended"]);
    expect(linkStatuses({ ...link, outReason: "program-not-approved" })).toEqual(["program-not-approved"]);
  });

  it("adds whatever else holds on the link itself, once", () => {
    expect(linkStatuses({ ...link, paused: true, health: { status: "failing" }, outReason: "paused" })).toEqual(["paused", "failing"]);
    expect(linkStatuses({ ...link, isDead: true, paused: true, outReason: "dead" })).toEqual(["dead", "paused"]);
    const capped = { cap: { reached: true as const, resumesOn: "2027-01-01" }, snoozedUntil: "2026-12-03" };
    expect(linkStatuses({ ...link, ...capped, outReason: "offer-ended" })).toEqual(["offer-ended", "capped", "snoozed"]);
    expect(linkStatuses({ ...link, ...capped, outReason: "capped" })).toEqual(["capped", "snoozed"]);
  });
});

describe("sorting and grouping", () => {
  it("sorts by the later of submittedAt/updatedAt, newest first", () => {
    const links = [
      link("old", { submittedAt: "2024-01-01T00:00:00Z", updatedAt: "2024-01-02T00:00:00Z" }),
      link("edited", { submittedAt: "2023-01-01T00:00:00Z", updatedAt: "2024-06-01T00:00:00Z" }),
      link("new", { submittedAt: "2024-03-01T00:00:00Z", updatedAt: "2024-03-01T00:00:00Z" }),
    ];
    expect(ids(sortLinksByRecency(links))).toEqual(["edited", "new", "old"]);
  });

  it("groups per program, programs by name case-insensitively", () => {
    const links = [
      link("1", { programId: "b", programName: "beta" }),
      link("2", { programId: "a", programName: "Alpha" }),
      link("3", { programId: "c", programName: "Charlie" }),
      link("4", { programId: "b", programName: "beta", submittedAt: "2025-01-01T00:00:00Z" }),
    ];
    const groups = groupLinksByProgram(links);
    expect(groups.map((g) => g.programName)).toEqual(["Alpha", "beta", "Charlie"]);
    expect(ids(groups[1]!.links)).toEqual(["4", "1"]);
  });

  it("uses the program's current name when known", () => {
    const groups = groupLinksByProgram([link("1", { programId: "a", programName: "Old" })], new Map([["a", "New"]]));
    expect(groups[0]!.programName).toBe("New");
  });

  it("groups 2,000 links across 50 programs quickly", () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      link(String(i), {
        programId: `p${String(i % 50)}`,
        programName: `Program ${String(i % 50)}`,
        submittedAt: new Date(i * 1000).toISOString(),
      }),
    );
    const start = performance.now();
    const groups = groupLinksByProgram(filterLinks(many, allOff, new Set()));
    expect(groups).toHaveLength(50);
    expect(groups.reduce((n, g) => n + g.links.length, 0)).toBe(2000);
    expect(performance.now() - start).toBeLessThan(500);
  });
});
