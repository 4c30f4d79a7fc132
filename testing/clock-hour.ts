import { beforeEach } from "vitest";

const HOUR_MS = 3_600_000;
/** The longest test timeout this can keep inside one hour; its wait before a test is at most this long. */
const LONGEST_TEST_MS = 180_000;

/**
 * Visits and login mails count per UTC clock hour (docs/architecture.md, *Honest counts*), so a test
 * that expects a repeat within one hour fails if the hour turns under it. Registers a `beforeEach`
 * (after the enclosing ones, so it runs last) that waits for the next hour when less of this one is
 * left than the test's own timeout: a test that ends in time then cannot see the hour turn, wherever
 * the clock stands. The wait is the hook's, with a timeout of its own, never the test's.
 */
export function keepEachTestInOneClockHour(): void {
  beforeEach(async ({ task }) => {
    if (task.timeout > LONGEST_TEST_MS) {
      throw new Error(`"${task.name}" may run ${task.timeout} ms: keepEachTestInOneClockHour holds tests of ${LONGEST_TEST_MS} ms at most`);
    }
    const left = HOUR_MS - (Date.now() % HOUR_MS);
    if (left < task.timeout) await new Promise((done) => setTimeout(done, left + 500));
  }, LONGEST_TEST_MS + 5_000);
}
