import type { LinkHealthSummary } from "@hub/contract/jobs";
import type { LinkTestOutcome } from "@hub/contract/links";
import type { AppDeps } from "../platform/deps";
import { forEachPacedByKey } from "../platform/concurrency";
import { countDoneIn, finishJob, saveProgress, type JobOrigin, type JobRecord } from "../jobs/jobs.store";
import { startJob, startScheduledJob, type JobSlice } from "../jobs/job-runner";
import { countFailingLinksToCheck, countLinksToCheck, failingLinksNotTold, linksToCheckAfter, type LinkToCheck } from "./links.store";
import { tellOwnerFailing, testAndRecord } from "./link-health.service";
import { hostOf } from "../platform/host-turns";

/**
 * The link-health check (docs/architecture.md, *Link health*, *Jobs*): every approved link no admin has paused or
 * marked dead, failing ones included, tested in id order, CHUNK links per step, `done` counted as each is. One bank can hold
 * hundreds of links, so a chunk's links are grouped by host: at most HOSTS_AT_ONCE hosts at a time,
 * one request at a time per host, each in its turn at the host (platform/host-turns: shared with every
 * other fetcher of the hub, SAME_HOST_GAP_MS apart). After each chunk the cursor and the counts
 * are stored; each link's test is stored with the job's id, so a slice the queue retries skips what it
 * tested already and counts it from its stored test: a retry never makes two broken tests of one.
 */

/** Links per step: all at one host, each timing out (10 s) with its gap, still ends well within a slice's deadline. */
const CHUNK = 10;
const HOSTS_AT_ONCE = 8;

export async function startLinkHealthJob(origin: JobOrigin, now: Date): Promise<{ jobId: string }> {
  return startJob("link-health", origin, now, { phase: "testing", total: await countLinksToCheck() });
}

/** Every 6 hours: the same job; one already running (an admin's) is left to finish. */
export const startScheduledLinkHealthCheck = (now: Date) =>
  startScheduledJob("link-health", () => startLinkHealthJob({ trigger: "schedule", actorUid: null }, now));

const emptyCounts = (): Omit<LinkHealthSummary, "failing"> => ({ tested: 0, ok: 0, broken: 0, inconclusive: 0 });

export const linkHealthSlice: JobSlice = async (deps, job, deadline) => {
  let after = job.applyAfter;
  const counts = { ...emptyCounts(), ...job.counts };
  for (;;) {
    const chunk = await linksToCheckAfter(after, CHUNK);
    if (chunk.length === 0) break;
    const outcomes = await testChunk(deps, job, chunk);
    for (const outcome of outcomes) {
      counts.tested += 1;
      counts[outcome] += 1;
    }
    await tellUntoldOwners(deps, chunk);
    // `done` was counted up as each test was recorded; here it is set to what the stored counts say,
    // which a retried chunk recounts from the tests it finds (not from the partial count it left).
    // Links approved since the start are tested too: the total grows with them.
    after = chunk[chunk.length - 1]!.id;
    await saveProgress(job.id, { applyAfter: after, done: counts.tested, total: Math.max(job.total ?? 0, counts.tested), counts });
    if (chunk.length < CHUNK) break;
    if (Date.now() > deadline) return false;
  }
  await finish(deps, job, counts);
  return true;
};

/** The chunk's outcomes: a fresh test of each link, or the one this job stored before a retry. */
async function testChunk(deps: AppDeps, job: JobRecord, chunk: LinkToCheck[]): Promise<LinkTestOutcome[]> {
  const outcomes: LinkTestOutcome[] = [];
  const fresh = chunk.filter((link) => {
    if (link.checkedBy !== job.id || !link.lastOutcome) return true;
    outcomes.push(link.lastOutcome);
    return false;
  });
  await forEachPacedByKey(
    fresh,
    (link) => hostOf(link.link),
    HOSTS_AT_ONCE,
    // the gap comes from the host's turns (testAndRecord), which other fetchers take too
    0,
    async (link) => {
      // each test moves the progress the admin sees, in the transaction that records it
      const { test, recorded } = await testAndRecord(deps, link, { id: job.id, alsoIn: (tx) => countDoneIn(tx, job.id) });
      if (recorded) outcomes.push(test.outcome);
    },
  );
  return outcomes;
}

/** A failing link whose owner was not told (the mail failed, or a slice stopped in between) is told now. */
async function tellUntoldOwners(deps: AppDeps, chunk: LinkToCheck[]): Promise<void> {
  for (const { link, failingSince } of await failingLinksNotTold(chunk.map((l) => l.id))) await tellOwnerFailing(deps, link, failingSince);
}

async function finish(deps: AppDeps, job: JobRecord, counts: Record<string, number>) {
  const summary = { ...emptyCounts(), ...counts, failing: await countFailingLinksToCheck() };
  await finishJob(job.id, "link-health", { state: "done", summary }, deps.now());
}
