import { logger } from "firebase-functions";
import { tallyNotCounted } from "../visits/traffic-tallies";
import { newClickId, recordVisit, VisitAlreadyRecordedError } from "../visits/visits.store";
import { CounterShards } from "./counter-shards";
import { RotationCache } from "./rotation-cache";
import { REPEAT_VISIT_WINDOW_MS } from "./visitor-cookie";

export type RotationAnswer =
  /** `counted`: whether this visit was recorded (a returning visitor's repeat within the hour is not). */
  { to: "link"; url: string; linkId: string; counted: boolean } | { to: "fallback"; url: string } | { to: "nowhere" };

/** What the visitor's cookie says about this program: the link chosen for them and their last counted visit. */
export interface Remembered {
  linkId: string;
  countedAtMs: number;
}

export interface VisitFacts {
  counted: boolean;
  at: Date;
  /** Null when no trustworthy client address came with the request. */
  ipAddress: string | null;
  userAgent: string;
  /** The link this visitor was sent to before (from their signed cookie), or null. */
  remembered?: Remembered | null;
}

const cache = new RotationCache();
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
 * Picks where a visitor of this program goes and, for a counted visit, records it before answering:
 * once the answer is sent an instance may be frozen, so anything written later could be lost.
 */
export async function rotate(programId: string, visit: VisitFacts, rotations: RotationCache = cache): Promise<RotationAnswer> {
  const rotation = await rotations.get(programId);
  if (!rotation) return { to: "nowhere" };
  // A returning visitor goes back to their link while it is active; a repeat within the hour of their
  // last counted visit is sent on but not counted again. A link no longer active: chosen as usual.
  const remembered = visit.remembered ?? null;
  const repeatCounted = visit.counted && remembered !== null && visit.at.getTime() - remembered.countedAtMs > REPEAT_VISIT_WINDOW_MS;
  const kept = remembered ? rotation.keep(remembered.linkId, repeatCounted) : null;
  const link = kept ?? rotation.take(visit.counted);
  // answered but not counted, tallied by reason (contract, *Honest counts*): a bot, preview, HEAD or prefetch; no active link
  if (!visit.counted || !link) tallyNotCounted(programId, visit.counted ? "unavailable" : "bot", visit.at);
  if (!link) return rotation.fallbackUrl ? { to: "fallback", url: rotation.fallbackUrl } : { to: "nowhere" };
  const counted = kept ? repeatCounted : visit.counted;
  if (counted) {
    const shard = shards.next(programId);
    const recording = recordWithRetries({
      clickId: newClickId(),
      linkId: link.id,
      programId,
      clickedAt: visit.at,
      ipAddress: visit.ipAddress,
      userAgent: visit.userAgent,
      shard,
      activeLinkIds: rotation.activeLinkIds,
    });
    await atMost(recording, RECORD_WAIT_MS, () =>
      logger.warn("visitor sent on before their visit was recorded", { programId, linkId: link.id }),
    );
  }
  return { to: "link", url: link.url, linkId: link.id, counted };
}

/** Waits for `work` at most `ms`, then calls `onLate` and stops waiting (the work itself goes on). */
async function atMost(work: Promise<void>, ms: number, onLate: () => void): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((done) => (timer = setTimeout(() => done(onLate()), ms)));
  await Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * A visit is written at most once however often it is retried (the click id is fixed and created,
 * not set). If every attempt fails the visitor is still sent on: losing a count is logged, losing
 * the visitor would cost the member the referral.
 */
async function recordWithRetries(visit: Parameters<typeof recordVisit>[0]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await recordVisit(visit);
      return;
    } catch (err) {
      if (err instanceof VisitAlreadyRecordedError) return;
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        logger.error("visit not recorded", {
          linkId: visit.linkId,
          programId: visit.programId,
          error: err instanceof Error ? err.message : String(err),
        });
        return;
      }
      await sleep(delay);
    }
  }
}
