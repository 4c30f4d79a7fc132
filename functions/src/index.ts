import { setGlobalOptions } from "firebase-functions/v2";
import { onRequest } from "firebase-functions/v2/https";
import { onSchedule } from "firebase-functions/v2/scheduler";
import { onTaskDispatched } from "firebase-functions/v2/tasks";
import type { Express } from "express";
import { apiSecrets, isEmulator, visitorCookieSecret } from "./platform/config";
import { handleRedirect } from "./rotation/redirect";

setGlobalOptions({ region: "us-central1", maxInstances: 20 });

// Every function's instance loads this file. The API's weight (express, Stripe, nodemailer, the link
// tester) is loaded on its first request only, so the rotation's instances start without it.
let app: Promise<Express> | undefined;
const getApp = (): Promise<Express> =>
  (app ??= Promise.all([import("./app"), import("./app-deps")])
    .then(([{ createApp }, { getDeps }]) => createApp(getDeps()))
    .catch((err: unknown) => {
      app = undefined; // let the next request try again
      throw err;
    }));

// The platform hands over its own express 4 request objects; our app is express 5, whose types differ
// though the objects are the same Node request and response.
type NodeHandler = (req: unknown, res: unknown) => void;

export const api = onRequest({ secrets: apiSecrets, memory: "256MiB", timeoutSeconds: 60 }, async (req, res) => {
  ((await getApp()) as unknown as NodeHandler)(req, res);
});

// The rotation: its own function, so it scales and cold-starts apart from the admin API. One
// instance serves many visitors at once (its rotation state is per instance and synchronous). Its one
// secret signs the visitor cookie that keeps a returning visitor on their link.
export const redirect = onRequest(
  { secrets: [visitorCookieSecret], memory: "256MiB", timeoutSeconds: 10, concurrency: 80, maxInstances: 100 },
  async (req, res) => {
    await (handleRedirect as unknown as (req: unknown, res: unknown) => Promise<void>)(req, res);
  },
);

// `/` and `/programs`, rendered with their data (pages/pages.ts). Many visitors at once per instance:
// a render is a few milliseconds of work between reads.
export const pages = onRequest({ memory: "512MiB", timeoutSeconds: 10, concurrency: 80 }, async (req, res) => {
  const { handlePage } = await import("./pages/pages");
  await (handlePage as unknown as (req: unknown, res: unknown) => Promise<void>)(req, res);
});

/**
 * Emulator only: a function that answers 302 and does nothing else, the floor that
 * `npm run bench:redirect` compares the rotation with. Never deployed.
 */
export const benchFloor = isEmulator()
  ? onRequest({ memory: "256MiB" }, (_req, res) => {
      res.status(302).set({ Location: "https://example.com/", "Cache-Control": "private, no-store" }).end();
    })
  : undefined;

/**
 * The daily check of every member's subscription: it starts the same job as the admin's button (on the
 * `runJobs` queue); members who lost theirs lose access when it applies the listing. One already
 * running (an admin's) is left to finish. Emulators do not fire schedules: the handler is tested through `.run`.
 */
export const dailySubscriptionCheck = onSchedule({ schedule: "every day 03:00", timeZone: "UTC", timeoutSeconds: 60 }, async (event) => {
  const { startScheduledSubscriptionCheck } = await import("./members/subscription-job.service");
  await startScheduledSubscriptionCheck(new Date(event.scheduleTime));
});

/**
 * Every 6 hours, the link-health check: the same job as the admin's button (on the `runJobs` queue).
 * Emulators do not fire schedules: the handler is tested through `.run`.
 */
export const linkHealthCheck = onSchedule({ schedule: "every 6 hours", timeoutSeconds: 60 }, async (event) => {
  const { startScheduledLinkHealthCheck } = await import("./links/link-health-job.service");
  await startScheduledLinkHealthCheck(new Date(event.scheduleTime));
});

/**
 * Daily at 02:00 UTC, the terms watch: every approved program's terms page read, a version kept when
 * it changed, admins told (the contract's *Terms watch and alerts*); the same job as the admin's *Check
 * Terms Now* (on the `runJobs` queue). Emulators do not fire schedules: the handler is tested through `.run`.
 */
export const termsWatch = onSchedule({ schedule: "every day 02:00", timeZone: "UTC", timeoutSeconds: 60 }, async (event) => {
  const { startScheduledTermsWatch } = await import("./terms/terms-job.service");
  await startScheduledTermsWatch(new Date(event.scheduleTime));
});

