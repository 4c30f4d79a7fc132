import { startTransition, useLayoutEffect, useState, type ReactNode } from "react";
import {
  Route,
  Router,
  Routes,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type NavigationType,
} from "react-router-dom";
import { lazyWithPreload } from "@/lib/lazy-with-preload";
import { isNavigatingNow } from "@/lib/navigate-now";
import { RootLayout } from "./root-layout";

// One chunk per route module: the landing and login pages never load admin or analytics code.
const HomeRoute = lazyWithPreload(() => import("./routes/home"));
const ProgramsRoute = lazyWithPreload(() => import("./routes/programs"));
const SubmitRoute = lazyWithPreload(() => import("./routes/submit"));
const AdminLoginRoute = lazyWithPreload(() => import("./routes/admin-login"));
const EmailLoginRoute = lazyWithPreload(() => import("./routes/email-login"));
const SubscriptionErrorRoute = lazyWithPreload(() => import("./routes/subscription-error"));
const DashboardRoute = lazyWithPreload(() => import("./routes/dashboard"));
const AdminRoute = lazyWithPreload(() => import("./routes/admin"));
const AdminSettingsRoute = lazyWithPreload(() => import("./routes/admin-settings"));
const AnalyticsRoute = lazyWithPreload(() => import("./routes/analytics"));
const UnsubscribeRoute = lazyWithPreload(() => import("./routes/unsubscribe"));
const NotFoundRoute = lazyWithPreload(() => import("./routes/not-found"));

// The declarative router, not the data router (createBrowserRouter): the app uses no loaders or
// actions, and the data router's code is about 17 KB of gzip on every visitor's first page. What the
// app took from it is here instead: navigations render as transitions (the current page stays while
// the next one's code loads) unless they go through navigateNow (flushSync), the root's error
// element is RootLayout's error boundary, and ScrollRestoration is RootLayout's scroll effect.
// Created on first use, not when the module loads: the build's prerender (app/prerender.tsx) imports
// the routes in Node, where there is no window.
let browserHistory: ReturnType<typeof createBrowserHistory> | undefined;

function AppHistoryRouter({ children }: { children: ReactNode }) {
  const history = (browserHistory ??= createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState<{ action: NavigationType; location: Location }>({
    action: history.action,
    location: history.location,
  });
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        if (isNavigatingNow()) setState({ action, location });
        else
          startTransition(() => {
            setState({ action, location });
          });
      }),
    [history],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}

/**
 * The code of a server-rendered page (`/`, `/programs`), loaded before the browser hydrates it
 * (main.tsx): a part still loading while hydration runs is rendered again from scratch (see
 * lazyWithPreload).
 */
export function preloadServerRenderedPage(pathname: string): Promise<unknown> {
  if (pathname === "/") return HomeRoute.preload();
  if (pathname === "/programs") return ProgramsRoute.preload().then((module) => module.preloadPageParts());
  return Promise.resolve();
}

/** The app's routes over the browser's history. */
export function AppRouter() {
  return (
    <AppHistoryRouter>
      <AppRoutes />
    </AppHistoryRouter>
  );
}

/** Every page of the app, for whichever router renders them (the browser's, or the prerender's). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<HomeRoute />} />
        <Route path="/programs" element={<ProgramsRoute />} />
        <Route path="/submit" element={<SubmitRoute />} />
        <Route path="/auth" element={<AdminLoginRoute />} />
        <Route path="/email-login" element={<EmailLoginRoute />} />
        <Route path="/subscription-error" element={<SubscriptionErrorRoute />} />
        <Route path="/dashboard" element={<DashboardRoute />} />
        <Route path="/admin" element={<AdminRoute />} />
        <Route path="/admin/settings" element={<AdminSettingsRoute />} />
        <Route path="/analytics" element={<AnalyticsRoute />} />
        <Route path="/unsubscribe" element={<UnsubscribeRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
