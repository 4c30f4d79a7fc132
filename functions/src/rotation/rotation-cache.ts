import { loadRotationSource, type RotationSource } from "./rotation.store";
import { Rotation } from "./rotation";
import { utcDay } from "@hub/contract/dates";
import { InstanceCache, ROTATION_TTL_MS, STALE_WAIT_MS } from "./instance-cache";

/** Program id → its rotation, per instance (instance-cache.ts): null when unknown or not approved. */
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
