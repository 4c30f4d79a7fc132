import { isOfferEnded } from "@hub/contract/programs";
import { logger } from "firebase-functions";
import { addDays, utcDay } from "@hub/contract/dates";
import type { DailySummary } from "@hub/contract/jobs";
import type { AppDeps } from "../platform/deps";
import { keyedHash } from "../platform/keyed-hash";
import { sendMailOnce } from "../platform/mail-once";
import { raiseAlert } from "../alerts/alerts.service";
import { offerEndingMail } from "../platform/mailer";
import { countPrograms, listProgramsAfter, type ProgramRecord } from "../catalog/programs.store";
import { finishJob, saveProgress, type JobOrigin } from "../jobs/jobs.store";
import { startJob, startScheduledJob, type JobSlice } from "../jobs/job-runner";
import { recountForDay } from "../links/program-links.store";

/*
 * The day's turn (docs/architecture.md, *The day's turn*): what changes with the date alone, applied once a day
 * at 00:05 UTC (or when an admin starts it). Every program in id order, CHUNK per step: its counts
 * counted afresh as of today (caps resuming, snoozes and offers ending), the snoozes that are over
 * cleared, and in an offer's last week one e-mail to each owner of its active links. Each warning is
 * claimed before it is sent (platform/mail-claims.store), so a second run or a retried slice never
 * sends one twice. Reads derive all of this from the dates already: a late job shows nothing wrong.
 */

const CHUNK = 20;
/** The warning goes this many days before the offer's last day (and on every later day until it ends, once). */
export const OFFER_WARNING_DAYS = 7;

export async function startDailyJob(origin: JobOrigin, now: Date): Promise<{ jobId: string }> {
  return startJob("daily", origin, now, { phase: "applying", total: await countPrograms() });
}

/** At 00:05 UTC: the same job; one already running (an admin's) is left to finish. */
export const startScheduledDailyJob = (now: Date) =>
  startScheduledJob("daily", () => startDailyJob({ trigger: "schedule", actorUid: null }, now));

const emptySummary = (): DailySummary => ({ programsRecounted: 0, snoozesEnded: 0, offerWarningsSent: 0, offerWarningsFailed: 0 });

/** In the offer's last OFFER_WARNING_DAYS + 1 days (its last day included): its owners are warned. */
export const offerWarningDue = (program: Pick<ProgramRecord, "approved" | "offerEndsOn">, today: string): boolean =>
  program.approved &&
  program.offerEndsOn !== null &&
  !isOfferEnded(program.offerEndsOn, today) &&
  today >= addDays(program.offerEndsOn, -OFFER_WARNING_DAYS);

/**
 * The day's turn with what other capabilities do once a day beside it (composed in index.ts, as
 * programs/ imports none of them): `alongside` runs at the first slice (again only if that slice is
 * retried), so it must be safe to repeat.
 */
export const dailySliceWith =
  (alongside: (deps: AppDeps) => Promise<unknown>): JobSlice =>
  async (deps, job, deadline) => {
    if (job.applyAfter === null) await alongside(deps);
    return dailySlice(deps, job, deadline);
  };

export const dailySlice: JobSlice = async (deps, job, deadline) => {
  const today = utcDay(deps.now());
  const summary: DailySummary = { ...emptySummary(), ...job.counts };
  let after = job.applyAfter;
  for (;;) {
    const chunk = await listProgramsAfter(after, CHUNK);
    if (chunk.length === 0) break;
    for (const program of chunk) {
      const day = await recountForDay(program.id, today);
      if (!day) continue; // deleted since it was listed
      summary.programsRecounted += 1;
      summary.snoozesEnded += day.snoozesEnded;
      if (!offerWarningDue(program, today)) continue;
      // the channel hears of it once per program and end date (alerts/: once however often it is raised)
      await raiseAlert(deps, "offer-ending", `${program.id}:${program.offerEndsOn!}`, {
        text: `${program.name}: its offer ends on ${program.offerEndsOn!} (UTC); from the day after, no visitor is sent to its links.`,
        url: `${deps.appOrigin}/admin?tab=programs`,
        data: { programId: program.id, programName: program.name, offerEndsOn: program.offerEndsOn, activeLinks: day.activeOwners.length },
      });
      for (const owner of day.activeOwners) {
        const outcome = await warnOwner(deps, program, owner);
        if (outcome === "sent") summary.offerWarningsSent += 1;
        if (outcome === "failed") summary.offerWarningsFailed += 1;
      }
    }
    after = chunk[chunk.length - 1]!.id;
    const done = summary.programsRecounted;
    await saveProgress(job.id, { applyAfter: after, done, total: Math.max(job.total ?? 0, done), counts: { ...summary } });
    if (chunk.length < CHUNK) break;
    if (Date.now() > deadline) return false;
  }
  await finishJob(job.id, "daily", { state: "done", summary: { ...summary } }, deps.now());
  return true;
};

/**
 * One owner's warning of one offer end: claimed first (per program, end date and owner, the owner's
 * address hashed), then sent; "claimed" when an earlier run or attempt sent it already. A mail the
 * server refused is released, for the next day's turn to try again.
 */
async function warnOwner(deps: AppDeps, program: ProgramRecord, owner: string): Promise<"sent" | "failed" | "claimed"> {
  const key = `offer-end_${program.id}_${program.offerEndsOn!}_${keyedHash(deps.keyedHashSecret, "mail-claim", owner.toLowerCase())}`;
  try {
    const mail = { programName: program.name, lastDay: program.offerEndsOn!, dashboardUrl: `${deps.appOrigin}/dashboard` };
    return await sendMailOnce(deps, key, "offer-end", () => offerEndingMail(owner, mail, deps.community));
  } catch (err) {
    logger.error("offer-end warning not sent", { programId: program.id, error: err instanceof Error ? err.message : String(err) });
    return "failed";
  }
}
