import { logger } from "firebase-functions";

/** Unknown keys are remembered too (so a flood of them costs one read each per period), within a bound. */
const MAX_ENTRIES = 1_000;

interface Entry<V> {
  value: V | null;
  loadedAt: number;
  loading?: Promise<V | null>;
}

/** What an InstanceCache reads, and what it says when a refresh fails and it serves what it knew. */
export interface InstanceCacheSource<V> {
  /** The value for `key` (null: none), given the value known before, which it may update and return. */
  load: (key: string, previous: V | null) => Promise<V | null>;
  /** The warning logged when a refresh fails and the previous value is served, and the field naming the key. */
  staleWarning: string;
  keyField: string;
}

/**
 * Key → value per instance, for hot paths that read the same documents on every request (the
 * rotation's links and slugs, the open list's programs): read at most once per key per `ttlMs`, one
 * load at a time per key, a slow refresh waited for at most `staleWaitMs` when a value is known, a
 * failed one answered with the value known before; least recently used keys go first past the bound.
 * What a change in the store takes to show is each user's to say (rotation/rotation-cache.ts,
 * programs/open-list.ts). A `ttlMs` of 0 reads on every call (still one load at a time per key).
 */
export class InstanceCache<V> {
  private entries = new Map<string, Entry<V>>();

  constructor(
    private readonly source: InstanceCacheSource<V>,
    private readonly now: () => number,
    private readonly ttlMs: number,
    private readonly staleWaitMs: number,
  ) {}

  async get(key: string): Promise<V | null> {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.loadedAt < this.ttlMs) {
      this.remember(key, entry); // most recently used: the last to be evicted
      return entry.value;
    }
    let loading = entry?.loading;
    if (!loading) {
      loading = this.refresh(key, entry?.value ?? null);
      if (entry) entry.loading = loading;
      else this.remember(key, { value: null, loadedAt: -Infinity, loading });
    }
    return entry?.value ? this.atMostStale(loading, entry.value) : loading;
  }

  /** The refreshed value if it comes within staleWaitMs, else the one known before. */
  private atMostStale(loading: Promise<V | null>, previous: V): Promise<V | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<V>((done) => (timer = setTimeout(() => done(previous), this.staleWaitMs)));
    return Promise.race([loading, late]).finally(() => clearTimeout(timer));
  }

  private async refresh(key: string, previous: V | null): Promise<V | null> {
    try {
      const value = await this.source.load(key, previous);
      this.remember(key, { value, loadedAt: this.now() });
      return value;
    } catch (err) {
      // The next request tries again; until then visitors keep getting what we knew, if anything.
      const entry = this.entries.get(key);
      if (entry) delete entry.loading;
      if (previous) {
        logger.warn(this.source.staleWarning, {
          [this.source.keyField]: key,
          error: err instanceof Error ? err.message : String(err),
        });
        return previous;
      }
      throw err;
    }
  }

  private remember(key: string, entry: Entry<V>) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
