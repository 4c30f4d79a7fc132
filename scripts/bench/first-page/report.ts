/** The first-page bench's tables: per route, each figure for this build and the baseline, with its goal. */
import { controlKey, type ControlName, type TapMeasure } from "./first-tap";
import { lowestPerformance, medianRun, type LighthouseRun } from "./lighthouse";

export const GOALS = {
  /** Lighthouse performance: the median of the runs, and the lowest run. */
  performanceMedian: 98,
  performanceLowest: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  /** JavaScript loaded before the visitor's first tap (gzip). */
  jsBeforeTapKb: 2,
  /** INP of the first tap and of typing after it; the answer on screen within the same. */
  interactionMs: 200,
} as const;

/** The HTML of /programs as the server renders it, per card. */
export interface HtmlSize {
  cards: number;
  bytes: number;
  gzipBytes: number;
}

/** What the bench measured of one build. */
export interface BuildFigures {
  label: string;
  lighthouse: Map<string, LighthouseRun[]>;
  /** By "programs shared" (6, 200), then by control ("/programs: Copy"): one measure per run. */
  taps: Map<number, Map<string, TapMeasure[]>>;
  html: Map<number, HtmlSize>;
}

type Row = [figure: string, values: (string | undefined)[], goal: string, met: boolean | undefined];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const ms = (value: number) => `${value.toLocaleString("en-US")} ms`;
/** Event Timing reports no interaction under 16 ms. */
const inp = (value: number) => (value === 0 ? "< 16 ms" : ms(value));
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

function lighthouseRows(route: string, builds: BuildFigures[]): Row[] {
  const runs = builds.map((b) => b.lighthouse.get(route) ?? []);
  const medians = runs.map((r) => (r.length > 0 ? medianRun(r) : undefined));
  const mine = medians[0];
  const each = (pick: (run: LighthouseRun) => string) => medians.map((m) => (m ? pick(m) : undefined));
  return [
    [
      "Lighthouse performance, median (each run)",
      runs.map((r, i) => (medians[i] ? `${String(medians[i].performance)} (${r.map((run) => run.performance).join(", ")})` : undefined)),
      `≥ ${String(GOALS.performanceMedian)}`,
      mine && mine.performance >= GOALS.performanceMedian,
    ],
    [
      "Lighthouse performance, lowest run",
      runs.map((r) => (r.length > 0 ? String(lowestPerformance(r)) : undefined)),
      `≥ ${String(GOALS.performanceLowest)}`,
      runs[0]!.length > 0 && lowestPerformance(runs[0]!) >= GOALS.performanceLowest,
    ],
    [
      "accessibility, best practices, SEO",
      each((m) => `${String(m.accessibility)}, ${String(m.bestPractices)}, ${String(m.seo)}`),
      "100 each",
      mine && mine.accessibility >= GOALS.accessibility && mine.bestPractices >= GOALS.bestPractices && mine.seo >= GOALS.seo,
    ],
    ["LCP", each((m) => `${(m.lcpMs / 1000).toFixed(2)} s`), "(in the score)", undefined],
    ["total blocking time", each((m) => ms(m.tbtMs)), "(in the score)", undefined],
    [
      "JS before a tap (gzip)",
      each((m) => `${kb(m.jsGzipBytes)} in ${String(m.scripts)} files`),
      `≤ ${String(GOALS.jsBeforeTapKb)} KB`,
      mine && mine.jsGzipBytes / 1000 <= GOALS.jsBeforeTapKb,
    ],
  ];
}

function tapRows(seed: number, control: ControlName, builds: BuildFigures[]): Row[] {
  const runs = builds.map((b) => b.taps.get(seed)?.get(controlKey(control)) ?? []);
  if (runs[0]!.length === 0) return [];
  const each = (pick: (run: TapMeasure) => number, show: (value: number) => string) =>
    runs.map((r) => (r.length > 0 ? show(median(r.map(pick))) : undefined));
  const within = (pick: (run: TapMeasure) => number) => median(runs[0]!.map(pick)) <= GOALS.interactionMs;
  const goal = `≤ ${String(GOALS.interactionMs)} ms`;
  // `/` shows no programs: its figures need no count
  const at = control.route === "/programs" ? `${String(seed)} programs: ${control.name}:` : `${control.name}:`;
  return [
    [`${at} INP of the first tap`, each((r) => r.firstTapMs, inp), goal, within((r) => r.firstTapMs)],
    ...(control.typed ? [[`${at} INP, worst while typing`, each((r) => r.worstMs, inp), goal, within((r) => r.worstMs)] as Row] : []),
    [`${at} answered in${control.typed ? " (from the last key)" : ""}`, each((r) => r.answeredMs, ms), goal, within((r) => r.answeredMs)],
    [`${at} JS loaded by the tap (gzip)`, each((r) => r.jsGzipBytes, kb), "", undefined],
  ];
}

function htmlRows(builds: BuildFigures[]): Row[] {
  const seeds = [...(builds[0]?.html.keys() ?? [])].sort((a, b) => a - b);
  const rows: Row[] = seeds.map((seed) => [
    `/programs HTML per card, ${String(seed)} programs (whole page ÷ cards; gzip)`,
    builds.map((b) => {
      const size = b.html.get(seed);
      return size ? `${kb(size.bytes / size.cards)}; ${kb(size.gzipBytes / size.cards)}` : undefined;
    }),
    "",
    undefined,
  ]);
  const [few, many] = [seeds[0], seeds.at(-1)];
  if (few !== undefined && many !== undefined && many > few) {
    rows.push([
      `/programs HTML each card adds (${String(few)} → ${String(many)} programs; gzip)`,
      builds.map((b) => {
        const [a, z] = [b.html.get(few), b.html.get(many)];
        return a && z ? `${kb((z.bytes - a.bytes) / (many - few))}; ${kb((z.gzipBytes - a.gzipBytes) / (many - few))}` : undefined;
      }),
      "",
      undefined,
    ]);
  }
  return rows;
}

function printTable(title: string, rows: Row[], builds: BuildFigures[]) {
  console.log(`\n${title}`);
  console.log(`| figure | ${builds.map((b) => b.label).join(" | ")} | goal | |`);
  console.log(`| --- | ${builds.map(() => "---").join(" | ")} | --- | --- |`);
  for (const [figure, values, goal, met] of rows) {
    const verdict = met === undefined ? "" : met ? "met" : "NOT met";
    console.log(`| ${figure} | ${values.map((v) => v ?? "").join(" | ")} | ${goal} | ${verdict} |`);
  }
}

/** One table per route: Lighthouse, then each control's first tap at each seed, then (on /programs) the HTML's weight. */
export function printReport(routes: readonly string[], controls: ControlName[], builds: BuildFigures[]) {
  const seeds = [...(builds[0]?.taps.keys() ?? [])];
  for (const route of routes) {
    const rows = lighthouseRows(route, builds);
    for (const seed of seeds) for (const control of controls.filter((c) => c.route === route)) rows.push(...tapRows(seed, control, builds));
    if (route === "/programs") rows.push(...htmlRows(builds));
    printTable(route, rows, builds);
  }
  const failed = builds[0] ? [...builds[0].lighthouse.values()].flat().flatMap((run) => run.failedAudits) : [];
  if (failed.length > 0) console.log(`\naudits not passed (outside performance), this build: ${[...new Set(failed)].join(", ")}`);
}
