/**
 * How link tests are spread over a host (docs/architecture.md, *Link health*): one bank can hold hundreds of
 * links, and many requests at once to it must not look like an attack. The health-check job and the
 * members' own tests keep the same gap between two requests to one host.
 */

/** The least time between two tests' requests to one host. */
export const SAME_HOST_GAP_MS = 1_000;

/** The host a link's address names (the address itself when it does not parse: its own group). */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
