import type { PublicProgram } from "@hub/contract/programs";
import type { ProgramRecord } from "../catalog/programs.store";
import type { AppDeps } from "../platform/deps";
import { isEmulator } from "../platform/config";
import { InstanceCache } from "../platform/instance-cache";
import { listPublicPrograms, readSharedPrograms } from "./programs.service";

/**
 * How long an instance serves the open list's programs (`/programs` and `GET /api/public/programs`)
 * from memory. A request that passes the CDN's minute (a query string or a `__session` cookie of its
 * own makes it a new key there) would otherwise read one document per shared program; with this, an
 * instance reads them at most once per period, however many such requests arrive. What it costs: a
 * program shared, hidden, edited or approved, and a link count or paid count that changed, show on
 * an instance up to this long late; the CDN's own minute comes on top for the cached copy. An offer
 * that ends still leaves the list on its last day exactly (the date is checked on every request).
 */
export const OPEN_LIST_TTL_MS = 30_000;
/** A slow refresh is waited for at most this long while the programs read before are known: they are served meanwhile. */
const STALE_WAIT_MS = 1_000;
/** The one key: the open list is one value per instance. */
const KEY = "shared";

/**
 * The period: OPEN_LIST_TTL_MS, or in the emulator only a shorter OPEN_LIST_CACHE_MS (0: no cache), so
 * that the suite's tests and the demo see a change at once. A deployed function ignores it.
 */
export function openListCacheMs(env: Record<string, string | undefined> = process.env, emulator = isEmulator()): number {
  const configured = Number(env.OPEN_LIST_CACHE_MS);
  return emulator && env.OPEN_LIST_CACHE_MS !== "" && Number.isInteger(configured) && configured >= 0 && configured < OPEN_LIST_TTL_MS
    ? configured
    : OPEN_LIST_TTL_MS;
}

/**
 * The open list of one instance (one per `api` app and one per `pages` handler): the shared programs
 * read at most once per `ttlMs`, one read at a time (platform/instance-cache.ts), a refresh that fails
 * answered with the programs read before. A `ttlMs` of 0 reads them on every request, as before.
 */
export class OpenList {
  private readonly cache: InstanceCache<ProgramRecord[]> | null;

  constructor(
    private readonly deps: Pick<AppDeps, "appOrigin" | "now">,
    ttlMs = openListCacheMs(),
    clock: () => number = Date.now,
    private readonly read: (deps: Pick<AppDeps, "now">) => Promise<ProgramRecord[]> = readSharedPrograms,
  ) {
    this.cache =
      ttlMs > 0
        ? new InstanceCache<ProgramRecord[]>(
            {
              load: () => read(deps),
              staleWarning: "open list refresh failed; serving the programs read before",
              keyField: "list",
            },
            clock,
            ttlMs,
            STALE_WAIT_MS,
          )
        : null;
  }

  list(): Promise<PublicProgram[]> {
    const cache = this.cache;
    if (!cache) return listPublicPrograms(this.deps, () => this.read(this.deps));
    return listPublicPrograms(this.deps, async () => (await cache.get(KEY)) ?? []);
  }
}
