/**
 * After `vite build` (the browser's bundle in dist/) and `vite build --ssr src/app/prerender.tsx`
 * (the same app for Node, in functions/pages/renderer/): writes what serves the pages a phone opens
 * first, `/` and `/programs`. The `pages` function (functions/src/pages) renders them on each request
 * with their data, into the templates written here, so that they paint complete before their
 * JavaScript has arrived (issue 16):
 *
 *   functions/pages/home.html, programs.html  each page's template (comments mark where the render goes)
 *   dist/app.html                             the empty page every other address gets (the `**` rewrite)
 *
 * dist/index.html goes: Hosting would answer `/` with it before the rewrite to the function.
 *
 * A rendered page names the visitor's island (public/visitor-island.js) instead of the app's entry:
 * a few plain lines that answer a visitor's controls on the server's HTML (the search, *Copy*, the QR
 * code), so that a visitor's phone never waits for the app (issue 32). The island loads the app for
 * any other button, and after the first paint in a browser that keeps a session or a chosen theme:
 * never before it, as the page's HTML can be painted as it is, and a phone that already has the
 * scripts (or gets them quickly) would otherwise run them, and hydrate, before it shows anything
 * (Lighthouse's simulation then also counts their download into LCP). It then fetches the entry
 * together with the route's chunk and that chunk's imports (instead of one after the other).
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { minifySync } from "rolldown/utils";
import type * as Prerender from "./src/app/prerender";

const WEB = import.meta.dirname;
const DIST = join(WEB, "dist");
/** Where the `pages` function finds the renderer and the templates (deployed with the functions). */
const PAGES_DIR = join(WEB, "..", "functions", "pages");
const ROOT_ELEMENT = '<div id="root"></div>';
/** The preloads of the entry's chunks Vite writes into index.html. */
const ENTRY_PRELOADS = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;
/** The app's entry as Vite writes it into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The visitor's island (named by the pages) and the part of it that loads when asked for. */
const ISLAND_SCRIPTS = ["visitor-island.js", "visitor-island-png.js"] as const;

const PAGES = [
  { url: "/", template: "home.html", routeModule: "src/app/routes/home.tsx" },
  { url: "/programs", template: "programs.html", routeModule: "src/app/routes/programs.tsx" },
] as const;

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * The chunks a module's chunk imports statically, and that chunk itself unless it is the entry, each
 * after the chunks it imports: the order in which importing it would evaluate them.
 */
function staticChunksInOrder(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  const imported = (chunk.imports ?? []).flatMap((next) => staticChunksInOrder(manifest, next, seen));
  return chunk.isEntry ? imported : [...imported, chunk.file];
}

async function main() {
  // The prerender's bundle leaves process.env.NODE_ENV to Node: production, as the browser's build, so
  // that React and emotion render the same markup and class names (development adds labels to them).
  process.env.NODE_ENV = "production";
  const template = readFileSync(join(DIST, "index.html"), "utf8");
  const entryMatch = ENTRY_SCRIPT.exec(template);
  if (!entryMatch || !template.includes(ROOT_ELEMENT)) throw new Error(`dist/index.html has no entry script or no ${ROOT_ELEMENT}`);
  const [entryScript, entry = ""] = entryMatch;
  const manifest = JSON.parse(readFileSync(join(DIST, ".vite", "manifest.json"), "utf8")) as Manifest;
  // What every page request runs must be React's production build (vite.config.ts says why).
  const renderer = readFileSync(join(PAGES_DIR, "renderer", "prerender.js"), "utf8");
  if (renderer.includes("process.env.NODE_ENV") || renderer.includes(".development.js")) {
    throw new Error("functions/pages/renderer/prerender.js holds a development build or chooses one at run time");
  }
  // The renderer is ES modules in a folder of a CommonJS package (functions/): it says so itself.
  writeFileSync(join(PAGES_DIR, "renderer", "package.json"), `${JSON.stringify({ type: "module" })}\n`);
  const {
    prerenderGlobalCss,
    GLOBAL_CSS_ELEMENT_ID,
    PAGE_SLOTS: SLOTS,
  } = (await import(pathToFileURL(join(PAGES_DIR, "renderer", "prerender.js")).href)) as typeof Prerender;

  // The island is in public/ (copied as it is, with its comments): every phone downloads it first.
  for (const script of ISLAND_SCRIPTS) {
    const file = join(DIST, script);
    // its top-level names too: a module's are its own
    const minified = minifySync(script, readFileSync(file, "utf8"), { mangle: { toplevel: true } });
    if (minified.errors.length > 0) throw new Error(`${script} does not minify: ${minified.errors.map((e) => e.message).join("; ")}`);
    writeFileSync(file, minified.code);
  }

  // Every page, the empty one too, carries the page-wide CSS (src/app/global-css.ts).
  const globalCss = await prerenderGlobalCss();
  if (globalCss.includes("</")) throw new Error("The page-wide CSS would end its <style> element early");
  const withGlobalCss = (html: string) =>
    html.replace("</head>", () => `<style id="${GLOBAL_CSS_ELEMENT_ID}">${globalCss}</style>\n</head>`);
  writeFileSync(join(DIST, "app.html"), withGlobalCss(template));
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry && `/${manifest[key].file}` === entry);
  if (!entryKey) throw new Error(`The manifest has no entry ${entry}`);
  const appChunks = staticChunksInOrder(manifest, entryKey).map((file) => `/${file}`);
  for (const page of PAGES) {
    // the route's own chunks: the entry's are loaded already
    const routeChunks = staticChunksInOrder(manifest, page.routeModule)
      .map((file) => `/${file}`)
      .filter((file) => !appChunks.includes(file));
    // The app's entry and the route's chunks load when the island needs them (public/visitor-island.js).
    const island = `<script type="module" src="/${ISLAND_SCRIPTS[0]}" data-app-entry="${entry}" data-app-chunks="${appChunks.join(" ")}" data-route-chunks="${routeChunks.join(" ")}"></script>`;
    const out = withGlobalCss(template)
      .replace(entryScript, island)
      // the entry's chunks too wait (the island preloads them when it loads the app)
      .replace(ENTRY_PRELOADS, "")
      .replace("</head>", () => `${SLOTS.head}\n</head>`)
      .replace(ROOT_ELEMENT, () => `<div id="root">${SLOTS.root}</div>${SLOTS.state}`);
    writeFileSync(join(PAGES_DIR, page.template), out);
    console.log(`${page.url} -> functions/pages/${page.template} (${String(routeChunks.length)} route chunks)`);
  }
  rmSync(join(DIST, "index.html"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
