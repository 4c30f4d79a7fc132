import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepEachTestInOneClockHour } from "./clock-hour";

const HOUR_END = Date.UTC(2026, 10, 27, 16, 0, 0);
let hooksStartedAt = 0;

/** Puts the clock `left` ms before an hour's end (Date only: the hook's wait is a real one). */
function clockAt(left: number) {
  beforeEach(() => {
    vi.useFakeTimers({ now: HOUR_END - left, toFake: ["Date"] });
    hooksStartedAt = performance.now();
  });
  afterEach(() => vi.useRealTimers());
}

describe("with less of the hour left than the test's timeout", () => {
  clockAt(600);
  keepEachTestInOneClockHour();

  it("waits for the hour's end before the test starts", () => {
    expect(performance.now() - hooksStartedAt).toBeGreaterThanOrEqual(600);
  }, 1_000);
});

describe("with more of the hour left than the test's timeout", () => {
  clockAt(5_000);
  keepEachTestInOneClockHour();

  it("starts the test at once", () => {
    expect(performance.now() - hooksStartedAt).toBeLessThan(500);
  }, 1_000);
});