/**
 * The alerts channel's deliveries (alerts/alert-delivery.service): one attempt per task; the service
 * enqueues the next attempt itself (after its backoff, or the receiver's Retry-After), so the queue's
 * own retries only cover a crash.
 */
export const deliverAlerts = onTaskDispatched(
  {
    secrets: apiSecrets,
    retryConfig: { maxAttempts: 3, minBackoffSeconds: isEmulator() ? 1 : 30 },
    rateLimits: { maxConcurrentDispatches: 2 },
    timeoutSeconds: 60,
  },
  async (req) => {
    const deliveryId = (req.data as { deliveryId?: unknown } | null)?.deliveryId;
    if (typeof deliveryId !== "string" || deliveryId === "" || deliveryId.includes("/")) return;
    const [{ deliverAlert }, { getDeps }] = await Promise.all([import("./alerts/alert-delivery.service"), import("./app-deps")]);
    await deliverAlert(getDeps(), deliveryId, isEmulator() ? 1 : 10);
  },
);

/**
 * The day's turn at 00:05 UTC: counts brought up to the new date, snoozes that are over cleared,
 * offer-end warnings sent, programs standing out in the last 7 days' traffic told to the alerts
 * channel; the same job as the admin's button (on the `runJobs` queue). One already
 * running is left to finish. Emulators do not fire schedules: the handler is tested through `.run`.
 */
export const dailyTurn = onSchedule({ schedule: "every day 00:05", timeZone: "UTC", timeoutSeconds: 60 }, async (event) => {
  const { startScheduledDailyJob } = await import("./programs/daily-job.service");
  await startScheduledDailyJob(new Date(event.scheduleTime));
});

/**
 * Monday 08:00 UTC, the weekly digest of last week: the same job as the admin's (on the `runJobs`
 * queue). Emulators do not fire schedules: the handler is tested through `.run`.
 */
export const weeklyDigest = onSchedule({ schedule: "0 8 * * 1", timeZone: "UTC", timeoutSeconds: 60 }, async (event) => {
  const { startScheduledWeeklyDigest } = await import("./digest/digest-job.service");
  await startScheduledWeeklyDigest(new Date(event.scheduleTime));
});

/**
 * Slices of the jobs (jobs/jobs.store, jobs/job-runner): subscription checks, auto-approve, the
 * link-health check, the terms watch, the day's turn, the weekly digest and the one-offs (stored addresses truncated,
 * programs given slugs), each slice about 30 s of
 * work that stores its cursor and enqueues the next. A failed slice is retried from that cursor; on the
 * last attempt the job is marked failed (never left running). One job per kind at a time.
 */
const JOB_MAX_ATTEMPTS = 5;
export const runJobs = onTaskDispatched(
  {
    secrets: apiSecrets,
    retryConfig: { maxAttempts: JOB_MAX_ATTEMPTS, minBackoffSeconds: isEmulator() ? 1 : 15, maxBackoffSeconds: 300, maxDoublings: 4 },
    rateLimits: { maxConcurrentDispatches: 2 },
    memory: "512MiB",
    timeoutSeconds: 180,
  },
  async (req) => {
    const jobId = (req.data as { jobId?: unknown } | null)?.jobId;
    if (typeof jobId !== "string" || jobId === "" || jobId.includes("/")) return;
    const [{ runJobSlice }, { getDeps }, { deploySecretProblems }] = await Promise.all([
      import("./jobs/job-runner"),
      import("./app-deps"),
      import("./platform/secret-strength"),
    ]);
    const deps = getDeps();
    // The same refusal as the API's (app.ts): the queue retries, and the job fails, until the secrets are fixed.
    const problems = deploySecretProblems(deps);
    if (problems.length > 0) throw new Error(`Refusing to run jobs: ${problems.join("; ")}`);
    await runJobSlice(
      deps,
      jobId,
      req.retryCount >= JOB_MAX_ATTEMPTS - 1,
      async (kind) => {
        switch (kind) {
          case "link-health":
            return (await import("./links/link-health-job.service")).linkHealthSlice;
          case "address-truncation":
            return (await import("./auth/address-truncation-job.service")).addressTruncationSlice;
          case "subscription-check":
          case "auto-approve":
            return (await import("./members/subscription-job.service")).subscriptionJobSlice;
          case "daily": {
            // the traffic report's alerts go with the day's turn (the contract: `program-stands-out`, daily)
            const [{ dailySliceWith }, { alertProgramsStandingOut }] = await Promise.all([
              import("./programs/daily-job.service"),
              import("./analytics/stands-out-alerts.service"),
            ]);
            return dailySliceWith(alertProgramsStandingOut);
          }
          case "weekly-digest":
            return (await import("./digest/digest-job.service")).weeklyDigestSlice;
          case "terms-watch":
            return (await import("./terms/terms-job.service")).termsWatchSlice;
          case "program-slugs":
            return (await import("./programs/program-slugs-job.service")).programSlugsSlice;
        }
      },
      undefined,
      async (job, error) => (await import("./accounts/job-failed.service")).tellJobFailed(deps, job.kind, error),
    );
  },
);
/**
 * Login links (auth/login-mail.service): `POST /api/auth/email` answers at once and queues every
 * well-formed address alike; here the address is looked up (a user, else a Stripe customer) and, for
 * one the hub knows and under the hourly ceiling, a token made and mailed. Stripe or the mail server
 * failing is retried a few times within minutes (a login link is wanted now, not in an hour); the
 * concurrency bounds how far mails counted at once can pass the ceiling.
 */
