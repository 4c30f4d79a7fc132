/**
 * npm run bench:admin-links – how the admin's Referral Links tab copes with a big list.
 *
 * Runs inside the local suite (npm run exec). Seeds a baseline (20 links in 2 programs), measures,
 * then seeds 2,000 links in 50 programs and measures again, so both figures come from one run on
 * one machine. For each: the time from clicking the tab to its list being on screen with the main
 * thread free again (time to interactive), the long tasks (> 50 ms) in between, and the same for
 * typing a search (one member's links in every program: their e-mail, key by key, until the count
 * shows the result) and for 'Expand All'. A third run searches 10,000 links (100 programs of 100). Prints a
 * table; asserts nothing.
 */
import "../lib/require-node-major"; // first: stops at once on a Node of another major
import { chromium, type Page } from "playwright-core";
import { createLink, createProgram, updateProgram, ensureAdmin } from "../../functions/src/toolkit";
import { idTokenFromPassword, resetEmulators } from "../../testing/emulators";
import { signInAsAdmin } from "../../testing/browser/admin";
import { chromiumPath, CHROMIUM_FLAGS } from "../../testing/browser/chromium";
import { routePath } from "../../testing/http";

const ADMIN = { email: "bench-admin@example.com", password: "bench-password-1" };

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/** Programs shared on site with pending links: what the tab's default filters show. */
async function seed(programCount: number, ownersPerProgram: number) {
  await resetEmulators();
  await ensureAdmin(ADMIN.email, ADMIN.password);
  const programs = [];
  for (let p = 0; p < programCount; p++) {
    const program = await createProgram({
      name: `Program ${String(p).padStart(2, "0")}`,
      description: null,
      fallbackUrl: null,
      approved: true,
      proposedBy: null,
    });
    await updateProgram(program.id, { isSharedOnSite: true });
    programs.push(program);
  }
  const links = programs.flatMap((program) =>
    Array.from({ length: ownersPerProgram }, (_, o) => ({
      programId: program.id,
      name: `Member ${o}`,
      email: `member${o}@example.com`,
      link: `https://refer.example.com/${program.id}/${o}`,
      description: `Sign-up bonus offer number ${o} with a description long enough to wrap like real ones do.`,
    })),
  );
  await inBatches(links, 16, (link) => createLink(link, async () => undefined));
  return links.length;
}

/** The admin list call alone, median of three, with the admin's own ID token. */
async function timeApi(admin: { email: string; password: string }): Promise<number> {
  const idToken = await idTokenFromPassword(admin.email, admin.password);
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = Date.now();
    const res = await fetch(`${process.env.APP_URL}${routePath("listLinks")}`, { headers: { authorization: `Bearer ${idToken}` } });
    await res.text();
    times.push(Date.now() - start);
  }
  return times.sort((a, b) => a - b)[1]!;
}

/** Milliseconds until the main thread runs a task again: a page that is frozen answers late. */
const MAIN_THREAD_FREE = `new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 0)), 0))`;

async function measure(page: Page, action: () => Promise<void>, ready: () => Promise<void>) {
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__longTasks.push(e.duration))).observe({
      type: "longtask" as PerformanceObserverInit["type"] & string,
    });
  });
  const start = Date.now();
  await action();
  await ready();
  await page.evaluate(MAIN_THREAD_FREE);
  const ms = Date.now() - start;
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  return { ms, longTasks: longTasks.length, longestTaskMs: Math.round(Math.max(0, ...longTasks)) };
}

async function run(label: string, programCount: number, ownersPerProgram: number) {
  const links = await seed(programCount, ownersPerProgram);
  const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ baseURL: process.env.APP_URL, viewport: { width: 1280, height: 900 } });
    await signInAsAdmin(page, ADMIN);
    // How much of the wait is the API itself (the emulators are far slower than production).
    const apiMs = await timeApi(ADMIN);
    const lastProgram = `Program ${String(programCount - 1).padStart(2, "0")}`;
    const openTab = await measure(
      page,
      () => page.getByRole("tab", { name: "Referral Links" }).click(),
      () => page.getByText(lastProgram, { exact: false }).first().waitFor({ timeout: 120_000 }),
    );
    const search = await measure(
      page,
      () =>
        page.getByRole("searchbox", { name: "Search links" }).pressSequentially(`member${String(ownersPerProgram - 3)}@`, { delay: 50 }),
      () => page.getByText(new RegExp(`^${String(programCount)} of ${String(links)} links`)).waitFor({ timeout: 120_000 }),
    );
    await page.getByRole("searchbox", { name: "Search links" }).fill("");
    const expandAll = await measure(
      page,
      () => page.getByRole("button", { name: "Expand All" }).click(),
      () => page.getByText(`https://refer.example.com/`, { exact: false }).last().waitFor({ timeout: 120_000 }),
    );
    return { label, programs: programCount, links, apiMs, openTab, search, expandAll };
  } finally {
    await browser.close();
  }
}

async function main() {
  const results = [await run("baseline", 2, 10), await run("large", 50, 40), await run("10,000 links", 100, 100)];
  const rows = results.map((r) => ({
    run: r.label,
    programs: r.programs,
    links: r.links,
    "GET /api/links ms": r.apiMs,
    "open tab: ms to interactive": r.openTab.ms,
    "open tab: long tasks": r.openTab.longTasks,
    "open tab: longest task ms": r.openTab.longestTaskMs,
    "search: ms to result": r.search.ms,
    "search: long tasks": r.search.longTasks,
    "search: longest task ms": r.search.longestTaskMs,
    "Expand All: ms to interactive": r.expandAll.ms,
    "Expand All: long tasks": r.expandAll.longTasks,
    "Expand All: longest task ms": r.expandAll.longestTaskMs,
  }));
  console.table(rows);
  const [base, large, huge] = results as [(typeof results)[0], (typeof results)[0], (typeof results)[0]];
  console.log(
    `open tab: ${large.openTab.ms} ms for ${large.links} links vs ${base.openTab.ms} ms for ${base.links} (×${(large.openTab.ms / Math.max(1, base.openTab.ms)).toFixed(1)})`,
  );
  console.log(
    `Expand All: ${large.expandAll.ms} ms vs ${base.expandAll.ms} ms (×${(large.expandAll.ms / Math.max(1, base.expandAll.ms)).toFixed(1)})`,
  );
  console.log(
    `search (typed key by key, 50 ms apart): ${huge.search.ms} ms for ${huge.links} links, ${large.search.ms} ms for ${large.links}, ${base.search.ms} ms for ${base.links}; longest task ${huge.search.longestTaskMs} ms on ${huge.links}`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
