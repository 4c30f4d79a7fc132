import type { JobKind } from "@hub/contract/jobs";
import type { AppDeps, ListedSubscription } from "../platform/deps";
import { revokeSessions } from "../auth/identity";
import { finishJob, readJob, readListing, saveProgressIn, saveListingPage, type JobOrigin, type JobRecord } from "../jobs/jobs.store";
import { startJob, startScheduledJob, type JobSlice } from "../jobs/job-runner";
import { applyCheckedUsers, countUsers, subscriptionCheckSummaryIn, usersAfter } from "./user-admin.store";
import { auditIn } from "../accounts/audit.store";
import type { UserRecord } from "../accounts/users.store";
import { askStripe } from "../platform/stripe-calls";
import { classifyMember, indexListing, type ListingIndex } from "./subscription-listing";
import { logger } from "firebase-functions";
import { checkedFields, isExempt, losesAccess } from "./subscription-checks.service";
import { forEachLimited } from "../platform/concurrency";

/**
 * Check All Subscriptions and Auto-Approve Subscribers, as jobs (docs/architecture.md, *How subscription checks scale*).
 *
 * 1. listing: Stripe's subscriptions of every status, 100 per page with their customers, page after
 *    page (each stored with the cursor); nothing is applied yet, so a listing that fails half-way
 *    changes no member;
 * 2. applying: every user in id order, APPLY_CHUNK at a time, each member classified against the whole
 *    listing as the single check would (their customer, else their e-mail) and stored with the chunk's
 *    progress in one batch; a member who lost their subscription loses their sessions first.
 * A few hundred Stripe calls for 10,000 members, where asking about each member took two or more each.
 */

/** Users per applying step: their updates and the progress are one batch (under 500 writes). */
const APPLY_CHUNK = 200;
const CONCURRENT_REVOCATIONS = 5;

export const startSubscriptionJob = (kind: JobKind, origin: JobOrigin, now: Date) => startJob(kind, origin, now);

/** The daily run: the same job; one already running (an admin's) is left to finish. */
export const startScheduledSubscriptionCheck = (now: Date) =>
  startScheduledJob("subscription-check", () => startSubscriptionJob("subscription-check", { trigger: "schedule", actorUid: null }, now));

/** One slice of a subscription check or an auto-approve (runJobs queue, jobs/job-runner). */
export const subscriptionJobSlice: JobSlice = async (deps: AppDeps, job: JobRecord, deadline: number): Promise<boolean> => {
  let { cursor, pages } = job;
  // at least one step per slice, however small the budget: every slice moves the job on
  while (job.phase === "listing") {
    const page = await askStripe(() => deps.subscriptions.listPage(cursor));
    const total = page.next === null ? await countUsers() : null;
    await saveListingPage(job.id, pages, page.entries, page.next, total);
    pages++;
    cursor = page.next;
    if (cursor === null) break;
    if (Date.now() > deadline) return false;
  }
  return applySlice(deps, (await readJob(job.id))!, deadline);
};

async function applySlice(deps: AppDeps, job: JobRecord, deadline: number): Promise<boolean> {
  const index = indexListing(await readListing<ListedSubscription>(job.id));
  let { applyAfter, done } = job;
  const counts = { ...emptyCounts(job.kind), ...job.counts };
  for (;;) {
    const chunk = await usersAfter(applyAfter, APPLY_CHUNK);
    if (chunk.length === 0) break;
    const now = deps.now();
    const writes: Parameters<typeof applyCheckedUsers>[0] = [];
    const lapsed: string[] = [];
    const members = chunk.filter((user) => inScope(job.kind, user));
    const unreadable = await unreadableCustomers(deps, members, index);
    for (const user of members) {
      if (unreadable.has(user.id)) {
        // Stripe could not say: their stored status stays as it was, and the summary counts an error
        if (job.kind === "subscription-check") for (const key of ["total", "errors"]) counts[key] = (counts[key] ?? 0) + 1;
        continue;
      }
      const found = classifyMember(user, index);
      const fields = { ...checkedFields(user, found, now), ...(job.kind === "auto-approve" && found.isActive ? { approved: true } : {}) };
      writes.push({ uid: user.id, fields });
      if (losesAccess(user, found)) lapsed.push(user.id);
      count(job.kind, counts, found);
    }
    // before the chunk is stored: a retry of this chunk ends the same sessions again, which is harmless
    await forEachLimited(lapsed, CONCURRENT_REVOCATIONS, revokeSessions);
    const progress = { applyAfter: chunk[chunk.length - 1]!.id, done: done + chunk.length, counts };
    await applyCheckedUsers(writes, (tx) => saveProgressIn(tx, job.id, progress));
    ({ applyAfter, done } = progress);
    if (chunk.length < APPLY_CHUNK) break;
    if (Date.now() > deadline) return false;
  }
  await finish(deps, job, counts);
  return true;
}

/**
 * Check All: every member who needs a subscription (not admins, not users an admin made: they are
 * exempt, and a "not found" would only mislead). Auto-approve: those waiting for approval (not blocked).
 */
const inScope = (kind: JobKind, user: UserRecord) =>
  kind === "subscription-check" ? !isExempt(user) : !user.isAdmin && !user.approved && !user.blocked;

const CONCURRENT_CUSTOMER_READS = 5;

/**
 * The Stripe errors per member: a member whose stored customer has no subscription in the listing is
 * asked about by customer. Stripe no longer knowing that customer (deleted, or a wrong id) or
 * answering an error even after retries is an error for that member, not a "not found": the listing
 * alone cannot tell which. Only such members cost a call; the others are settled by the listing.
 */
async function unreadableCustomers(deps: AppDeps, members: UserRecord[], index: ListingIndex): Promise<Set<string>> {
  const unlisted = members.filter((user) => user.stripeCustomerId !== null && !index.byCustomer.has(user.stripeCustomerId));
  const unreadable = new Set<string>();
  await forEachLimited(unlisted, CONCURRENT_CUSTOMER_READS, async (user) => {
    try {
      if (!(await askStripe(() => deps.subscriptions.customerKnown(user.stripeCustomerId!)))) unreadable.add(user.id);
    } catch (err) {
      logger.warn("Stripe customer not readable", { uid: user.id, error: err instanceof Error ? err.message : String(err) });
      unreadable.add(user.id);
    }
  });
  return unreadable;
}

const emptyCounts = (kind: JobKind): Record<string, number> =>
  kind === "subscription-check" ? { total: 0, active: 0, cancelled: 0, not_found: 0, errors: 0 } : { checkedCount: 0, approvedCount: 0 };

function count(kind: JobKind, counts: Record<string, number>, found: { status: string; isActive: boolean }) {
  const add = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  if (kind === "auto-approve") {
    add("checkedCount");
    if (found.isActive) add("approvedCount");
    return;
  }
  add("total");
  add(found.isActive ? "active" : found.status === "not_found" ? "not_found" : "cancelled");
}

async function finish(deps: AppDeps, job: JobRecord, summary: Record<string, number>) {
  const action = job.kind === "subscription-check" ? "subscriptions.check-all" : "users.auto-approve";
  await finishJob(job.id, job.kind, { state: "done", summary }, deps.now(), (tx) => {
    if (job.kind === "subscription-check") subscriptionCheckSummaryIn(tx, summary, job.trigger);
    if (job.actorUid) auditIn(tx, { actorUid: job.actorUid, action, details: { ...summary, jobId: job.id } });
  });
}
