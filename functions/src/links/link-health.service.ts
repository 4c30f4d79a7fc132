import { logger } from "firebase-functions";
import { MEMBER_TESTS_PER_HOUR, type LinkTest } from "@hub/contract/links";
import type { AppDeps, LinkTestValidation } from "../platform/deps";
import { ApiError } from "../platform/api-error";
import { failingLinkMail } from "../platform/mailer";
import { sendMailOnce } from "../platform/mail-once";
import { getProgram } from "../catalog/programs.store";
import { hitRateLimits } from "../platform/rate-limits.store";
import type { Caller } from "../accounts/caller";
import { linkNotFound } from "./link-errors";
import { classifyTest, failureKind } from "./link-health";
import { awaitHostTurn, takeHostTurn } from "../platform/host-turns";
import { getLink, markOwnerTold, recordLinkTest, type LinkRecord, type RecordedTest, type TestingJob } from "./links.store";
import { raiseAlert } from "../alerts/alerts.service";

/**
 * Every test of a link's address goes through here (docs/architecture.md, *Link health*): the admin's single and
 * bulk tests, the member's own, and the health-check job. Each is recorded on the link, and a link
 * that has just turned failing has its owner told, once.
 */

export interface TestedLink {
  validation: LinkTestValidation;
  test: LinkTest;
  /** Null when the link went away or its address changed during the test (nothing recorded). */
  recorded: RecordedTest | null;
}

/** The longest a test asked for by a person (an admin's, a member's) waits for its turn at a busy host before it is refused. */
const MAX_HOST_WAIT_MS = 10_000;

/**
 * Tests the link's address in its turn at the host (platform/host-turns: one pacing for every fetcher
 * of the hub) and records the answer. `job` marks it as that job's test of the link, recorded with
 * `alsoIn`, and waits as long as the host is held; a person's test waits up to MAX_HOST_WAIT_MS, and
 * is refused beyond it (429, RATE_LIMITED with Retry-After; a failed entry of a bulk test).
 */
export async function testAndRecord(deps: AppDeps, link: Pick<LinkRecord, "id" | "link">, job?: TestingJob): Promise<TestedLink> {
  if (job) await awaitHostTurn(link.link);
  else {
    const refused = await takeHostTurn(link.link, MAX_HOST_WAIT_MS);
    if (refused)
      throw new ApiError("RATE_LIMITED", "Many links at this site are being tested right now. Please try again shortly.", {
        retryAfterSeconds: Math.ceil(refused.refusedForMs / 1000),
      });
  }
  const validation = await deps.linkTester.test(link.link);
  const test = classifyTest(validation, deps.now());
  const recorded = await recordLinkTest(link.id, link.link, test, job);
  if (recorded?.becameFailing) await tellOwnerFailing(deps, recorded.link, recorded.failingSince ?? test.at);
  if (recorded?.becameFailing || recorded?.recoveredFrom) await alertHealthChange(deps, recorded, test, failureKind(validation));
  return { validation, test, recorded };
}

/**
 * The alerts channel hears of a link that failed or came back, once per failing spell: which program,
 * and why as a kind (failureKind), never whose link it is, its address or any part of it (the
 * contract's *Delivery*: the tester's own message names the host).
 */
async function alertHealthChange(deps: AppDeps, recorded: RecordedTest, test: LinkTest, reason: string): Promise<void> {
  const { link } = recorded;
  const programName = (await getProgram(link.programId))?.name ?? "A program";
  const url = `${deps.appOrigin}/admin?tab=links&onlyFailing=1&hideApproved=0`;
  const data = { programId: link.programId, programName, linkId: link.id };
  if (recorded.becameFailing) {
    await raiseAlert(deps, "link-failing", `${link.id}:${recorded.failingSince ?? test.at}`, {
      text: `A ${programName} link failed two checks in a row and is out of the rotation: ${reason}.`,
      url,
      data: { ...data, reason },
    });
  } else if (recorded.recoveredFrom) {
    await raiseAlert(deps, "link-recovered", `${link.id}:${recorded.recoveredFrom}:recovered`, {
      text: `A ${programName} link works again and is back in the rotation.`,
      url,
      data,
    });
  }
}

/**
 * E-mails the owner that their link is out of the rotation, why, and how to bring it back: once per
 * failing spell (named by `failingSince`, when it began). The mail is claimed before it is handed to
 * the mail server (docs/architecture.md, *Mail at most once*), so a retried check, or one that died after sending
 * and before marking the owner told, never sends it twice. A mail the server refused is released and
 * leaves the link marked untold, for the next check to try again.
 */
export async function tellOwnerFailing(deps: AppDeps, link: LinkRecord, failingSince: string): Promise<boolean> {
  const claim = `link-failing_${link.id}_${failingSince}`;
  try {
    await sendMailOnce(deps, claim, "link-health", async () => {
      const program = await getProgram(link.programId);
      const reason = link.health.lastTest?.message ?? "the link did not answer";
      return failingLinkMail(
        link.email,
        { programName: program?.name ?? "", link: link.link, reason, dashboardUrl: `${deps.appOrigin}/dashboard` },
        deps.community,
      );
    });
    await markOwnerTold(link.id);
    return true;
  } catch (err) {
    logger.error("failing-link e-mail not sent", { linkId: link.id, error: err instanceof Error ? err.message : String(err) });
    return false;
  }
}

const HOUR_MS = 60 * 60_000;

/**
 * POST /api/user/links/{id}/test: the member tests their own link (someone else's is 404), at most
 * MEMBER_TESTS_PER_HOUR an hour across all of their links (counted by member, so deleting and
 * resubmitting a link gives no new tests); the request waits for its turn at the link's host, paced
 * like the health check. An ok test brings a failing link back at once.
 */
export async function testOwnLink(deps: AppDeps, caller: Caller, id: string): Promise<LinkTest> {
  const link = await getLink(id);
  if (!link || link.email !== caller.user.email) throw linkNotFound();
  const retryAfterSeconds = await hitRateLimits(
    [{ key: `link-test-member-${caller.uid}`, limit: MEMBER_TESTS_PER_HOUR, windowMs: HOUR_MS }],
    deps.now().getTime(),
  );
  if (retryAfterSeconds !== null) {
    throw new ApiError("RATE_LIMITED", `You can test your links ${String(MEMBER_TESTS_PER_HOUR)} times an hour.`, { retryAfterSeconds });
  }
  return (await testAndRecord(deps, link)).test;
}
