import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { SUITE_LOGS } from "../../../testing/suite-config";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PAGE_SIZE, resumeStalledPurges, runPurgeSlice, STALLED_AFTER_MS, type SliceReport } from "../../src/visits/click-purges.store";
import { db } from "../../src/platform/db";
import { createProgramAs, signInActors, submitOwnLink } from "../../../testing/actors";
import { clickCount, pendingPurges, purged, settle, writeClicks } from "../../../testing/click-purges";
import { resetEmulators } from "../../../testing/emulators";
import { call } from "../../../testing/http";
import { productionLikeDeps, serveInProcess } from "../../../testing/in-process-app";
import { programWithLinks, sleep } from "../../../testing/rotation";
import { suite } from "../../../testing/suite-env";
import { failAtWrite } from "../../../testing/write-faults";
import { forwardTasks, refuseTasks } from "../../../testing/task-queue-switch";

/**
 * Deleting a link, a program or a user deletes their click records in the background: the deletion
 * records a purge in its transaction, and the `purgeClicks` queue (run by the Functions emulator)
 * deletes the records in pages, slice after slice, until none is left. These tests write the click
 * records straight into the store (as many as years of visits would leave), delete through the API and
 * wait, within a bounded time, until every record is gone and no purge is pending.
 */

let admin: string;
let alice: string;
let tom: string;

beforeEach(async () => {
  await resetEmulators();
  ({ admin, alice, tom } = await signInActors());
});

/** The purges recorded for this link (read right after the deletion, while they run). */
async function purgeIdsOf(linkId: string): Promise<string[]> {
  return (await db().collection("click_purges").get()).docs.filter((d) => (d.get("linkIds") as string[]).includes(linkId)).map((d) => d.id);
}

/** The Functions emulator's output, where the purge task logs each slice with its worker's memory. */
const EMULATOR_LOG = resolve(__dirname, "../../../", SUITE_LOGS, "emulators.log");
const logSize = () => (existsSync(EMULATOR_LOG) ? statSync(EMULATOR_LOG).size : 0);

/** What the purge task logs for each slice. */
type SliceLog = SliceReport;

function sliceLogs(fromOffset: number, purgeId: string): SliceLog[] {
  if (!existsSync(EMULATOR_LOG)) return [];
  const text = readFileSync(EMULATOR_LOG).subarray(fromOffset).toString("utf8");
  return text
    .split("\n")
    .filter((line) => line.includes('"click purge slice"') && line.includes(purgeId))
    .map((line) => JSON.parse(line.slice(line.indexOf("{"))) as SliceLog);
}

describe("deleting a link with thousands of click records", () => {
  // How long 50,000 take and what memory a slice holds: npm run bench:purge (docs/benchmarks.md).
  it("deletes them all in the background, page by page, and no other link's", { timeout: 300_000 }, async () => {
    const TOTAL = 3_000;
    const { programId, links } = await programWithLinks(admin, 2);
    const [doomed, kept] = [links[0]!.id, links[1]!.id];
    await writeClicks(doomed, programId, TOTAL);
    await writeClicks(kept, programId, 300);
    expect(await clickCount([doomed, kept])).toBe(TOTAL + 300);

    const logFrom = logSize();
    expect((await call("DELETE", `/api/links/${doomed}`, { idToken: admin })).status).toBe(204);
    const [purgeId, ...others] = await purgeIdsOf(doomed);
    expect(purgeId).toBeDefined();
    expect(others).toEqual([]);

    expect(await purged([doomed], 120_000)).toEqual({ clicks: 0, pendingPurges: 0 });
    expect(await clickCount([kept])).toBe(300);

    // every slice logged its pages: together they deleted every record, a page at a time, and one finished
    const slices = await settle(
      async () => sliceLogs(logFrom, purgeId!),
      (s) => s.some((x) => x.done),
      15_000,
    );
    expect(slices.reduce((n, s) => n + s.deleted, 0)).toBe(TOTAL);
    expect(slices.filter((s) => s.done)).toHaveLength(1);
    expect(slices.reduce((n, s) => n + s.pages, 0)).toBeGreaterThanOrEqual(Math.ceil(TOTAL / PAGE_SIZE));
    expect(slices.every((s) => s.deleted <= s.pages * PAGE_SIZE)).toBe(true);
  });
});

