import { programIdOfSlug } from "../catalog/program-slugs.store";
import { InstanceCache } from "../platform/instance-cache";
import { ROTATION_TTL_MS, STALE_WAIT_MS } from "./rotation-cache";

/**
 * How long an instance trusts which program a slug leads to, and that a slug leads nowhere. Short, as
 * the rotation's own period: a merge repoints the source's slugs to the target, and until an instance
 * reads again its visitors are sent to the deleted source (its 404 page once its rotation is read
 * again); a slug an admin has just set works within it. One read per slug per period per instance.
 */
export const SLUG_TTL_MS = ROTATION_TTL_MS;

/** Slug → program id, per instance (platform/instance-cache.ts): what `/r/{slug}` reads before the program's rotation. */
export class SlugCache extends InstanceCache<string> {
  constructor(
    load: (slug: string) => Promise<string | null> = programIdOfSlug,
    now: () => number = Date.now,
    ttlMs = SLUG_TTL_MS,
    staleWaitMs = STALE_WAIT_MS,
  ) {
    super(
      { load: (slug) => load(slug), staleWarning: "slug refresh failed; serving the last known program", keyField: "slug" },
      now,
      ttlMs,
      staleWaitMs,
    );
  }
}
