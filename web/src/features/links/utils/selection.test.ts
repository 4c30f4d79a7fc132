import { describe, expect, it } from "vitest";
import { groupSelection, setSelected, visibleSelection } from "./selection";

describe("selection", () => {
  it("adds and removes ids, keeping the same set when nothing changes", () => {
    const start = new Set(["a"]);
    expect(setSelected(start, ["a"], true)).toBe(start);
    expect([...setSelected(start, ["b", "c"], true)]).toEqual(["a", "b", "c"]);
    expect([...setSelected(start, ["a"], false)]).toEqual([]);
  });

  it("describes a group's selection", () => {
    const selection = new Set(["a", "b"]);
    expect(groupSelection(selection, ["a", "b"])).toBe("all");
    expect(groupSelection(selection, ["a", "c"])).toBe("some");
    expect(groupSelection(selection, ["c"])).toBe("none");
  });

  it("keeps only visible selected ids", () => {
    expect(visibleSelection(new Set(["a", "z"]), ["a", "b"])).toEqual(["a"]);
  });
});
