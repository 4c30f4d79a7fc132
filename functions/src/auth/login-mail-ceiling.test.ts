import { describe, expect, it } from "vitest";
import {
  fitsUnderCeiling,
  LOGIN_MAIL_SHARDS,
  loginMailHour,
  loginMailShardId,
  loginMailShardIds,
  sentThisHour,
} from "./login-mail-ceiling";

describe("the login-mail ceiling's hour", () => {
  it("is the UTC clock hour: 14:59:59.999 and 15:00 count apart", () => {
    expect(loginMailHour(new Date("2026-11-25T14:59:59.999Z")).toISOString()).toBe("2026-11-25T14:00:00.000Z");
    expect(loginMailShardId(new Date("2026-11-25T14:59:59.999Z"), 3)).toBe("2026-11-25T14_3");
    expect(loginMailShardId(new Date("2026-11-25T15:00:00.000Z"), 3)).toBe("2026-11-25T15_3");
  });

  it("has one id per shard, all different", () => {
    const ids = loginMailShardIds(new Date("2026-11-25T14:10:00Z"));
    expect(ids).toHaveLength(LOGIN_MAIL_SHARDS);
    expect(new Set(ids).size).toBe(LOGIN_MAIL_SHARDS);
  });
});

describe("the ceiling", () => {
  it("lets the mail under it through and stops the one that would pass it", () => {
    expect(fitsUnderCeiling(999, 1000)).toBe(true);
    expect(fitsUnderCeiling(1000, 1000)).toBe(false);
    expect(fitsUnderCeiling(0, 0)).toBe(false);
  });

  it("sums the shards, reading a missing or odd count as nothing", () => {
    expect(sentThisHour([3, undefined, 4, "x", -2, Number.NaN, null])).toBe(7);
    expect(sentThisHour([])).toBe(0);
  });
});
