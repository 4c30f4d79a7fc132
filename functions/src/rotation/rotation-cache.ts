import { loadRotationSource, type RotationSource } from "./rotation.store";
import { Rotation } from "./rotation";
import { utcDay } from "@hub/contract/dates";
import { InstanceCache } from "../platform/instance-cache";

/**
 * How long an instance trusts what it read for the rotation (a program's links, where a slug leads).
 * Changes to links (approve, pause, dead, move, delete, a blocked owner) reach the rotation within
 * this time, and the store is read at most once per key per instance per period, however busy it is.
 */
export const ROTATION_TTL_MS = 2_000;
/**
 * How long a visitor waits for a refresh when the instance already knows an answer: a slow store then
 * costs at most this much, and the visitor gets the answer known a moment ago.
 */
export const STALE_WAIT_MS = 1_000;

/** Program id → its rotation, per instance (platform/instance-cache.ts): null when unknown or not approved. */
export class RotationCache extends InstanceCache<Rotation> {
  constructor(
    load: (programId: string, today: string) => Promise<RotationSource | null> = loadRotationSource,
    now: () => number = Date.now,
    ttlMs = ROTATION_TTL_MS,
    staleWaitMs = STALE_WAIT_MS,
  ) {
    super(
      {
        load: async (programId, previous) => {
          const source = await load(programId, utcDay(new Date(now())));
          if (!source) return null;
          // the rotation known before keeps its turns and counts: refreshed with the links read now
          if (previous) previous.refresh(source);
          return previous ?? new Rotation(source);
        },
        staleWarning: "rotation refresh failed; serving the last known links",
        keyField: "programId",
      },
      now,
      ttlMs,
      staleWaitMs,
    );
  }
}
