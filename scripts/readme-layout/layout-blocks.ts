import { CAPABILITY_LEVELS, FUNCTIONS_ROOT, PLATFORM } from "../lib/code-layout.mjs";

/** The README's generated blocks: each between `<!-- {name}:start -->` and `<!-- {name}:end -->`. */
export interface LayoutBlock {
  name: string;
  text: string;
}

const WIDTH = 70;
/** Where the description starts, as in the README's other tree: two spaces, then the name padded to 19. */
const NAME_COLUMN = 21;

/** Words into lines of at most `WIDTH` characters, the first after `first`, the rest after `rest`. */
function wrapped(first: string, rest: string, words: string): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of words.split(" ")) {
    if (!empty && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = rest;
      empty = true;
    }
    line += (empty ? "" : " ") + word;
    empty = false;
  }
  lines.push(line);
  return lines;
}

/** One entry: its name, then `prefix` (a capability's level, or its room) and what it is, wrapped. */
const row = (name: string, what: string, prefix = "") =>
  wrapped(`  ${name}`.padEnd(NAME_COLUMN) + prefix, " ".repeat(NAME_COLUMN + prefix.length), what);

/**
 * What functions/src holds that the layout does not say, or says and it does not hold: a capability
 * folder added without a level (and so without its import rule), a file without a line.
 */
export function layoutProblems(functionsEntries: { name: string; isDirectory: boolean }[]): string[] {
  const capabilities = new Set(CAPABILITY_LEVELS.flat().map((c) => c.name));
  const rootFiles = new Set(FUNCTIONS_ROOT.map((f) => f.name));
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of functionsEntries) {
    if (!entry.isDirectory && /\.test\.tsx?$/.test(entry.name)) continue;
    seen.add(entry.name);
    if (entry.isDirectory && !capabilities.has(entry.name) && entry.name !== PLATFORM.name) {
      problems.push(
        `functions/src/${entry.name}/ is on no level of CAPABILITY_LEVELS (scripts/lib/code-layout.mjs): give it one and a line`,
      );
    } else if (!entry.isDirectory && !rootFiles.has(entry.name)) {
      problems.push(`functions/src/${entry.name} has no line in FUNCTIONS_ROOT (scripts/lib/code-layout.mjs)`);
    }
  }
  for (const name of [...capabilities, PLATFORM.name])
    if (!seen.has(name)) problems.push(`functions/src/${name}/ is in the layout but not on disk`);
  for (const name of rootFiles) if (!seen.has(name)) problems.push(`functions/src/${name} is in the layout but not on disk`);
  return problems;
}

/** functions/src as the README shows it: the composition root, the capabilities from the top level down, platform/. */
export function functionsBlock(): LayoutBlock {
  const levels = CAPABILITY_LEVELS.map((capabilities, index) => ({ level: index + 1, capabilities })).reverse();
  const lines = [
    "```",
    "functions/src/",
    ...FUNCTIONS_ROOT.flatMap((file) => row(file.name, file.what)),
    ...levels.flatMap(({ level, capabilities }) => capabilities.flatMap((c) => row(`${c.name}/`, c.what, `${String(level)} `))),
    // platform/ has no level: every capability may use it
    ...row(`${PLATFORM.name}/`, PLATFORM.what, "  "),
    "```",
    "The number is the capability's level: it imports only capabilities of",
    "a lower level, and `platform/` (`CAPABILITY_LEVELS` in",
    "`scripts/lib/code-layout.mjs`, kept by `eslint.config.mjs`). In a folder:",
    "`*.routes.ts` (handlers), `*.service.ts` (rules), `*.store.ts` (Firestore).",
  ];
  return { name: "functions-layout", text: lines.join("\n") };
}

/** web/src/features as the README shows it: one folder per feature, none importing another. */
export function webFeaturesBlock(features: string[]): LayoutBlock {
  const names = [...features].sort();
  const lines = [
    "```",
    `${"web/src/features/".padEnd(NAME_COLUMN)}one folder each: api/ components/ utils/`,
    ...wrapped("  ", "  ", names.join(" ")),
    "```",
    "A feature imports no other (`eslint.config.mjs`); a page in `src/app/routes/` composes them.",
  ];
  return { name: "web-features", text: lines.join("\n") };
}

/** The README with each block's text put between its markers; throws on a missing marker. */
export function withBlocks(readme: string, blocks: LayoutBlock[]): string {
  let out = readme;
  for (const block of blocks) {
    const start = `<!-- ${block.name}:start -->`;
    const end = `<!-- ${block.name}:end -->`;
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end}`);
    out = `${out.slice(0, from + start.length)}\n${block.text}\n${out.slice(to)}`;
  }
  return out;
}
