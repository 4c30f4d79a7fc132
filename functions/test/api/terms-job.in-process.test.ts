import { logger } from "firebase-functions";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/platform/api-error";
import { updateProgram } from "../../src/catalog/programs.store";
import { COLLECTIONS, db } from "../../src/platform/db";
import { createJob, readJob, saveInProgress, saveProgress, type JobRecord } from "../../src/jobs/jobs.store";
import { startScheduledTermsWatch, startTermsWatchJob, termsWatchSlice } from "../../src/terms/terms-job.service";
import { termsRoutes } from "../../src/terms/terms.routes";
import { programTerms } from "../../src/terms/terms.service";
import { resetEmulators } from "../../../testing/emulators";
import {
  pageAnswer,
  recordingMailer,
  seedProgram,
  standInPages,
  standInQueues,
  statusAnswer,
  termsDeps,
  termsHtml,
  termsStateOfProgram,
  testClock,
} from "./terms-stand-ins";

/*
 * The terms watch's job (terms/terms-job.service) and its routes, run in this process against the
 * suite's Firestore with the banks' pages stood in for: which programs a run reads, what its summary
 * says, how it goes on after its deadline and after a slice that died in the middle of its reads, and
 * that each page is read in its own turn while other hosts' pages are read beside it.
 */

let queues: ReturnType<typeof standInQueues>;
let pages: ReturnType<typeof standInPages>;
let clock: ReturnType<typeof testClock>;
let deps: ReturnType<typeof termsDeps>;
/** When set, the app's clock fails: the instance running the slice is lost from there on. */
let lost = false;

