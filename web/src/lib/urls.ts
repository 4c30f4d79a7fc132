/** An address as the browser shows and copies it: a path resolved against the origin, a full address kept. */
export function absoluteUrl(address: string, origin: string): string {
  try {
    return new URL(address, origin).href;
  } catch {
    return address;
  }
}
