import { describe, expect, it } from "vitest";
import { lastPeriods, monthsBetween, periodKey } from "./periods";

describe("period keys", () => {
  it("reads an hour's ISO start and a bare day alike", () => {
    expect(periodKey("2026-11-24T13:00:00.000Z", "hour")).toBe("2026-11-24T13:00:00.000Z");
    expect(periodKey("2026-11-24T13:00:00Z", "hour")).toBe("2026-11-24T13:00:00.000Z");
    expect(periodKey("2026-11-24T13:42:10.500Z", "hour")).toBe("2026-11-24T13:00:00.000Z");
    expect(periodKey("2026-11-24T13:00:00.000Z", "day")).toBe("2026-11-24");
    expect(periodKey("2026-11-24", "day")).toBe("2026-11-24");
    expect(periodKey("2026-11-24", "month")).toBe("2026-11-01");
    expect(periodKey("2026-11-24T23:00:00.000Z", "month")).toBe("2026-11-01");
  });

  it("takes an hour's UTC day, not the browser's", () => {
    expect(periodKey("2026-11-24T23:00:00.000Z", "day")).toBe("2026-11-24");
    expect(periodKey("2026-11-25T00:00:00.000+01:00", "day")).toBe("2026-11-24");
  });

  it("gives a bare day no hour, and nothing for what it cannot read", () => {
    expect(periodKey("2026-11-24", "hour")).toBeNull();
    expect(periodKey("someday", "day")).toBeNull();
    expect(periodKey("", "hour")).toBeNull();
  });
});

describe("the last periods", () => {
  it("24 hours end with the current, partial, hour", () => {
    const hours = lastPeriods("hour", 24, new Date("2026-11-24T13:59:59.999Z"));
    expect(hours).toHaveLength(24);
    expect(hours[0]).toBe("2026-11-23T14:00:00.000Z");
    expect(hours.at(-1)).toBe("2026-11-24T13:00:00.000Z");
    expect(new Set(hours).size).toBe(24);
  });

  it("days end with today's UTC day and cross a year end", () => {
    expect(lastPeriods("day", 3, new Date("2027-01-01T00:00:01Z"))).toEqual(["2026-12-30", "2026-12-31", "2027-01-01"]);
  });

  it("months end with the current month and cross a year end", () => {
    expect(lastPeriods("month", 3, new Date("2027-01-31T23:00:00Z"))).toEqual(["2026-11-01", "2026-12-01", "2027-01-01"]);
  });

  it("lists the months between two months, inclusive", () => {
    expect(monthsBetween("2026-11-01", "2027-02-01")).toEqual(["2026-11-01", "2026-12-01", "2027-01-01", "2027-02-01"]);
    expect(monthsBetween("2026-11-01", "2026-11-01")).toEqual(["2026-11-01"]);
    expect(monthsBetween("2026-12-01", "2026-11-01")).toEqual([]);
  });
});
