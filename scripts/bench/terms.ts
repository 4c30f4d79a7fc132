/**
 * npm run bench:terms – the terms watch over BENCH_TERMS_PROGRAMS programs (500 by default) whose terms
 * pages are on BENCH_TERMS_HOSTS of the fixture site's host names (20), every page changed since the
 * last run, while the link-health check tests BENCH_TERMS_LINKS links (200) on the same hosts.
 *
 * Runs inside the local suite (npm run exec): both jobs are started through the API and run in slices
 * on the `runJobs` queue of the Functions emulator; the fixture site logs every request for a bank's
 * page with the host name asked and its time. Prints, beside the goal (under 10 minutes) and the floor
 * the pacing sets (the busiest host's requests, one a second), the first run (every page new: the
 * baseline, in the same run) and the measured one (every page changed), the programs found changed,
 * and per host the requests and the shortest gap between two of them (the rule: never under 1 s).
 */
import "../lib/require-node-major"; // first: stops at once on a Node of another major
import type { Job } from "@hub/contract/jobs";
import type { Program } from "@hub/contract/programs";
import { utcDay } from "@hub/contract/dates";
import {
  createProgram,
  ensureAdmin,
  importLinks,
  recountProgramLinks,
  SAME_HOST_GAP_MS,
  TURN_SPACING_MS,
} from "../../functions/src/toolkit";
import { idTokenFromPassword, resetEmulators } from "../../testing/emulators";
import { resetBankPages, resetTermsPages, setTermsPage, termsHtml, termsPageUrl } from "../../testing/fixture-site";
import { callRoute } from "../../testing/http";
import { clearInbox } from "../../testing/inbox";
import { followJob, startJob } from "../../testing/jobs";
import { HOST, PORTS } from "../../testing/suite-config";

const PROGRAMS = Number(process.env.BENCH_TERMS_PROGRAMS ?? 500);
const HOSTS = Number(process.env.BENCH_TERMS_HOSTS ?? 20);
const LINKS = Number(process.env.BENCH_TERMS_LINKS ?? 200);
const GOAL_MS = 10 * 60_000;
const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-password" };
const fixture = `http://${HOST}:${String(PORTS.webFixture)}`;

const pageName = (i: number) => `bench-${String(i)}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const outcomeOf = (job: Job) => (job.state === "failed" ? `error: ${job.error ?? "?"}` : JSON.stringify(job.summary));
const jobMs = (job: Job) => Date.parse(job.endedAt ?? job.startedAt) - Date.parse(job.startedAt);

async function setPages(bonus: string) {
  for (let start = 0; start < PROGRAMS; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, PROGRAMS - start) }, (_, k) =>
        setTermsPage(pageName(start + k), termsHtml(bonus, ` Card ${String(start + k)}.`)),
      ),
    );
  }
}

async function seed(): Promise<string> {
  await resetEmulators();
  await Promise.all([resetTermsPages(), resetBankPages(), clearInbox()]);
  await setPages("60,000");
  for (let i = 0; i < PROGRAMS; i++) {
    await createProgram({
      name: `Bench Card ${String(i)}`,
      description: null,
      fallbackUrl: null,
      approved: true,
      proposedBy: null,
      termsUrl: termsPageUrl(pageName(i), i % HOSTS),
    });
  }
  // links of one program, on the same hosts: the link-health check asks those banks at the same time
  const linksProgram = await createProgram({ name: "Bench Links", description: null, fallbackUrl: null, approved: true, proposedBy: null });
  await importLinks(
    Array.from({ length: LINKS }, (_, i) => ({
      programId: linksProgram.id,
      name: `member ${String(i)}`,
      email: `member-${String(i)}@example.com`,
      link: `http://host${String(i % HOSTS)}.fixture.referral-hub.test:${String(PORTS.webFixture)}/bank/link-${String(i)}`,
      description: "Offer",
      approved: true,
    })),
  );
  await recountProgramLinks(linksProgram.id, utcDay(new Date()));
  await ensureAdmin(ADMIN.email, ADMIN.password);
  return idTokenFromPassword(ADMIN.email, ADMIN.password);
}

