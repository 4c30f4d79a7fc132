/** An address as the browser shows and copies it: a path resolved against the origin, a full address kept. */
export function absoluteUrl(address: string, origin: string): string {
  try {
    return new URL(address, origin).href;
  } catch {
    return address;
  }
}

/** An address on this site, absolute (as it is shared); as it is where there is no page (the build's prerender, in Node). */
export function absoluteOnThisSite(address: string): string {
  return typeof window === "undefined" ? address : absoluteUrl(address, window.location.origin);
}
