import { isOfferEnded } from "@hub/contract/programs";
import type { DigestSummary } from "@hub/contract/jobs";
import { addDays, utcDay } from "@hub/contract/dates";
import { logger } from "firebase-functions";
import type { AppDeps } from "../platform/deps";
import { forEachLimited } from "../platform/concurrency";
import { keyedHash } from "../platform/keyed-hash";
import { claimMail, mailClaimedBy } from "../platform/mail-claims.store";
import { weeklyDigestMail, type DigestMailContent } from "../platform/mailer";
import { approvedMembersAfter, countApprovedMembers, holdsBackLinks, type UserRecord } from "../accounts/users.store";
import { listPrograms, type ProgramRecord } from "../catalog/programs.store";
import { linkAvailability } from "../links/link-availability";
import { linksOfOwners, type LinkRecord } from "../links/links.store";
import { linkFiguresAcross } from "../analytics/analytics.service";
import { finishJob, saveProgress, type JobOrigin, type JobRecord } from "../jobs/jobs.store";
import { startJob, startScheduledJob, type JobSlice } from "../jobs/job-runner";
import { lastIsoWeek, type DigestWeek } from "./digest-week";
import { outcomesRecordedBetween } from "../outcomes/recorded-outcomes.store";
import { unsubscribeToken } from "./unsubscribe-token";

/**
 * The weekly digest (docs/architecture.md, *The weekly digest*, *Mail at most once*, *Jobs*): every approved member,
 * in id order, CHUNK per step, MEMBERS_AT_ONCE at a time; the cursor and counts stored after each
 * chunk. A member who turned it off, is blocked or lapsed, or has no link is skipped. Each mail is claimed
 * (mail_claims, keyed by the week and a keyed hash of the address) before it is handed to the mail
 * server, so a second run in the week, or a slice the queue retries, never sends it again; a claim this
 * job made before a retry counts as sent.
 */

const CHUNK = 50;
const MEMBERS_AT_ONCE = 16;
/** Offers ending within this many days are announced. */
const ENDING_WITHIN_DAYS = 14;

type Outcome = "sent" | "skipped" | "failed";

export async function startWeeklyDigestJob(origin: JobOrigin, now: Date): Promise<{ jobId: string }> {
  return startJob("weekly-digest", origin, now, { phase: "applying", total: await countApprovedMembers() });
}

/** Monday 08:00 UTC: the same job as the admin's; one already running is left to finish. */
export const startScheduledWeeklyDigest = (now: Date) =>
  startScheduledJob("weekly-digest", () => startWeeklyDigestJob({ trigger: "schedule", actorUid: null }, now));

const emptyCounts = (): DigestSummary => ({ sent: 0, skipped: 0, failed: 0 });

/** What every member's digest of one slice shares: the programs, and last week's figures of every link, read once. */
interface SliceFacts {
  programs: Map<string, ProgramRecord>;
  figures: Map<string, { visits: number; fairShare: number }>;
}

export const weeklyDigestSlice: JobSlice = async (deps, job, deadline) => {
  const week = lastIsoWeek(job.startedAt);
  const programs = await listPrograms();
  const facts: SliceFacts = {
    programs: new Map(programs.map((p) => [p.id, p])),
    figures: await linkFiguresAcross(
      programs.map((p) => p.id),
      "7d",
      week.lastMoment,
    ),
  };
  let after = job.applyAfter;
  const counts = { ...emptyCounts(), ...job.counts };
  let done = job.done;
  for (;;) {
    const members = await approvedMembersAfter(after, CHUNK);
    if (members.length === 0) break;
    const links = await linksOfOwners(members.map((m) => m.email));
    await forEachLimited(members, MEMBERS_AT_ONCE, async (member) => {
      counts[await digestFor(deps, job, week, facts, member, links.get(member.email) ?? [])] += 1;
    });
    after = members[members.length - 1]!.id;
    done += members.length;
    await saveProgress(job.id, { applyAfter: after, done, total: Math.max(job.total ?? 0, done), counts });
    if (members.length < CHUNK) break;
    if (Date.now() > deadline) return false;
  }
  await finishJob(job.id, "weekly-digest", { state: "done", summary: { ...emptyCounts(), ...counts } }, deps.now());
  return true;
};

