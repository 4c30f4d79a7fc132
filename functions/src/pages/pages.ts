/**
 * The `pages` function: `/` and `/programs`, the pages a visitor's phone opens first, rendered on each
 * request with what they show (the community; the programs shared on the site), by the web app's own
 * components (its server renderer, built by the web build into functions/pages/; see
 * web/prerender-pages.ts). The page is complete before any script runs, so the browser need not run
 * the app to show it (issue 16). The answer is the same for everyone (a visitor's variant), so
 * Hosting's CDN keeps it a minute, as it keeps the public programs list. A request the CDN does not
 * answer (a query string or a `__session` cookie of its own) reads no program either while the
 * instance's open list is fresh (programs/open-list.ts).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { Request, Response } from "express";
import { logger } from "firebase-functions";
import { communityFromConfig } from "../community/community-config";
import { appOriginValue } from "../platform/config";
import { NOTHING_HEADERS, pageHeaders } from "../platform/http/security-headers";
import { OpenList } from "../programs/open-list";

/** The renderer's interface (web/src/app/prerender.tsx), the part this function uses. */
interface Renderer {
  renderPageInto(template: string, url: string, data: { community?: unknown; publicPrograms?: unknown }): Promise<string>;
}

/** Each page's template, by address (written by web/prerender-pages.ts). */
const TEMPLATES = { "/": "home.html", "/programs": "programs.html" } as const;
type PagePath = keyof typeof TEMPLATES;

/** functions/pages/, beside lib/ where this file is bundled (functions/bundle.mjs). */
const PAGES_DIR = join(__dirname, "..", "pages");

/** The CDN keeps a page a minute (a new program shows within it); browsers ask again each time. */
const CACHE_CONTROL = "public, max-age=0, s-maxage=60";

const isPagePath = (path: string): path is PagePath => Object.hasOwn(TEMPLATES, path);

export interface PageHandlerOptions {
  /** Where the templates and the renderer are (functions/pages/ as deployed). */
  pagesDir?: string;
  /** The shared programs /programs lists: kept per instance for a short time (programs/open-list.ts). */
  openList?: OpenList;
}

/**
 * The handler of the `pages` function: one per instance, with its renderer, templates and open list
 * loaded once. Every answer carries the security headers (platform/http/security-headers.ts), as
 * Hosting adds them, so that the function's own URL serves them too.
 */
export function pageHandler(options: PageHandlerOptions = {}): (req: Request, res: Response) => Promise<void> {
  const pagesDir = options.pagesDir ?? PAGES_DIR;
  // made on the first request: a deploy's parameters are read at run time, not when the bundle loads
  let openList = options.openList;
  let headers: Record<string, string> | undefined;

  let renderer: Promise<Renderer> | undefined;
  const loadRenderer = (): Promise<Renderer> =>
    (renderer ??= (import(pathToFileURL(join(pagesDir, "renderer", "prerender.js")).href) as Promise<Renderer>).catch((err: unknown) => {
      renderer = undefined; // let the next request try again
      throw err;
    }));

  const templates = new Map<PagePath, Promise<string>>();
  function templateOf(path: PagePath): Promise<string> {
    let template = templates.get(path);
    if (!template) {
      template = readFile(join(pagesDir, TEMPLATES[path]), "utf8");
      templates.set(path, template);
    }
    return template;
  }

  /** What the page at `path` shows. A part that cannot be read is left out: the browser asks the API for it. */
  async function dataFor(path: PagePath) {
    const community = communityFromConfig() ?? undefined;
    if (path !== "/programs") return { community };
    try {
      openList ??= new OpenList({ appOrigin: appOriginValue(), now: () => new Date() });
      return { community, publicPrograms: await openList.list() };
    } catch (err) {
      logger.error("The programs page is served without its programs: they could not be read", err);
      return { community };
    }
  }

  return async function handlePage(req: Request, res: Response): Promise<void> {
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
    if (!isPagePath(path) || (req.method !== "GET" && req.method !== "HEAD")) {
      res
        .status(404)
        .set({ ...NOTHING_HEADERS, "Cache-Control": "private, no-store" })
        .type("text/plain")
        .send("Not found");
      return;
    }
    const template = await templateOf(path);
    let html: string;
    try {
      const [{ renderPageInto }, data] = await Promise.all([loadRenderer(), dataFor(path)]);
      html = await renderPageInto(template, path, data);
    } catch (err) {
      // The page without its render still works: the app renders it in the browser (web/src/main.tsx).
      // The template's slots are comments (PAGE_SLOTS in web/src/app/prerender.tsx): left empty.
      logger.error(`${path} is served unrendered: the render failed`, err);
      html = template;
    }
    headers ??= pageHeaders();
    res
      .status(200)
      .set({ ...headers, "Content-Type": "text/html; charset=utf-8", "Cache-Control": CACHE_CONTROL, Vary: "Accept-Encoding" });
    // Compressed here: the page is mostly CSS and markup (about 50 KB, 9 KB in gzip), and neither the
    // local Hosting emulator nor every proxy compresses a function's answer.
    if (req.acceptsEncodings("gzip")) res.set("Content-Encoding", "gzip").send(gzipSync(html));
    else res.send(html);
  };
}

/** The deployed function's handler (index.ts). */
export const handlePage = pageHandler();
