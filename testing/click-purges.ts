import { Timestamp } from "firebase-admin/firestore";
import { db } from "../functions/src/toolkit";
import { BROWSER_UA, sleep } from "./rotation";

/**
 * Click records of deleted links go in the background (the `purgeClicks` queue in the Functions
 * emulator), so a test reads until the store has settled, within a bounded wait, and then asserts
 * what it holds. `settled` says when to stop reading; the caller asserts the exact value afterwards,
 * so a purge that deletes too much still fails.
 */
export async function settle<T>(read: () => Promise<T>, settled: (value: T) => boolean, timeoutMs = 60_000, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (settled(value) || Date.now() >= deadline) return value;
    await sleep(everyMs);
  }
}

/** How many click records these links still have. */
export async function clickCount(linkIds: string[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < linkIds.length; i += 30) {
    n += (
      await db()
        .collection("clicks")
        .where("referralLinkId", "in", linkIds.slice(i, i + 30))
        .count()
        .get()
    ).data().count;
  }
  return n;
}

/** Purges not yet finished (their documents), for checking that a finished purge leaves nothing behind. */
export async function pendingPurges(): Promise<number> {
  return (await db().collection("click_purges").count().get()).data().count;
}

/** Waits until these links have no click records and no purge is pending; answers what is left of both. */
export async function purged(linkIds: string[], timeoutMs = 60_000): Promise<{ clicks: number; pendingPurges: number }> {
  return settle(
    async () => ({ clicks: await clickCount(linkIds), pendingPurges: await pendingPurges() }),
    (left) => left.clicks === 0 && left.pendingPurges === 0,
    timeoutMs,
  );
}

/** `n` click records of one link, written as the rotation writes them, in bulk from this process. */
export async function writeClicks(linkId: string, programId: string, n: number): Promise<void> {
  const clicks = db().collection("clicks");
  const writer = db().bulkWriter({ throttling: false });
  const clickedAt = Timestamp.now();
  for (let i = 0; i < n; i++) {
    void writer.create(clicks.doc(), { referralLinkId: linkId, programId, clickedAt, ipAddress: "203.0.113.7", userAgent: BROWSER_UA });
    if (i % 5_000 === 4_999) await writer.flush();
  }
  await writer.close();
}
