import { hydrate } from "@tanstack/react-query";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/index";
import { preloadServerRenderedPage } from "./app/router";
import { readPageState } from "./app/page-state";
import { createQueryClient } from "./lib/query-client";
import { setPrerenderedPage } from "./lib/use-hydrated";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

// A server-rendered page (`/`, `/programs`: functions/src/pages) carries the data it was rendered
// with; hydration starts from the same, or it would render a loading state over the page's content.
const queryClient = createQueryClient();
const pageState = readPageState();
if (pageState) hydrate(queryClient, pageState);

const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

// In a transition, React yields to the browser every few milliseconds while it renders, instead of
// rendering the whole page in one task that a slow phone spends hundreds of milliseconds on (and
// that blocks every tap meanwhile). `/` and `/programs` arrive rendered: their HTML is on screen
// already, and React takes it over; every other address starts empty.
const prerendered = container.hasChildNodes();
setPrerenderedPage(prerendered);
if (prerendered) {
  // the page's code first: hydration must not meet a part still loading (see lazyWithPreload)
  void preloadServerRenderedPage(window.location.pathname).finally(() => {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  });
} else {
  startTransition(() => {
    createRoot(container).render(app);
  });
}
