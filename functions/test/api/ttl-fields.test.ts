import { Timestamp } from "firebase-admin/firestore";
import { beforeAll, describe, expect, it } from "vitest";
import { signInActors } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { programWithLinks, sleep, visit } from "../../../testing/rotation";
import { reserveHostSlot } from "../../src/platform/host-paces.store";
import { db } from "../../src/platform/db";
import { claimMail } from "../../src/platform/mail-claims.store";
import { createDeliveryOnce } from "../../src/alerts/alerts.store";
import { TTL_POLICIES } from "../../src/ttl-policies";

/**
 * A TTL policy deletes a document only when its field holds a timestamp; any other type (a number of
 * milliseconds, an ISO string) and the document stays forever, silently. ttl-policies.test.ts holds
 * the declared policies and the stores' together; this holds what the stores really write, through
 * the API where a request writes it, and through the store where only a job or a mail does.
 */
/** Waits (up to 10 s) for a first document in `collection`: some writes land a moment after the answer. */
async function filled(collection: string): Promise<void> {
  for (let i = 0; i < 40 && (await db().collection(collection).limit(1).get()).empty; i++) await sleep(250);
}

describe("every field a TTL policy reads is written as a timestamp", () => {
  beforeAll(async () => {
    await resetEmulators();
    // Members sign in by login links: email_tokens, rate_limits, and login_mail_counts as their mails go out.
    const { admin } = await signInActors();
    // A counted visit: its visit_marks; the nightly fold of its day: click_hours.
    const { programId } = await programWithLinks(admin, 1);
    expect((await visit(programId)).status).toBe(302);
    await filled("visit_marks"); // the visit's batch (its counter with it) has landed: the fold finds it
    const { nightlyVisitFold } = await import("../../src/index");
    await nightlyVisitFold.run({ scheduleTime: new Date(Date.now() + 26 * 3_600_000).toISOString(), jobName: "test" } as never);
    // A link test's pace at its host, a mail claimed by a job.
    await reserveHostSlot("ttl.example.com", 1_000, 10_000);
    await claimMail("ttl-test-claim", "test", new Date());
    // An alert raised (its delivery is recorded even though no channel receives it here).
    await createDeliveryOnce("ttl-test-alert", "test", { text: "t", url: "https://hub.example", data: {} }, new Date());
  }, 90_000);

  it.each(TTL_POLICIES.map((p) => [`${p.collection}.${p.field}`, p] as const))("%s", async (_, { collection, field }) => {
    await filled(collection);
    const docs = (await db().collection(collection).get()).docs;
    expect(docs.length, `nothing written to ${collection}`).toBeGreaterThan(0);
    for (const doc of docs) {
      const value: unknown = doc.get(field);
      expect(value, `${collection}/${doc.id}.${field}`).toBeInstanceOf(Timestamp);
      expect((value as Timestamp).toMillis()).toBeGreaterThan(Date.now() - 86_400_000);
    }
  });
});