beforeAll(async () => {
  queues = standInQueues();
});
beforeEach(async () => {
  await resetEmulators();
  queues.tasks.length = 0;
  queues.use();
  pages = standInPages();
  clock = testClock();
  lost = false;
  const now = () => {
    if (lost) throw new Error("the instance was lost");
    return clock.now();
  };
  deps = termsDeps({ pageReader: pages.reader, mailer: recordingMailer().mailer, now });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const ADMIN_ORIGIN = { trigger: "admin", actorUid: "admin-uid" } as const;
const FAR = () => Date.now() + 10 * 60_000;
const job = async (jobId: string): Promise<JobRecord> => (await readJob(jobId))!;
/** One slice of the job as the queue runs it, with `deadline` (ms since the epoch) as its budget's end. */
const slice = async (jobId: string, deadline = FAR()) => termsWatchSlice(deps, await job(jobId), deadline);
const started = async (total?: number) =>
  total === undefined
    ? (await startTermsWatchJob(ADMIN_ORIGIN, clock.now())).jobId
    : createJob("terms-watch", ADMIN_ORIGIN, clock.now(), { phase: "testing", total });
/** Programs whose pages are `urls` in their id order (the order a run reads them in), each page set. */
async function watchedInIdOrder(urls: string[]) {
  const programs = [];
  for (const i of urls.keys()) programs.push(await seedProgram(`Card ${String(i)}`, null));
  programs.sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const [i, url] of urls.entries()) {
    await updateProgram(programs[i]!.id, { termsUrl: url });
    programs[i] = { ...programs[i]!, termsUrl: url };
    pages.html(url, termsHtml(`${String(i + 1)}0,000`));
  }
  return programs;
}

describe("starting the terms watch", () => {
  it("starts one job of the approved programs, on the jobs' queue, and refuses a second while it runs", async () => {
    await seedProgram("Gold card", "https://goldbank.example/terms");
    await seedProgram("Plain card", null);
    await seedProgram("Proposed card", "https://proposed.example/terms", { approved: false });
    const { jobId } = await startTermsWatchJob(ADMIN_ORIGIN, clock.now());
    expect(await job(jobId)).toMatchObject({
      kind: "terms-watch",
      state: "running",
      phase: "testing",
      done: 0,
      total: 2,
      trigger: "admin",
      actorUid: "admin-uid",
    });
    expect(queues.tasks).toEqual([{ queue: "runJobs", data: { jobId } }]);

    const second = await startTermsWatchJob(ADMIN_ORIGIN, clock.now()).catch((err: unknown) => err);
    expect(second).toBeInstanceOf(ApiError);
    expect(second).toMatchObject({ code: "JOB_RUNNING", extra: { jobId } });
  });

  it("daily: starts the same job, and leaves one already running to finish", async () => {
    const said: unknown[][] = [];
    vi.spyOn(logger, "info").mockImplementation((...args: unknown[]) => void said.push(args));
    const scheduled = await startScheduledTermsWatch(clock.now());
    expect(await job(scheduled!)).toMatchObject({ kind: "terms-watch", phase: "testing", total: 0, trigger: "schedule", actorUid: null });
    expect(await startScheduledTermsWatch(clock.now())).toBe(scheduled);
    expect(queues.tasks).toHaveLength(1);
    expect(said).toEqual([["scheduled terms-watch: one is already running", { jobId: scheduled }]]);
  });

  it("is an admin's route, as the daily one, and its other route answers what the watch kept", async () => {
    const routes = termsRoutes(deps);
    const gold = await seedProgram("Gold card", "https://goldbank.example/terms");
    const { jobId } = await routes.runTermsWatch({ caller: { uid: "admin-7" } } as never);
    expect(await job(jobId)).toMatchObject({ kind: "terms-watch", state: "running", trigger: "admin", actorUid: "admin-7", total: 1 });
    // the job's record says who started it
    expect((await db().collection(COLLECTIONS.jobs).doc(jobId).get()).data()).toMatchObject({ trigger: "admin", actorUid: "admin-7" });
    expect(queues.tasks).toEqual([{ queue: "runJobs", data: { jobId } }]);

    pages.html(gold.termsUrl!, termsHtml("60,000"));
    expect(await slice(jobId)).toBe(true);
    const answer = await routes.getProgramTerms({ params: { id: gold.id } } as never);
    expect(answer).toEqual(await programTerms(gold.id));
    expect(answer.versions.map((v) => v.version)).toEqual([1]);
  });
});

describe("a run of the terms watch", () => {
  it("ends at once when there is no program", async () => {
    const jobId = await started();
    expect(await slice(jobId)).toBe(true);
    expect(await job(jobId)).toMatchObject({
      state: "done",
      done: 0,
      total: 0,
      summary: { read: 0, kept: 0, same: 0, broken: 0, inconclusive: 0 },
    });
  });

  it("reads each approved program's terms page once, and sums up what each read found", async () => {
    const urls = {
      kept: "https://keptbank.example/terms",
      gone: "https://gonebank.example/terms",
      busy: "https://busybank.example/terms",
      shell: "https://shellbank.example/terms",
      proposed: "https://proposedbank.example/terms",
    };
    const jobId = await started();
    // counted when the job started: one more was approved since
    expect((await job(jobId)).total).toBe(0);
    const kept = await seedProgram("Kept card", urls.kept);
    await seedProgram("Gone card", urls.gone);
    await seedProgram("Busy card", urls.busy);
    await seedProgram("Shell card", urls.shell);
    await seedProgram("Plain card", null);
    await seedProgram("Proposed card", urls.proposed, { approved: false });
    pages.html(urls.kept, termsHtml("60,000"));
    pages.answer(urls.gone, statusAnswer(urls.gone, 404));
    pages.answer(urls.busy, statusAnswer(urls.busy, 503));
    pages.answer(urls.shell, pageAnswer(urls.shell, "<html><body><div id=root></div></body></html>"));

    expect(await slice(jobId)).toBe(true);
    expect(await job(jobId)).toMatchObject({
      state: "done",
      phase: "finished",
      done: 5,
      total: 5,
      summary: { read: 4, kept: 1, same: 0, broken: 1, inconclusive: 2 },
    });
    expect(pages.asked.map((a) => a.url).sort()).toEqual([urls.busy, urls.gone, urls.kept, urls.shell]);
    expect(await termsStateOfProgram(kept.id)).toMatchObject({ status: "watching", latestVersion: 1 });

    // the next day's run: the same pages
    clock.tick();
    const next = await started();
    expect(await slice(next)).toBe(true);
    expect((await job(next)).summary).toEqual({ read: 4, kept: 0, same: 1, broken: 1, inconclusive: 2 });
  });

  it("counts no read of a program whose page an admin changed while it was read", async () => {
    const [moved, kept] = await watchedInIdOrder(["https://movedbank.example/terms", "https://keptbank.example/terms"]);
    pages.answer(moved!.termsUrl!, async (url) => {
      await updateProgram(moved!.id, { termsUrl: "https://movedbank.example/new-terms" });
      return pageAnswer(url, termsHtml("60,000"));
    });
    const jobId = await started(2);
    expect(await slice(jobId)).toBe(true);
    expect(await job(jobId)).toMatchObject({ state: "done", done: 2, summary: { read: 1, kept: 1, same: 0, broken: 0, inconclusive: 0 } });
    expect(Object.keys((await job(jobId)).summary!).sort()).toEqual(["broken", "inconclusive", "kept", "read", "same"]);
    expect(await termsStateOfProgram(moved!.id)).toMatchObject({ checkedAt: null, latestVersion: null });
    expect(await termsStateOfProgram(kept!.id)).toMatchObject({ latestVersion: 1 });
  });

  it("reads at most four pages of one host in a step, and hands over to the next slice after a step past its deadline", async () => {
    const urls = ["a", "b", "c", "d", "e"].map((name) => `https://${name}.onebank.example/terms`);
    await watchedInIdOrder(urls);
    const jobId = await started(5);

    expect(await slice(jobId, 0)).toBe(false);
    expect(await job(jobId)).toMatchObject({ state: "running", done: 4, total: 5, counts: { read: 4, kept: 4 }, inProgress: [] });
    expect(pages.asked).toHaveLength(4);

    expect(await slice(jobId, 0)).toBe(true);
    expect(await job(jobId)).toMatchObject({ state: "done", done: 5, summary: { read: 5, kept: 5 } });
    expect(pages.asked.map((a) => a.url).sort()).toEqual(urls);
  });

  it("goes on past a full listing of programs, of which those it does not read hold no host back", async () => {
    const proposed = [];
    for (let i = 0; i < 61; i++)
      proposed.push(await seedProgram(`Proposed ${String(i)}`, "https://onebank.example/terms", { approved: false }));
    const last = proposed.sort((a, b) => (a.id < b.id ? -1 : 1)).at(-1)!;
    await updateProgram(last.id, { approved: true, termsUrl: "https://lastbank.example/terms" });
    pages.html("https://lastbank.example/terms", termsHtml("60,000"));
    const jobId = await started();

    expect(await slice(jobId)).toBe(true);
    expect(await job(jobId)).toMatchObject({ state: "done", done: 1, total: 1, summary: { read: 1, kept: 1 } });
    expect(pages.asked.map((a) => a.url)).toEqual(["https://lastbank.example/terms"]);
  });

  it("takes a whole listing in one step when what it does not read shares a host, and ends even past its deadline", async () => {
    for (let i = 0; i < 5; i++) await seedProgram(`Plain ${String(i)}`, null);
    for (let i = 0; i < 5; i++) await seedProgram(`Proposed ${String(i)}`, "https://onebank.example/terms", { approved: false });
    const gold = await seedProgram("Gold card", "https://goldbank.example/terms");
    pages.html(gold.termsUrl!, termsHtml("60,000"));
    const jobId = await started();

    expect(await slice(jobId, 0)).toBe(true);
    expect(await job(jobId)).toMatchObject({ state: "done", done: 6, total: 6, summary: { read: 1, kept: 1 } });
    expect(pages.asked.map((a) => a.url)).toEqual([gold.termsUrl]);
  });

  it("reads pages of different hosts side by side, and one host's pages one after another", async () => {
    const [a1, a2, b] = ["https://one.abank.example/terms", "https://two.abank.example/terms", "https://bbank.example/terms"];
    await watchedInIdOrder([a1!, a2!, b!]);
    const events: string[] = [];
    let bStarted: () => void = () => undefined;
    const bStart = new Promise<void>((resolve) => (bStarted = resolve));
    const answering = (url: string, waitFor?: Promise<void>) => async () => {
      events.push(`start ${url}`);
      if (url === b) bStarted();
      // a stand-in that would wait for ever if the other host's page were not read beside it
      if (waitFor) await Promise.race([waitFor, new Promise((resume) => setTimeout(resume, 10_000))]);
      events.push(`end ${url}`);
      return pageAnswer(url, termsHtml("60,000"));
    };
    pages.answer(a1!, answering(a1!, bStart));
    pages.answer(a2!, answering(a2!, bStart));
    pages.answer(b!, answering(b!));
    const jobId = await started(3);

    expect(await slice(jobId)).toBe(true);
    expect((await job(jobId)).summary).toMatchObject({ read: 3, kept: 3 });
    const firstA = events.find((e) => e.startsWith("start") && e !== `start ${b}`)!.slice("start ".length);
    const secondA = firstA === a1 ? a2! : a1!;
    expect(events.indexOf(`start ${b}`)).toBeLessThan(events.indexOf(`end ${firstA}`));
    expect(events.indexOf(`end ${firstA}`)).toBeLessThan(events.indexOf(`start ${secondA}`));
  });
});

describe("a run after a slice that died in the middle of its reads", () => {
  it("records what the lost slice was reading as inconclusive, reads none of it again, and goes on after it", async () => {
    // a step of four pages at one bank (read one after the other), then a fifth there and one elsewhere
    const programs = await watchedInIdOrder([
      "https://one.lostbank.example/terms",
      "https://two.lostbank.example/terms",
      "https://three.lostbank.example/terms",
      "https://four.lostbank.example/terms",
      "https://five.lostbank.example/terms",
      "https://otherbank.example/terms",
    ]);
    const [x] = programs;
    pages.answer(x!.termsUrl!, async (url) => {
      lost = true;
      return pageAnswer(url, termsHtml("60,000"));
    });
    const jobId = await started(6);
    await expect(slice(jobId)).rejects.toThrow("the instance was lost");
    const left = await job(jobId);
    expect(left).toMatchObject({ state: "running", done: 0 });
    expect([...left.inProgress].sort()).toEqual(programs.slice(0, 4).map((p) => p.id));
    expect(pages.asked.map((a) => a.url)).toEqual([x!.termsUrl]);

    // the queue's retry, on a working instance
    lost = false;
    expect(await slice(jobId)).toBe(true);
    expect(await job(jobId)).toMatchObject({ state: "done", done: 6, summary: { read: 6, inconclusive: 4, kept: 2 } });
    expect(
      pages.asked
        .slice(1)
        .map((a) => a.url)
        .sort(),
    ).toEqual(["https://five.lostbank.example/terms", "https://otherbank.example/terms"]);
    for (const p of programs.slice(0, 4)) {
      expect(await termsStateOfProgram(p.id)).toMatchObject({
        latestVersion: null,
        lastRead: { outcome: "inconclusive", reason: "the read before did not finish" },
      });
    }
  });

  it("goes on after the last of them whatever their order, counts on from the progress stored, and never goes back before where it got to", async () => {
    const programs = await watchedInIdOrder([
      "https://p1bank.example/terms",
      "https://p2bank.example/terms",
      "https://p3bank.example/terms",
      "https://p4bank.example/terms",
      "https://p5bank.example/terms",
    ]);
    const [p1, p2, p3, p4, p5] = programs;
    // the page of p3 was taken off the program since the lost slice began reading it
    await updateProgram(p3!.id, { termsUrl: null });
    const jobId = await started(5);
    await saveProgress(jobId, { applyAfter: p1!.id, done: 1, counts: { read: 1, kept: 1, same: 0, broken: 0, inconclusive: 0 } });
    await saveInProgress(jobId, [p3!.id, p2!.id]);

    expect(await slice(jobId)).toBe(true);
    expect(await job(jobId)).toMatchObject({ state: "done", done: 5, summary: { read: 4, kept: 3, same: 0, broken: 0, inconclusive: 1 } });
    expect(pages.asked.map((a) => a.url).sort()).toEqual([p4!.termsUrl, p5!.termsUrl]);
    expect((await termsStateOfProgram(p2!.id))!.lastRead).toMatchObject({ reason: "the read before did not finish" });
    expect(await termsStateOfProgram(p3!.id)).toBeNull();
  });

  it("ends the run when what was in progress was the last of the programs, each counted done", async () => {
    const [p1, p2, p3] = await watchedInIdOrder([
      "https://p1bank.example/terms",
      "https://p2bank.example/terms",
      "https://p3bank.example/terms",
    ]);
    const jobId = await started(3);
    await saveProgress(jobId, { applyAfter: p1!.id, done: 1, counts: { read: 1, kept: 1 } });
    await saveInProgress(jobId, [p3!.id, p2!.id]);

    expect(await slice(jobId)).toBe(true);
    expect(pages.asked).toEqual([]);
    expect(await job(jobId)).toMatchObject({
      state: "done",
      done: 3,
      total: 3,
      summary: { read: 3, kept: 1, same: 0, broken: 0, inconclusive: 2 },
      inProgress: [],
    });
  });

  it("goes on from where the stored cursor is when that is past what was in progress", async () => {
    const [p1, p2, p3, p4] = await watchedInIdOrder([
      "https://p1bank.example/terms",
      "https://p2bank.example/terms",
      "https://p3bank.example/terms",
      "https://p4bank.example/terms",
    ]);
    const jobId = await started(4);
    await saveProgress(jobId, { applyAfter: p3!.id, done: 2, counts: { read: 2, kept: 2 } });
    await saveInProgress(jobId, [p2!.id]);

    expect(await slice(jobId)).toBe(true);
    expect(pages.asked.map((a) => a.url)).toEqual([p4!.termsUrl]);
    expect(await job(jobId)).toMatchObject({ done: 4, summary: { read: 4, kept: 3, same: 0, broken: 0, inconclusive: 1 } });
    expect(await termsStateOfProgram(p1!.id)).toMatchObject({ latestVersion: null, lastRead: null });
  });
});
