import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/index";
import { setPrerenderedPage } from "./lib/use-hydrated";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// In a transition, React yields to the browser every few milliseconds while it renders, instead of
// rendering the whole page in one task that a slow phone spends hundreds of milliseconds on (and
// that blocks every tap meanwhile). `/` and `/programs` arrive prerendered (app/prerender.tsx):
// their HTML is on screen already, and React takes it over; every other address starts empty.
const prerendered = container.hasChildNodes();
setPrerenderedPage(prerendered);
startTransition(() => {
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
