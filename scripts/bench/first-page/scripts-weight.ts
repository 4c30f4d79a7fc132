import { gzipSync } from "node:zlib";

/** The gzip size of every script named, fetched again and compressed as a host would. */
export async function gzipBytes(urls: Iterable<string>): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}
