/**
 * The build's prerender (run by web/prerender-pages.ts, in Node, after `vite build --ssr`): the HTML
 * of the app's first render at an address, the same components as in the browser, for everyone
 * (visitor or member: the session shows as being restored) and without data (the pages show their
 * loading state; the browser fetches the data). The page is on screen before its JavaScript has
 * arrived, and the browser's React hydrates it (main.tsx).
 */
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { AppProviders } from "./providers";
import { setPrerenderedPage } from "@/lib/use-hydrated";
import { AppRoutes } from "./router";

export interface PrerenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The CSS that markup uses, as one <style> element that emotion in the browser takes over. */
  styleTag: string;
}

export async function prerenderPage(url: string): Promise<PrerenderedPage> {
  setPrerenderedPage(true);
  // The browser's default cache has the key "css"; in compat mode emotion keeps the rules it
  // renders on the cache instead of writing <style> elements into the markup (which hydration would
  // trip over), so they can go in <head> as one element.
  const cache = createCache({ key: "css" });
  cache.compat = true;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
  );
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  const rules = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  // `data-emotion="css <names>"`: the browser's cache marks these names as inserted and skips them.
  const styleTag = `<style data-emotion="css ${rules.map(([name]) => name).join(" ")}">${rules.map(([, css]) => css).join("")}</style>`;
  return { html, styleTag };
}
