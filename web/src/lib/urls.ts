/** An address as the browser shows and copies it: a path resolved against the origin, a full address kept. */
export function absoluteUrl(address: string, origin: string): string {
  try {
    return new URL(address, origin).href;
  } catch {
    return address;
  }
}

/** This page's origin; empty where there is no page (the build's prerender, in Node). */
export function pageOrigin(): string {
  return typeof window === "undefined" ? "" : window.location.origin;
}
