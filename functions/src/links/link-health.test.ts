import { describe, expect, it } from "vitest";
import { UNKNOWN_HEALTH, type LinkTest } from "@hub/contract/links";
import type { LinkTestValidation } from "../platform/deps";
import { forEachPacedByKey } from "../platform/concurrency";
import { classifyTest, healthFromStored, nextHealth } from "./link-health";

const AT = new Date("2026-11-24T06:00:00Z");
const answer = (v: Partial<LinkTestValidation>): LinkTestValidation => ({
  isValid: false,
  responseTime: 80,
  errorMessage: null,
  statusCode: null,
  finalUrl: "https://bank.example/",
  ...v,
});
const outcomeOf = (v: Partial<LinkTestValidation>) => classifyTest(answer(v), AT).outcome;

describe("classifyTest: only a definite failure is broken", () => {
  it("a 2xx answer is ok", () => {
    expect(classifyTest(answer({ isValid: true, statusCode: 200 }), AT)).toEqual({
      at: AT.toISOString(),
      outcome: "ok",
      status: 200,
      message: "Working (HTTP 200 in 80 ms)",
    });
  });

  it("404, 410, no such host, a refused connection and a non-public address are broken", () => {
    expect(outcomeOf({ statusCode: 404, errorMessage: "HTTP 404 Not Found" })).toBe("broken");
    expect(outcomeOf({ statusCode: 410, errorMessage: "HTTP 410 Gone" })).toBe("broken");
    expect(outcomeOf({ errorCode: "ENOTFOUND", errorMessage: "DNS lookup failed: bank.example not found" })).toBe("broken");
    expect(outcomeOf({ errorCode: "ECONNREFUSED", errorMessage: "Connection refused by bank.example" })).toBe("broken");
    expect(outcomeOf({ errorCode: "REFUSED_ADDRESS", errorMessage: "Refused: address 10.0.0.1 is not public" })).toBe("broken");
  });

  it("bot walls, server errors, timeouts, TLS, temporary DNS failures and redirect loops are inconclusive", () => {
    for (const statusCode of [401, 403, 405, 429, 500, 502, 503]) expect(outcomeOf({ statusCode })).toBe("inconclusive");
    expect(classifyTest(answer({ statusCode: 503, errorMessage: "HTTP 503 Service Unavailable" }), AT).message).toBe(
      "Could not verify: HTTP 503 Service Unavailable",
    );
    expect(outcomeOf({ errorMessage: "Timed out after 10 seconds" })).toBe("inconclusive");
    expect(outcomeOf({ errorCode: "EAI_AGAIN" })).toBe("inconclusive");
    expect(outcomeOf({ errorCode: "CERT_HAS_EXPIRED" })).toBe("inconclusive");
    expect(outcomeOf({ errorCode: "ECONNRESET" })).toBe("inconclusive");
    expect(outcomeOf({ errorMessage: "Too many redirects" })).toBe("inconclusive");
  });
});

const test = (outcome: LinkTest["outcome"], minute = 0): LinkTest => ({
  at: new Date(AT.getTime() + minute * 60_000).toISOString(),
  outcome,
  message: outcome,
});
const run = (...outcomes: LinkTest["outcome"][]) => outcomes.reduce((h, o, i) => nextHealth(h, test(o, i)).health, UNKNOWN_HEALTH);

describe("nextHealth: two broken tests in a row make a link failing, the next ok brings it back", () => {
  it("one broken test changes nothing but the count; the second makes it failing, once", () => {
    const first = nextHealth(run("ok"), test("broken", 1));
    expect(first).toMatchObject({ health: { status: "healthy", consecutiveBroken: 1 }, becameFailing: false });
    const second = nextHealth(first.health, test("broken", 2));
    expect(second).toMatchObject({ health: { status: "failing", consecutiveBroken: 2 }, becameFailing: true });
    expect(nextHealth(second.health, test("broken", 3))).toMatchObject({
      health: { status: "failing", consecutiveBroken: 3 },
      becameFailing: false,
    });
  });

  it("an inconclusive test neither counts towards a run nor breaks one", () => {
    expect(run("broken", "inconclusive", "inconclusive")).toMatchObject({ status: "unknown", consecutiveBroken: 1 });
    expect(run("broken", "inconclusive", "broken")).toMatchObject({ status: "failing", consecutiveBroken: 2 });
    expect(run(...Array<LinkTest["outcome"]>(20).fill("inconclusive"))).toMatchObject({ status: "unknown", consecutiveBroken: 0 });
  });

  it("an ok test clears the run and brings a failing link back", () => {
    const back = nextHealth(run("broken", "broken"), test("ok", 5));
    expect(back).toMatchObject({ health: { status: "healthy", consecutiveBroken: 0 }, recovered: true, becameFailing: false });
    expect(run("broken", "ok", "broken")).toMatchObject({ status: "healthy", consecutiveBroken: 1 });
  });

  it("keeps the last 10 tests, newest first", () => {
    const health = run(...Array<LinkTest["outcome"]>(12).fill("ok"));
    expect(health.tests).toHaveLength(10);
    expect(health.tests[0]).toEqual(health.lastTest);
    expect(health.tests[0]!.at > health.tests[9]!.at).toBe(true);
  });
});

describe("healthFromStored", () => {
  it("a link stored before health existed is unknown; bookkeeping fields are not shown", () => {
    expect(healthFromStored(undefined)).toEqual(UNKNOWN_HEALTH);
    const stored = { ...run("broken", "broken"), checkedBy: "job-1", ownerTold: true };
    expect(healthFromStored(stored)).toEqual(run("broken", "broken"));
  });
});

describe("forEachPacedByKey", () => {
  it("runs one item of a key at a time, several keys at once", async () => {
    const running = new Map<string, number>();
    let mostAtOnce = 0;
    let mostPerKey = 0;
    const items = ["a1", "a2", "a3", "b1", "b2", "c1"];
    await forEachPacedByKey(
      items,
      (i) => i[0]!,
      2,
      5,
      async (item) => {
        const key = item[0]!;
        running.set(key, (running.get(key) ?? 0) + 1);
        mostPerKey = Math.max(mostPerKey, running.get(key)!);
        mostAtOnce = Math.max(
          mostAtOnce,
          [...running.values()].reduce((a, b) => a + b, 0),
        );
        await new Promise((r) => setTimeout(r, 10));
        running.set(key, running.get(key)! - 1);
      },
    );
    expect(mostPerKey).toBe(1);
    expect(mostAtOnce).toBe(2);
  });
});
