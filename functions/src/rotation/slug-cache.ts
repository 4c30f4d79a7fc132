import { logger } from "firebase-functions";
import { programIdOfSlug } from "../catalog/program-slugs.store";
import { ROTATION_TTL_MS, STALE_WAIT_MS } from "./rotation-cache";

/**
 * How long an instance trusts which program a slug leads to, and that a slug leads nowhere. Short, as
 * the rotation's own period: a merge repoints the source's slugs to the target, and until an instance
 * reads again its visitors are sent to the deleted source (its 404 page once its rotation is read
 * again); a slug an admin has just set works within it. One read per slug per period per instance.
 */
export const SLUG_TTL_MS = ROTATION_TTL_MS;
/** Unknown slugs are remembered too (a flood of them costs one read each per period), within a bound. */
const MAX_SLUGS = 1_000;

interface Entry {
  programId: string | null;
  loadedAt: number;
  loading?: Promise<string | null>;
}

/** Slug → program id, per instance: what `/r/{slug}` reads before the program's rotation. */
export class SlugCache {
  private entries = new Map<string, Entry>();

  constructor(
    private readonly load: (slug: string) => Promise<string | null> = programIdOfSlug,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = SLUG_TTL_MS,
    private readonly staleWaitMs = STALE_WAIT_MS,
  ) {}

  /** The program the slug leads to, or null when none ever had it. One load at a time per slug. */
  async get(slug: string): Promise<string | null> {
    const entry = this.entries.get(slug);
    if (entry && this.now() - entry.loadedAt < this.ttlMs) {
      this.remember(slug, entry); // most recently used: the last to be evicted
      return entry.programId;
    }
    let loading = entry?.loading;
    if (!loading) {
      loading = this.refresh(slug, entry?.programId ?? null);
      if (entry) entry.loading = loading;
      else this.remember(slug, { programId: null, loadedAt: -Infinity, loading });
    }
    return entry?.programId ? this.atMostStale(loading, entry.programId) : loading;
  }

  /** The fresh answer if it comes within staleWaitMs, else the one known before (a slow store costs visitors little). */
  private atMostStale(loading: Promise<string | null>, previous: string): Promise<string | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<string>((done) => (timer = setTimeout(() => done(previous), this.staleWaitMs)));
    return Promise.race([loading, late]).finally(() => clearTimeout(timer));
  }

  private async refresh(slug: string, previous: string | null): Promise<string | null> {
    try {
      const programId = await this.load(slug);
      this.remember(slug, { programId, loadedAt: this.now() });
      return programId;
    } catch (err) {
      // The next request tries again; until then visitors keep going where the slug led, if anywhere.
      const entry = this.entries.get(slug);
      if (entry) delete entry.loading;
      if (previous) {
        logger.warn("slug refresh failed; serving the last known program", {
          slug,
          error: err instanceof Error ? err.message : String(err),
        });
        return previous;
      }
      throw err;
    }
  }

  private remember(slug: string, entry: Entry) {
    this.entries.delete(slug);
    this.entries.set(slug, entry);
    if (this.entries.size > MAX_SLUGS) this.entries.delete(this.entries.keys().next().value!);
  }
}
