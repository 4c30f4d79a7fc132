import { describe, expect, it } from "vitest";
import { linkRecency, sortOwnLinks as sortMemberLinks } from "./sort-own-links";

interface TestLink {
  id: string;
  isDead: boolean;
  approved: boolean;
  submittedAt: string;
  updatedAt: string;
}

const link = (id: string, state: "dead" | "pending" | "active", submittedAt: string, updatedAt = submittedAt): TestLink => ({
  id,
  isDead: state === "dead",
  // A dead link may be approved or not: dead wins either way.
  approved: state !== "pending",
  submittedAt,
  updatedAt,
});

const ids = (links: TestLink[]) => links.map((l) => l.id);

describe("sortMemberLinks", () => {
  it("puts dead links first, then pending, then the rest newest first", () => {
    const links = [
      link("active-old", "active", "2024-01-01T00:00:00Z"),
      link("pending-old", "pending", "2024-01-02T00:00:00Z"),
      link("active-new", "active", "2024-03-01T00:00:00Z"),
      link("dead", "dead", "2023-01-01T00:00:00Z"),
      link("pending-new", "pending", "2024-02-01T00:00:00Z"),
    ];
    expect(ids(sortMemberLinks(links))).toEqual(["dead", "pending-new", "pending-old", "active-new", "active-old"]);
  });

  it("uses the later of submittedAt and updatedAt", () => {
    const links = [
      link("submitted-late", "active", "2024-02-01T00:00:00Z"),
      link("edited-later", "active", "2024-01-01T00:00:00Z", "2024-05-01T00:00:00Z"),
    ];
    expect(ids(sortMemberLinks(links))).toEqual(["edited-later", "submitted-late"]);
  });

  it("ranks a dead pending link as dead", () => {
    const deadPending = { ...link("dead-pending", "pending", "2020-01-01T00:00:00Z"), isDead: true };
    const pending = link("pending", "pending", "2024-01-01T00:00:00Z");
    expect(ids(sortMemberLinks([pending, deadPending]))).toEqual(["dead-pending", "pending"]);
  });

  it("returns a new array and leaves the input alone", () => {
    const links = [link("a", "active", "2024-01-01T00:00:00Z"), link("b", "dead", "2024-01-01T00:00:00Z")];
    const sorted = sortMemberLinks(links);
    expect(sorted).not.toBe(links);
    expect(ids(links)).toEqual(["a", "b"]);
  });
});

describe("linkRecency", () => {
  it("ignores an unreadable date", () => {
    expect(linkRecency({ submittedAt: "not a date", updatedAt: "2024-01-01T00:00:00Z" })).toBe(Date.parse("2024-01-01T00:00:00Z"));
    expect(linkRecency({ submittedAt: "", updatedAt: "" })).toBe(Number.NEGATIVE_INFINITY);
  });
});
