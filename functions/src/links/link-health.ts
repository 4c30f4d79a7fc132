import {
  BROKEN_TESTS_TO_FAIL,
  KEPT_LINK_TESTS,
  LINK_HEALTH_STATUSES,
  LINK_TEST_OUTCOMES,
  UNKNOWN_HEALTH,
  type LinkHealth,
  type LinkTest,
} from "@hub/contract/links";
import type { LinkTestValidation } from "../platform/deps";
import { describeLinkTest } from "./link-tester";

/**
 * Link health (docs/architecture.md, *Link health*): what one test says, and what a run of tests does to a link.
 * Only a definite failure counts as broken: many banks turn robots away (403, 429, 5xx, timeouts),
 * and a link taken out of the rotation on such an answer would lose its owner visits for nothing.
 */

/** Node's codes for "this host does not exist" and "nothing listens there": definite, unlike a timeout. */
const DEFINITE_NETWORK_FAILURES = new Set(["ENOTFOUND", "EAI_NONAME", "EAI_NODATA", "ECONNREFUSED", "REFUSED_ADDRESS"]);
const GONE_STATUSES = new Set([404, 410]);

/** The contract's outcome of one tester answer, and the words shown for it. */
export function classifyTest(validation: LinkTestValidation, at: Date): LinkTest {
  const outcome = validation.isValid
    ? "ok"
    : (validation.statusCode !== null && GONE_STATUSES.has(validation.statusCode)) ||
        DEFINITE_NETWORK_FAILURES.has(validation.errorCode ?? "")
      ? "broken"
      : "inconclusive";
  return {
    at: at.toISOString(),
    outcome,
    ...(validation.statusCode !== null ? { status: validation.statusCode } : {}),
    message: wordedAs(outcome, describeLinkTest(validation)),
  };
}

/**
 * Why an answer was not a working page, as a kind a message may carry to people other than the
 * link's owner or the admins (an alert channel): never the tester's own sentence, which names the
 * host (a member's link address, in part).
 */
export function failureKind(validation: Pick<LinkTestValidation, "isValid" | "statusCode" | "errorCode">): string {
  if (validation.isValid) return "it works";
  if (validation.statusCode !== null) return `the page answered HTTP ${String(validation.statusCode)}`;
  switch (validation.errorCode) {
    case "ENOTFOUND":
    case "EAI_NONAME":
    case "EAI_NODATA":
      return "the host does not exist";
    case "EAI_AGAIN":
      return "the host's name could not be looked up";
    case "ECONNREFUSED":
      return "the connection was refused";
    case "ECONNRESET":
      return "the connection was cut";
    case "REFUSED_ADDRESS":
      return "the address is not a public one";
    case "ETIMEDOUT":
    case "TIMEOUT":
      return "no answer in time";
    default:
      return validation.errorCode && /CERT|TLS|SSL/.test(validation.errorCode)
        ? "its certificate is not valid"
        : "the page could not be read";
  }
}

const OUTCOME_WORDS = { ok: "Working", broken: "Broken", inconclusive: "Could not verify" } as const;

/** The tester's sentence, begun with the outcome's own word: a 503 is "Could not verify", never "Broken". */
const wordedAs = (outcome: LinkTest["outcome"], described: string) =>
  described.replace(/^(Working|Broken|Could not verify)\b/, OUTCOME_WORDS[outcome]);

export interface HealthChange {
  health: LinkHealth;
  /** This test took the link out of the rotation (its owner is to be told). */
  becameFailing: boolean;
  /** This test brought a failing link back. */
  recovered: boolean;
}

/**
 * The link's health after one more test. `ok` clears a run of broken tests and brings a failing link
 * back; `broken` extends the run and, at BROKEN_TESTS_TO_FAIL, makes the link failing; `inconclusive`
 * is only recorded: it neither counts towards a run nor breaks one.
 */
export function nextHealth(current: LinkHealth, test: LinkTest): HealthChange {
  const tests = [test, ...current.tests].slice(0, KEPT_LINK_TESTS);
  const was = current.status;
  let status = was;
  let consecutiveBroken = current.consecutiveBroken;
  if (test.outcome === "ok") {
    status = "healthy";
    consecutiveBroken = 0;
  } else if (test.outcome === "broken") {
    consecutiveBroken += 1;
    if (consecutiveBroken >= BROKEN_TESTS_TO_FAIL) status = "failing";
  }
  return {
    health: { status, lastTest: test, consecutiveBroken, tests },
    becameFailing: was !== "failing" && status === "failing",
    recovered: was === "failing" && status !== "failing",
  };
}

const isTest = (t: unknown): t is LinkTest => {
  const v = t as Partial<LinkTest> | null;
  return typeof v?.at === "string" && typeof v.message === "string" && (LINK_TEST_OUTCOMES as readonly string[]).includes(v.outcome ?? "");
};

/** A stored `health` map as the contract shapes it; a link never tested (or stored before health existed) is unknown. */
export function healthFromStored(raw: unknown): LinkHealth {
  const d = raw as Partial<Record<keyof LinkHealth, unknown>> | null | undefined;
  if (!d || typeof d !== "object") return UNKNOWN_HEALTH;
  const tests = Array.isArray(d.tests) ? d.tests.filter(isTest).slice(0, KEPT_LINK_TESTS) : [];
  return {
    status: (LINK_HEALTH_STATUSES as readonly string[]).includes(d.status as string) ? (d.status as LinkHealth["status"]) : "unknown",
    lastTest: isTest(d.lastTest) ? d.lastTest : (tests[0] ?? null),
    consecutiveBroken: typeof d.consecutiveBroken === "number" ? d.consecutiveBroken : 0,
    tests,
  };
}
