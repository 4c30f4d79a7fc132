import { logger } from "firebase-functions";
import { loadRotationSource, type RotationSource } from "./rotation.store";
import { Rotation } from "./rotation";
import { utcDay } from "@hub/contract/dates";

/**
 * How long an instance trusts what it read about a program. Changes to links (approve, pause, dead,
 * move, delete, a blocked owner) reach the rotation within this time, and the store is read at most
 * once per program per instance per period, however busy the program is.
 */
export const ROTATION_TTL_MS = 2_000;
/**
 * How long a visitor waits for a refresh when the instance already knows the program's links: a slow
 * store then costs at most this much, and the visitor gets the links known a moment ago.
 */
export const STALE_WAIT_MS = 1_000;
/** Unknown ids are remembered too (so a flood of them costs one read each per period), within a bound. */
const MAX_PROGRAMS = 1_000;

interface Entry {
  rotation: Rotation | null;
  loadedAt: number;
  loading?: Promise<Rotation | null>;
}

export class RotationCache {
  private entries = new Map<string, Entry>();

  constructor(
    private readonly load: (programId: string, today: string) => Promise<RotationSource | null> = loadRotationSource,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = ROTATION_TTL_MS,
    private readonly staleWaitMs = STALE_WAIT_MS,
  ) {}

  /** The program's rotation, or null when it is unknown or not approved. One load at a time per program. */
  async get(programId: string): Promise<Rotation | null> {
    const entry = this.entries.get(programId);
    if (entry && this.now() - entry.loadedAt < this.ttlMs) {
      this.remember(programId, entry); // most recently used: the last to be evicted
      return entry.rotation;
    }
    let loading = entry?.loading;
    if (!loading) {
      loading = this.refresh(programId, entry?.rotation ?? null);
      if (entry) entry.loading = loading;
      else this.remember(programId, { rotation: null, loadedAt: -Infinity, loading });
    }
    return entry?.rotation ? this.atMostStale(loading, entry.rotation) : loading;
  }

  /** The refreshed rotation if it comes within staleWaitMs, else the one known before. */
  private atMostStale(loading: Promise<Rotation | null>, previous: Rotation): Promise<Rotation | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<Rotation>((done) => (timer = setTimeout(() => done(previous), this.staleWaitMs)));
    return Promise.race([loading, late]).finally(() => clearTimeout(timer));
  }

  private async refresh(programId: string, previous: Rotation | null): Promise<Rotation | null> {
    try {
      const source = await this.load(programId, utcDay(new Date(this.now())));
      let rotation: Rotation | null = null;
      if (source) {
        rotation = previous ?? new Rotation(source);
        if (previous) previous.refresh(source);
      }
      this.remember(programId, { rotation, loadedAt: this.now() });
      return rotation;
    } catch (err) {
      // The next request tries again; until then visitors keep getting what we knew, if anything.
      const entry = this.entries.get(programId);
      if (entry) delete entry.loading;
      if (previous) {
        logger.warn("rotation refresh failed; serving the last known links", {
          programId,
          error: err instanceof Error ? err.message : String(err),
        });
        return previous;
      }
      throw err;
    }
  }

  private remember(programId: string, entry: Entry) {
    this.entries.delete(programId);
    this.entries.set(programId, entry);
    if (this.entries.size > MAX_PROGRAMS) this.entries.delete(this.entries.keys().next().value!);
  }
}