const LOGIN_MAIL_MAX_ATTEMPTS = 5;
export const sendLoginMail = onTaskDispatched(
  {
    secrets: apiSecrets,
    retryConfig: { maxAttempts: LOGIN_MAIL_MAX_ATTEMPTS, minBackoffSeconds: isEmulator() ? 1 : 10, maxBackoffSeconds: 60, maxDoublings: 3 },
    rateLimits: { maxConcurrentDispatches: 10 },
    memory: "256MiB",
    timeoutSeconds: 60,
  },
  async (req) => {
    const [{ runLoginMailTask }, { getDeps }] = await Promise.all([import("./auth/login-mail.service"), import("./app-deps")]);
    await runLoginMailTask(getDeps(), req.data, req.retryCount >= LOGIN_MAIL_MAX_ATTEMPTS - 1);
  },
);

/**
 * Every night, the finished days' visit counters are rolled up into one record per program and day
 * and into the links' visit counts (the counts stay the same; readers then read less); then each
 * program's click windows are summed for the new day from those roll-ups (what the Overview reads).
 */
export const nightlyVisitFold = onSchedule({ schedule: "every day 00:45", timeZone: "UTC", timeoutSeconds: 540 }, async (event) => {
  const [{ foldFinishedVisitDays }, { linkVisitsIn }, { programExistsIn }, { refreshClickWindows }] = await Promise.all([
    import("./visits/visit-fold"),
    import("./links/link-visits.store"),
    import("./catalog/programs.store"),
    import("./analytics/click-windows.service"),
  ]);
  const now = new Date(event.scheduleTime);
  await foldFinishedVisitDays(now, { linkVisits: linkVisitsIn, programExists: programExistsIn });
  await refreshClickWindows(now);
});

/**
 * The background purge of deleted links' click records (visits/click-purges.store): each task deletes
 * pages of records for about 30 s, stores its cursor and enqueues the next slice. A slice that fails is
 * retried by the queue from that cursor; a few at a time, so purges never crowd out the rotation's writes.
 */
export const purgeClicks = onTaskDispatched(
  {
    retryConfig: { maxAttempts: 50, minBackoffSeconds: 10, maxBackoffSeconds: 300, maxDoublings: 5 },
    rateLimits: { maxConcurrentDispatches: 4 },
    memory: "256MiB",
    timeoutSeconds: 120,
  },
  async (req) => {
    const { runPurgeTask } = await import("./visits/click-purges.store");
    await runPurgeTask(req.data);
  },
);

/**
 * Starts again every purge that has stopped moving (its first enqueue failed, or the queue gave up on
 * it), so that every deletion's clicks go in the end. Emulators do not fire schedules: tested through `.run`.
 */
export const clickPurgeSweep = onSchedule({ schedule: "every 30 minutes", timeoutSeconds: 300 }, async (event) => {
  const { resumeStalledPurges } = await import("./visits/click-purges.store");
  await resumeStalledPurges(new Date(event.scheduleTime));
});