describe("deleting a program or a user purges their links' clicks", () => {
  it("a program: every link's clicks go, another program's stay", { timeout: 180_000 }, async () => {
    const { programId, links } = await programWithLinks(admin, 3);
    const other = await programWithLinks(admin, 1);
    await writeClicks(links[0]!.id, programId, 1_200);
    await writeClicks(links[1]!.id, programId, 700);
    await writeClicks(other.links[0]!.id, other.programId, 100);

    expect((await call("DELETE", `/api/programs/${programId}`, { idToken: admin })).status).toBe(204);
    expect(
      await purged(
        links.map((l) => l.id),
        120_000,
      ),
    ).toEqual({ clicks: 0, pendingPurges: 0 });
    expect(await clickCount([other.links[0]!.id])).toBe(100);
  });

  it("a user: their links' clicks in every program go, another member's stay", { timeout: 180_000 }, async () => {
    const [p, q] = [await createProgramAs(admin, "Chase"), await createProgramAs(admin, "Amex")];
    const [a1, a2, t1] = [await submitOwnLink(alice, p.id), await submitOwnLink(alice, q.id), await submitOwnLink(tom, p.id)];
    await writeClicks(a1.id, p.id, 800);
    await writeClicks(a2.id, q.id, 600);
    await writeClicks(t1.id, p.id, 50);

    expect((await call("DELETE", "/api/users/active@example.com", { idToken: admin })).status).toBe(204);
    expect(await purged([a1.id, a2.id], 120_000)).toEqual({ clicks: 0, pendingPurges: 0 });
    expect(await clickCount([t1.id])).toBe(50);
  });
});

describe("a purge survives failures", () => {
  let app: Awaited<ReturnType<typeof serveInProcess>>;
  beforeAll(async () => {
    app = await serveInProcess(productionLikeDeps(suite.stripeUrl));
  });
  afterAll(() => app.close());

  it(
    "when the enqueue fails the deletion still succeeds, a failed page changes nothing, and the sweep finishes the purge",
    { timeout: 180_000 },
    async () => {
      const { programId, links } = await programWithLinks(admin, 1);
      const linkId = links[0]!.id;
      await writeClicks(linkId, programId, 1_200);

      // the queue cannot be reached: the link is deleted all the same, its purge waits in the store
      refuseTasks();
      let res;
      try {
        res = await call("DELETE", `/api/links/${linkId}`, { baseUrl: app.url, idToken: admin });
      } finally {
        forwardTasks();
      }
      expect(res.status).toBe(204);
      expect((await call("GET", "/api/links", { idToken: admin })).body).toEqual([]);
      const [purgeId] = await purgeIdsOf(linkId);
      expect(purgeId).toBeDefined();
      await sleep(2_000);
      expect(await clickCount([linkId])).toBe(1_200);

      // a slice whose batch fails (here at its first delete) deletes nothing and leaves the cursor where it was
      const fault = failAtWrite(1);
      try {
        await expect(runPurgeSlice(purgeId!)).rejects.toThrow(/injected fault/);
      } finally {
        fault.restore();
      }
      expect(await clickCount([linkId])).toBe(1_200);
      expect((await db().collection("click_purges").doc(purgeId!).get()).data()).toMatchObject({ chunk: 0, after: null, deleted: 0 });

      // the next attempt goes on from the stored cursor: one page, recorded with it
      const slice = await runPurgeSlice(purgeId!, 0);
      expect(slice).toMatchObject({ done: false, pages: 1, deleted: PAGE_SIZE });
      expect(await clickCount([linkId])).toBe(1_200 - PAGE_SIZE);
      expect((await db().collection("click_purges").doc(purgeId!).get()).data()).toMatchObject({ chunk: 0, deleted: PAGE_SIZE });

      // the sweep leaves a purge that moved recently alone, and enqueues one that has stalled
      expect(await resumeStalledPurges(new Date())).toBe(0);
      expect(await pendingPurges()).toBe(1);
      const { clickPurgeSweep } = await import("../../src/index");
      await clickPurgeSweep.run({ scheduleTime: new Date(Date.now() + STALLED_AFTER_MS + 60_000).toISOString(), jobName: "test" } as never);
      expect(await purged([linkId], 120_000)).toEqual({ clicks: 0, pendingPurges: 0 });
      // a task that comes again after the end (a twin, a late retry) finds the work done
      expect(await runPurgeSlice(purgeId!)).toMatchObject({ done: true, pages: 0, deleted: 0 });
    },
  );
});
