import { describe, expect, it } from "vitest";
import { API } from "@hub/contract/routes";
import { checkAnswerShape, unlistedFields } from "./answer-shape";

// A link as GET /api/links answers it (the route's schema, field for field).
const link = {
  id: "l1",
  programId: "p1",
  programName: "Chase <Sapphire>",
  name: "Ann",
  email: "ann@example.com",
  ownerDisplayName: null,
  link: "https://bank.example/r/ann",
  description: "",
  approved: true,
  paused: false,
  isDead: false,
  deadNote: null,
  visitCount: 3,
  testedOffer: null,
  testedAt: null,
  lastNotifiedAt: null,
  ownerNotEmailed: false,
  health: { status: "unknown", lastTest: null, consecutiveBroken: 0, tests: [] },
  cap: null,
  snoozedUntil: null,
  isActive: true,
  outReason: null,
  createdAt: "2026-12-01T00:00:00.000Z",
  submittedAt: "2026-12-01T00:00:00.000Z",
  updatedAt: "2026-12-01T00:00:00.000Z",
};

describe("checkAnswerShape", () => {
  it("passes an answer its route's schema lists field for field", () => {
    expect(() => checkAnswerShape("listLinks", API.listLinks, [link, { ...link, id: "l2" }])).not.toThrow();
  });

  it("fails an answer with a stored field the schema does not list, naming where it is", () => {
    const answer = [link, { ...link, id: "l2", pastProgramIds: ["p0"] }];
    expect(() => checkAnswerShape("listLinks", API.listLinks, answer)).toThrow(
      "listLinks: the answer has fields its schema does not list: [1].pastProgramIds",
    );
  });

  it("fails an answer missing a field or of the wrong type", () => {
    const { visitCount: _, ...withoutCount } = link;
    expect(() => checkAnswerShape("listLinks", API.listLinks, [withoutCount])).toThrow(/does not match its schema: 0\.visitCount/);
    expect(() => checkAnswerShape("listLinks", API.listLinks, [{ ...link, paused: "no" }])).toThrow(/0\.paused/);
  });

  it("passes what has no JSON answer: a file, a 204", () => {
    expect(() => checkAnswerShape("exportCsv", API.exportCsv, "a,b\n")).not.toThrow();
  });
});

describe("unlistedFields", () => {
  it("walks deep answers without recursion and lists each unlisted path once", () => {
    let raw: Record<string, unknown> = { extra: 1 };
    let parsed: Record<string, unknown> = {};
    for (let i = 0; i < 20_000; i++) {
      raw = { next: raw };
      parsed = { next: parsed };
    }
    expect(unlistedFields(raw, parsed)).toEqual([`${"next.".repeat(20_000)}extra`]);
    expect(unlistedFields({ a: [{ b: 1, c: 2 }] }, { a: [{ b: 1 }] })).toEqual(["a[0].c"]);
  });
});
