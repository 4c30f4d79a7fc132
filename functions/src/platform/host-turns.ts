import { reserveHostSlot } from "./host-paces.store";

/**
 * How the hub's requests are spread over a host (docs/architecture.md, *Link health*; the contract's
 * *Terms watch and alerts*): one bank can hold hundreds of links and its terms page, and many requests
 * at once to it must not look like an attack. Every fetcher (the admin's and members' link tests, the
 * link-health check, the terms watch) takes its turn at the host from one store (host-paces.store),
 * SAME_HOST_GAP_MS apart, whichever instance or job it runs in.
 */

/** The least time between two of the hub's requests to one host. */
export const SAME_HOST_GAP_MS = 1_000;

/** The host a URL names (the address itself when it does not parse: its own group). */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

const sleep = (ms: number) => new Promise((resume) => setTimeout(resume, ms));

/**
 * Takes the next turn at the URL's host and waits for it; when that turn is more than `maxWaitMs`
 * away, takes none and answers how long the host is held (for a `429`'s Retry-After, or a bulk
 * test's refusal). Null once the turn has come.
 */
export async function takeHostTurn(url: string, maxWaitMs: number): Promise<{ refusedForMs: number } | null> {
  const slot = await reserveHostSlot(hostOf(url), Date.now(), SAME_HOST_GAP_MS, maxWaitMs);
  if ("refusedForMs" in slot) return slot;
  if (slot.waitMs > 0) await sleep(slot.waitMs);
  return null;
}

/** Waits for a turn at the URL's host however long others hold it (a job's request: it has the time). */
export async function awaitHostTurn(url: string, stepMs = 30_000): Promise<void> {
  for (;;) {
    const refused = await takeHostTurn(url, stepMs);
    if (!refused) return;
    await sleep(Math.min(refused.refusedForMs - stepMs, stepMs));
  }
}
