import { reserveHostSlot } from "./host-paces.store";
import { paceKeyOf } from "./http/dns-host";

/**
 * How the hub's requests are spread over a host (docs/architecture.md, *Link health*; the contract's
 * *Terms watch and alerts*): one bank can hold hundreds of links and its terms page, and many requests
 * at once to it must not look like an attack. Every fetcher (the admin's and members' link tests, the
 * link-health check, the terms watch) takes its turn at the host from one store (host-paces.store),
 * SAME_HOST_GAP_MS apart, whichever instance or job it runs in.
 */

/** The least time between two of the hub's requests to one host. */
export const SAME_HOST_GAP_MS = 1_000;
/**
 * How late a request may start after its turn: a timer fires late on a busy instance, and a request
 * that starts late comes nearer the next one. Turns are reserved this much further apart, and a
 * request that wakes later than this takes a new turn, so two never start under SAME_HOST_GAP_MS
 * apart, and what is left to the network (the lookup and connection) keeps some of the margin.
 */
export const TURN_SLACK_MS = 200;
export const TURN_SPACING_MS = SAME_HOST_GAP_MS + 2 * TURN_SLACK_MS;

/** What a URL is paced by: its registrable domain (http/dns-host), so one bank's hosts share one pace. */
export const hostOf = paceKeyOf;

const sleep = (ms: number) => new Promise((resume) => setTimeout(resume, ms));

/**
 * Takes the next turn at the URL's host and waits for it; when that turn is more than `maxWaitMs`
 * away, takes none and answers how long the host is held (for a `429`'s Retry-After, or a bulk
 * test's refusal). Null once the turn has come.
 */
export async function takeHostTurn(url: string, maxWaitMs: number): Promise<{ refusedForMs: number } | null> {
  for (;;) {
    const slot = await reserveHostSlot(hostOf(url), TURN_SPACING_MS, maxWaitMs);
    if ("refusedForMs" in slot) return slot;
    const waitMs = slot.at - Date.now();
    if (waitMs > 0) await sleep(waitMs);
    if (Date.now() - slot.at <= TURN_SLACK_MS) return null;
    // woke too late: the next turn may be less than a gap away now; take a new one
  }
}

/** Waits for a turn at the URL's host however long others hold it (a job's request: it has the time). */
export async function awaitHostTurn(url: string, stepMs = 30_000): Promise<void> {
  for (;;) {
    const refused = await takeHostTurn(url, stepMs);
    if (!refused) return;
    await sleep(Math.min(refused.refusedForMs - stepMs, stepMs));
  }
}
