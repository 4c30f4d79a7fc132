import { describe, expect, it } from "vitest";
import { jobProgressText, jobProgressValue } from "./job-progress";

describe("jobProgressText", () => {
  it("says where each phase stands", () => {
    expect(jobProgressText(null)).toBe("Starting…");
    expect(jobProgressText({ phase: "listing", done: 1, total: null })).toBe("Reading subscriptions: 1 page");
    expect(jobProgressText({ phase: "listing", done: 3, total: null })).toBe("Reading subscriptions: 3 pages");
    expect(jobProgressText({ phase: "applying", done: 4, total: 10 })).toBe("Users: 4 of 10");
    expect(jobProgressText({ kind: "program-slugs", phase: "applying", done: 4, total: 10 })).toBe("Programs: 4 of 10");
    expect(jobProgressText({ phase: "testing", done: 12, total: 40 })).toBe("Links tested: 12 of 40");
    expect(jobProgressText({ phase: "testing", done: 0, total: null })).toBe("Links tested: 0 of ?");
    expect(jobProgressText({ phase: "testing", done: 3, total: 9, kind: "terms-watch" })).toBe("Programs checked: 3 of 9");
  });
});

describe("jobProgressValue", () => {
  it("is a percentage once the total is known, else undefined", () => {
    expect(jobProgressValue(null)).toBeUndefined();
    expect(jobProgressValue({ phase: "listing", done: 2, total: 10 })).toBeUndefined();
    expect(jobProgressValue({ phase: "testing", done: 0, total: 0 })).toBeUndefined();
    expect(jobProgressValue({ phase: "testing", done: 10, total: 40 })).toBe(25);
    expect(jobProgressValue({ phase: "applying", done: 12, total: 10 })).toBe(100);
  });
});