/** One member's digest: built, claimed, then handed to the mail server. */
async function digestFor(
  deps: AppDeps,
  job: JobRecord,
  week: DigestWeek,
  facts: SliceFacts,
  member: UserRecord,
  links: LinkRecord[],
): Promise<Outcome> {
  // blocked or lapsed (holdsBackLinks): their links are out of the rotation and the digest is for members
  if (holdsBackLinks(member) || !member.weeklyDigest || links.length === 0) return "skipped";
  const key = `digest_${week.isoWeek}_${keyedHash(deps.keyedHashSecret, "digest-mail", member.email)}`;
  // had theirs this week (another run): nothing to build (the claim below decides; this only saves the work)
  const claimedBy = await mailClaimedBy(key);
  if (claimedBy !== null) return claimedBy === job.id ? "sent" : "skipped";
  const content = await digestContent(deps, week, facts, member, links);
  if (!(await claimMail(key, "weekly-digest", deps.now(), job.id))) {
    return (await mailClaimedBy(key)) === job.id ? "sent" : "skipped";
  }
  try {
    await deps.mailer.send(await weeklyDigestMail(member.email, content, deps.community));
    return "sent";
  } catch (err) {
    // claimed already: lost, never sent twice (docs/architecture.md, *Mail at most once*)
    logger.warn("weekly digest not sent", { jobId: job.id, uid: member.id, error: err instanceof Error ? err.message : String(err) });
    return "failed";
  }
}

/** What the member's digest says, from their links and the slice's programs and figures. */
async function digestContent(
  deps: AppDeps,
  week: DigestWeek,
  facts: SliceFacts,
  member: UserRecord,
  links: LinkRecord[],
): Promise<DigestMailContent> {
  const today = utcDay(deps.now());
  const outcomes = await outcomesRecordedBetween(member.email, week.from, week.until);
  const programById = facts.programs;
  const programs = [...new Set(links.map((l) => l.programId))].flatMap((id) => programById.get(id) ?? []);
  const statsById = facts.figures;
  const ordered = [...links].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const lastAnnounced = addDays(today, ENDING_WITHIN_DAYS);
  const token = encodeURIComponent(unsubscribeToken(deps.keyedHashSecret, member.id));
  return {
    weekStart: week.start,
    weekEnd: week.end,
    links: ordered.map((link) => {
      const program = programById.get(link.programId);
      const figures = statsById.get(link.id);
      const offerEndsOn = program?.offerEndsOn ?? null;
      // only members whose links count get a digest (digestFor): the owner holds nothing back
      const { cap, snoozedUntil } = linkAvailability({ link, program: program ?? null, ownerHeldBack: false }, today);
      return {
        programName: program?.name ?? "",
        visits: figures?.visits ?? 0,
        fairShare: figures?.fairShare ?? 0,
        cap,
        capPeriod: program?.referrerCap?.period ?? null,
        snoozedUntil,
        failing: link.failing,
        offerEndedOn: isOfferEnded(offerEndsOn, today) ? offerEndsOn : null,
      };
    }),
    outcomes,
    endingOffers: programs
      .filter((p) => p.offerEndsOn !== null && p.offerEndsOn >= today && p.offerEndsOn <= lastAnnounced)
      .map((p) => ({ programName: p.name, offerEndsOn: p.offerEndsOn! }))
      .sort((a, b) => a.offerEndsOn.localeCompare(b.offerEndsOn) || a.programName.localeCompare(b.programName)),
    dashboardUrl: `${deps.appOrigin}/dashboard`,
    unsubscribePageUrl: `${deps.appOrigin}/unsubscribe?token=${token}`,
    oneClickUnsubscribeUrl: `${deps.appOrigin}/api/public/unsubscribe?token=${token}`,
  };
}
