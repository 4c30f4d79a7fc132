import type { JobKind } from "@hub/contract/jobs";
import type { AppDeps, ListedSubscription } from "../platform/deps";
import { revokeSessions } from "../auth/identity";
import { finishJob, readJob, readListing, saveProgressIn, saveListingPage, type JobOrigin, type JobRecord } from "../jobs/jobs.store";
import { startJob, startScheduledJob, type JobSlice } from "../jobs/job-runner";
import { applyCheckedUsers, subscriptionCheckSummaryIn } from "./user-admin.store";
import { auditIn } from "../accounts/audit.store";
import { countUsers, usersAfter, type UserRecord } from "../accounts/users.store";
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
 *    progress in one batch; a member who lost their subscription loses their sessions first. The next
 *    chunk is read and classified while one commits (the chunks still commit one after another).
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
  let { done } = job;
  const counts = { ...emptyCounts(job.kind), ...job.counts };
  let prepared = prepareChunk(deps, job.kind, index, job.applyAfter);
  for (;;) {
    const chunk = await prepared;
    if (!chunk) break;
    const more = chunk.size === APPLY_CHUNK;
    // The next chunk is read, classified and its sessions ended while this one commits: it reads
    // only users after this chunk, which this chunk's transaction does not write; the progress is
    // still stored one chunk after another.
    const following = more ? prepareChunk(deps, job.kind, index, chunk.lastId) : null;
    following?.catch(() => undefined); // awaited on the next turn; unless this commit fails first
    for (const [key, value] of Object.entries(chunk.counts)) counts[key] = (counts[key] ?? 0) + value;
    const progress = { applyAfter: chunk.lastId, done: done + chunk.size, counts: { ...counts } };
    await applyCheckedUsers(chunk.writes, (tx) => saveProgressIn(tx, job.id, progress));
    done = progress.done;
    if (!following) break;
    if (Date.now() > deadline) return false;
    prepared = following;
  }
  await finish(deps, job, counts);
  return true;
}

interface PreparedChunk {
  size: number;
  lastId: string;
  writes: Parameters<typeof applyCheckedUsers>[0];
  /** This chunk's part of the summary, added when it is stored. */
  counts: Record<string, number>;
}

/**
 * The next APPLY_CHUNK users classified, and the sessions of those who lost access ended (before
 * their chunk is stored); null when none is left.
 */
async function prepareChunk(deps: AppDeps, kind: JobKind, index: ListingIndex, after: string | null): Promise<PreparedChunk | null> {
  const chunk = await usersAfter(after, APPLY_CHUNK);
  if (chunk.length === 0) return null;
  const now = deps.now();
  const counts: Record<string, number> = {};
  const writes: PreparedChunk["writes"] = [];
  const lapsed: string[] = [];
  const members = chunk.filter((user) => inScope(kind, user));
  const unreadable = await unreadableCustomers(deps, members, index);
  for (const user of members) {
    if (unreadable.has(user.id)) {
      // Stripe could not say: their stored status stays as it was, and the summary counts an error
      if (kind === "subscription-check") for (const key of ["total", "errors"]) counts[key] = (counts[key] ?? 0) + 1;
      continue;
    }
    const found = classifyMember(user, index);
    const fields = { ...checkedFields(user, found, now), ...(kind === "auto-approve" && found.isActive ? { approved: true } : {}) };
    writes.push({ uid: user.id, fields });
    if (losesAccess(user, found)) lapsed.push(user.id);
    count(kind, counts, found);
  }
  // before the chunk is stored: a retry of this chunk ends the same sessions again, which is harmless
  await forEachLimited(lapsed, CONCURRENT_REVOCATIONS, revokeSessions);
  return { size: chunk.length, lastId: chunk[chunk.length - 1]!.id, writes, counts };
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
