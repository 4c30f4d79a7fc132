/**
 * After `vite build` (the browser's bundle in dist/) and `vite build --ssr src/app/prerender.tsx`
 * (the same app for Node, in .prerender/): writes the pages a phone opens first with their HTML
 * prerendered, so that they paint before their JavaScript has arrived (issue 16).
 *
 *   dist/index.html     `/` prerendered (Hosting answers `/` with it)
 *   dist/programs.html  `/programs` prerendered (a rewrite in firebase.json)
 *   dist/app.html       the empty page every other address gets (the `**` rewrite)
 *
 * Each prerendered page also names its route's chunk and that chunk's imports (modulepreload), so
 * that the browser fetches them with the entry instead of after it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { prerenderPage as PrerenderPage } from "./src/app/prerender";

const WEB = import.meta.dirname;
const DIST = join(WEB, "dist");
const ROOT_ELEMENT = '<div id="root"></div>';
const ENTRY_SCRIPT = '<script type="module"';

const PAGES = [
  { url: "/", file: "index.html", routeModule: "src/app/routes/home.tsx" },
  { url: "/programs", file: "programs.html", routeModule: "src/app/routes/programs.tsx" },
] as const;

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** The route module's chunk and every chunk it imports statically, except the entry's (already loaded). */
function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || chunk.isEntry || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => chunksOf(manifest, imported, seen))];
}

async function main() {
  // The prerender's bundle leaves process.env.NODE_ENV to Node: production, as the browser's build, so
  // that React and emotion render the same markup and class names (development adds labels to them).
  process.env.NODE_ENV = "production";
  const template = readFileSync(join(DIST, "index.html"), "utf8");
  for (const part of [ROOT_ELEMENT, ENTRY_SCRIPT]) if (!template.includes(part)) throw new Error(`dist/index.html has no ${part}`);
  const manifest = JSON.parse(readFileSync(join(DIST, ".vite", "manifest.json"), "utf8")) as Manifest;
  const { prerenderPage } = (await import(pathToFileURL(join(WEB, ".prerender", "prerender.js")).href)) as { prerenderPage: typeof PrerenderPage };

  writeFileSync(join(DIST, "app.html"), template);
  for (const page of PAGES) {
    const { html, styleTag } = await prerenderPage(page.url);
    // Low priority: the prerendered page paints without its scripts, which should not compete with it.
    const preloads = chunksOf(manifest, page.routeModule).map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`);
    const out = template
      .replace(ENTRY_SCRIPT, `${ENTRY_SCRIPT} fetchpriority="low"`)
      .replace("</head>", `${[...preloads, styleTag].join("\n")}\n</head>`)
      .replace(ROOT_ELEMENT, `<div id="root">${html}</div>`);
    writeFileSync(join(DIST, page.file), out);
    console.log(`prerendered ${page.url} -> dist/${page.file} (${String(out.length)} bytes, ${String(preloads.length)} chunks preloaded)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