async function requestsByHost(): Promise<Map<string, number[]>> {
  const log = (await (await fetch(`${fixture}/__requests`)).json()) as { host: string; at: number }[];
  const byHost = new Map<string, number[]>();
  for (const { host, at } of log) byHost.set(host, [...(byHost.get(host) ?? []), at]);
  for (const times of byHost.values()) times.sort((a, b) => a - b);
  return byHost;
}

async function main() {
  const admin = await seed();
  process.stdout.write(
    `bench:terms — ${String(PROGRAMS)} programs' terms pages on ${String(HOSTS)} hosts, ${String(LINKS)} links on the same hosts\n`,
  );

  const first = (await followJob(admin, await startJob(admin, "runTermsWatch"), 30 * 60_000)).at(-1)!;
  await setPages("40,000");
  await fetch(`${fixture}/__requests`, { method: "DELETE" });

  const [termsId, healthId] = await Promise.all([startJob(admin, "runTermsWatch"), startJob(admin, "runLinkHealth")]);
  const [termsRun, healthRun] = await Promise.all([followJob(admin, termsId, 30 * 60_000), followJob(admin, healthId, 30 * 60_000)]);
  const terms = termsRun.at(-1)!;
  const health = healthRun.at(-1)!;
  const programs = (await callRoute("listPrograms", { idToken: admin })).body as Program[];
  const changed = programs.filter((p) => p.terms?.status === "changed").length;

  const byHost = await requestsByHost();
  const busiest = Math.max(...[...byHost.values()].map((t) => t.length));
  const gaps = [...byHost.entries()].map(([host, times]) => {
    const steps = times.slice(1).map((t, i) => t - times[i]!);
    return {
      host,
      requests: times.length,
      minGapMs: steps.length > 0 ? Math.min(...steps) : null,
      under1s: steps.filter((g) => g < SAME_HOST_GAP_MS).length,
    };
  });
  const tooClose = gaps.reduce((n, g) => n + g.under1s, 0);

  const rows = [
    ["first run (every page new, baseline)", `${first.state}, ${seconds(jobMs(first))}`, outcomeOf(first)],
    ["measured run (every page changed)", `${terms.state}, ${seconds(jobMs(terms))}`, outcomeOf(terms)],
    ["link health at the same time", `${health.state}, ${seconds(jobMs(health))}`, outcomeOf(health)],
    [
      "pacing floor (busiest host)",
      seconds(busiest * TURN_SPACING_MS),
      `${String(busiest)} requests at one host, a turn every ${seconds(TURN_SPACING_MS)} (${seconds(busiest * 1000)} at 1 a second)`,
    ],
    ["goal", `< ${seconds(GOAL_MS)}`, jobMs(terms) < GOAL_MS ? "met" : "NOT met"],
    ["programs marked changed", `${String(changed)} of ${String(PROGRAMS)}`, changed === PROGRAMS ? "all" : "MISSING SOME"],
    [
      "pacing per host",
      `${String(byHost.size)} hosts, shortest gap ${String(Math.min(...gaps.map((g) => g.minGapMs ?? Infinity)))} ms`,
      tooClose === 0 ? "no host asked twice within 1 s" : `${String(tooClose)} gaps under 1 s`,
    ],
  ];
  for (const [what, figure, note] of rows) process.stdout.write(`  ${what!.padEnd(44)} ${figure!.padEnd(22)} ${note!}\n`);
  for (const g of gaps.sort((a, b) => a.host.localeCompare(b.host, "en", { numeric: true }))) {
    process.stdout.write(`    ${g.host.padEnd(40)} ${String(g.requests).padStart(4)} requests, shortest gap ${String(g.minGapMs)} ms\n`);
  }
  if (changed !== PROGRAMS || tooClose > 0 || terms.state !== "done") process.exitCode = 1;
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
