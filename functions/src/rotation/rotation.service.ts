import { isOfferEnded } from "@hub/contract/programs";
import { logger } from "firebase-functions";
import type { NotCountedReason } from "@hub/contract/analytics";
import { utcDay } from "@hub/contract/dates";
import { newClickId, recordVisit, RepeatVisitError, VisitAlreadyRecordedError } from "../visits/visits.store";
import { tallyNotCounted } from "../visits/traffic-tallies";
import { CounterShards } from "./counter-shards";
import { RecentMarks, repeatKeys, type RepeatKeys } from "./repeat-visits";
import { RotationCache } from "./rotation-cache";
import type { RotationCandidate } from "./rotation.store";
import type { Rotation } from "./rotation";

export type RotationAnswer =
  /** `counted`: whether this visit was recorded (docs/architecture.md, *Honest counts*). */
  | { to: "link"; url: string; linkId: string; counted: boolean }
  | { to: "fallback"; url: string }
  /** The program's offer has ended and it has no fallback: the visitor is told so (410). */
  | { to: "ended"; programName: string }
  | { to: "nowhere" };

export interface VisitFacts {
  /** A person following the link: not a bot, a link preview, a HEAD request or a prefetch. */
  person: boolean;
  at: Date;
  /** The client address (whole; never stored so), or null when none can be trusted. */
  ipAddress: string | null;
  userAgent: string;
  /** The visitor's id from their signed cookie, or null for a new visitor. */
  visitorId: string | null;
  /** The link this visitor was sent to before (from their signed cookie), or null. */
  rememberedLinkId: string | null;
  /** The functions' secret the client address is hashed with. */
  secret: string;
}

/** What one instance keeps between requests; a test may give its own. */
export interface RotationState {
  rotations: RotationCache;
  marks: RecentMarks;
}

const instance: RotationState = { rotations: new RotationCache(), marks: new RecentMarks() };
const shards = new CounterShards();
const RETRY_DELAYS_MS = [50, 250];
/**
 * How long a visitor waits for their visit to be recorded. The function is stopped at 10 s, losing
 * both the write and the visitor; past this the visitor is sent on and the write goes on (it lands
 * unless the instance is frozen or stopped first). Far above a healthy write's few milliseconds.
 */
export const RECORD_WAIT_MS = 4_000;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Picks where a visitor of this program goes and, for a visit that counts, records it before
 * answering: once the answer is sent an instance may be frozen, so anything written later could be
 * lost. Every request of a known program that is not counted is tallied by its reason.
 */
export async function rotate(programId: string, visit: VisitFacts, state: RotationState = instance): Promise<RotationAnswer> {
  const rotation = await state.rotations.get(programId);
  if (!rotation) return { to: "nowhere" };
  const notCounted = (reason: NotCountedReason) => tallyNotCounted(programId, reason, visit.at);
  // an ended offer pays no referrer: its links are out, whatever the cache read before midnight
  if (isOfferEnded(rotation.offerEndsOn, utcDay(visit.at))) {
    notCounted("unavailable");
    return rotation.fallbackUrl ? { to: "fallback", url: rotation.fallbackUrl } : { to: "ended", programName: rotation.programName };
  }
  // A returning visitor goes back to their link while it is active; a link no longer active: chosen as usual.
  const kept = visit.rememberedLinkId ? rotation.keep(visit.rememberedLinkId, false) : null;
  if (rotation.activeLinks.length === 0) {
    notCounted("unavailable");
    return rotation.fallbackUrl ? { to: "fallback", url: rotation.fallbackUrl } : { to: "nowhere" };
  }
  if (!visit.person) {
    notCounted("bot");
    return sentTo(kept ?? rotation.take(false)!, false);
  }
  const keys = repeatKeys({ programId, at: visit.at, visitorId: visit.visitorId, address: visit.ipAddress, secret: visit.secret });
  // a write of these marks in flight here: its outcome decides (no await from the last check to `writing` below)
  for (let write = state.marks.pending(keys); write; write = state.marks.pending(keys)) await write;
  const known = state.marks.known(keys);
  if (known) {
    notCounted(known);
    return sentTo(kept ?? rotation.any()!, false);
  }
  const link = kept ? rotation.keep(kept.id, true)! : rotation.take(true)!;
  // what the store answered is remembered before anyone waiting on this write looks again
  const recording = record(programId, link, rotation, visit, keys).then((outcome) => {
    if (outcome === "recorded") state.marks.remember(keys.hour, keys.visitor, keys.address);
    else if (outcome instanceof RepeatVisitError)
      state.marks.remember(keys.hour, outcome.visitorSeen ? keys.visitor : null, outcome.addressSeen ? keys.address : null);
    return outcome;
  });
  state.marks.writing(keys, recording);
  const outcome = await atMost(recording, RECORD_WAIT_MS, () =>
    logger.warn("visitor sent on before their visit was recorded", { programId, linkId: link.id }),
  );
  if (outcome instanceof RepeatVisitError) {
    // another request (of this instance or another) counted this visitor or address this hour
    rotation.giveBack(link, { kept: kept !== null });
    notCounted(outcome.visitorSeen ? "repeatVisitor" : "repeatAddress");
    return sentTo(kept ?? rotation.any()!, false);
  }
  // not recorded for want of the store (logged), or still being written: the visitor goes where the turn sent them
  return sentTo(link, outcome === "recorded" || outcome === "late");
}

const sentTo = (link: RotationCandidate, counted: boolean): RotationAnswer => ({ to: "link", url: link.url, linkId: link.id, counted });

/** Waits for `work` at most `ms`; then calls `onLate` and answers "late" (the work itself goes on). */
async function atMost<T>(work: Promise<T>, ms: number, onLate: () => void): Promise<T | "late"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((done) => (timer = setTimeout(() => done((onLate(), "late")), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Records a visit with its marks. A visit is written at most once however often it is retried (the
 * click id is fixed and created, not set); a repeat is answered as such, never retried. If every
 * attempt fails the visitor is still sent on: losing a count is logged, losing the visitor would cost
 * the member the referral.
 */
async function record(
  programId: string,
  link: RotationCandidate,
  rotation: Rotation,
  visit: VisitFacts,
  keys: RepeatKeys,
): Promise<"recorded" | "failed" | RepeatVisitError> {
  const written = {
    clickId: newClickId(),
    linkId: link.id,
    programId,
    clickedAt: visit.at,
    ipAddress: visit.ipAddress,
    userAgent: visit.userAgent,
    shard: shards.next(programId),
    activeLinkIds: rotation.activeLinkIds,
    activeLinkWeights: rotation.activeLinkWeights,
    marks: { visitor: keys.visitor, address: keys.address },
  };
  for (let attempt = 0; ; attempt++) {
    try {
      await recordVisit(written);
      return "recorded";
    } catch (err) {
      if (err instanceof VisitAlreadyRecordedError) return "recorded";
      if (err instanceof RepeatVisitError) return err;
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        logger.error("visit not recorded", { linkId: link.id, programId, error: err instanceof Error ? err.message : String(err) });
        return "failed";
      }
      await sleep(delay);
    }
  }
}
