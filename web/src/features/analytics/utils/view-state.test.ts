import { describe, expect, it } from "vitest";
import { DEFAULT_VIEW_STATE, parseViewState, serializeViewState, type AnalyticsViewState } from "./view-state";

const parse = (query: string) => parseViewState(new URLSearchParams(query));
const serialize = (state: AnalyticsViewState) => serializeViewState(state).toString();

describe("analytics state in the address", () => {
  it("a bare /analytics is the default view: All Time, Overview, nothing chosen, default sorts", () => {
    expect(parse("")).toEqual({
      range: "all",
      tab: "overview",
      programId: null,
      overviewSort: { column: "clicks", direction: "desc" },
      usersSort: { column: "allTimeClicks", direction: "desc" },
      fairnessSort: { column: "standsOut", direction: "desc" },
      outcomesSort: { column: "paid", direction: "desc" },
    });
    expect(serialize(DEFAULT_VIEW_STATE)).toBe("");
  });

  it("round-trips every part of the state", () => {
    const state: AnalyticsViewState = {
      range: "7d",
      tab: "programs",
      programId: "prog 1/2",
      overviewSort: { column: "name", direction: "asc" },
      usersSort: { column: "email", direction: "asc" },
      fairnessSort: { column: "jainIndex", direction: "asc" },
      outcomesSort: { column: "conversion", direction: "asc" },
    };
    const query = serialize(state);
    expect(query).toBe(
      "range=7d&tab=programs&program=prog+1%2F2&overviewSort=name&overviewOrder=asc&usersSort=email&usersOrder=asc&fairnessSort=jainIndex&fairnessOrder=asc&outcomesSort=conversion&outcomesOrder=asc",
    );
    expect(parse(query)).toEqual(state);
  });

  it("leaves defaults out, each part on its own", () => {
    expect(serialize({ ...DEFAULT_VIEW_STATE, tab: "users" })).toBe("tab=users");
    expect(serialize({ ...DEFAULT_VIEW_STATE, overviewSort: { column: "clicks", direction: "asc" } })).toBe("overviewOrder=asc");
    expect(serialize({ ...DEFAULT_VIEW_STATE, usersSort: { column: "clicks", direction: "desc" } })).toBe("usersSort=clicks");
    expect(serialize({ ...DEFAULT_VIEW_STATE, range: "24h" })).toBe("range=24h");
    expect(serialize({ ...DEFAULT_VIEW_STATE, tab: "traffic" })).toBe("tab=traffic");
    expect(parse("tab=traffic&range=7d")).toMatchObject({ tab: "traffic", range: "7d" });
    expect(serialize({ ...DEFAULT_VIEW_STATE, tab: "fairness", fairnessSort: { column: "visits", direction: "desc" } })).toBe(
      "tab=fairness&fairnessSort=visits",
    );
  });

  it("falls back to the default for anything it does not know", () => {
    expect(
      parse(
        "range=1y&tab=settings&program=%20%20&overviewSort=visits&overviewOrder=up&usersSort=name&usersOrder=DESC&fairnessSort=jain&fairnessOrder=0",
      ),
    ).toEqual(DEFAULT_VIEW_STATE);
  });

  it("keeps a valid part next to an invalid one", () => {
    expect(parse("overviewSort=bogus&overviewOrder=asc").overviewSort).toEqual({ column: "clicks", direction: "asc" });
    expect(parse("usersSort=activeLinks&usersOrder=sideways").usersSort).toEqual({ column: "activeLinks", direction: "desc" });
    expect(parse("range=24h&tab=nope")).toMatchObject({ range: "24h", tab: "overview" });
  });
});
