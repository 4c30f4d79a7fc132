import Box from "@mui/material/Box";
import { Suspense, useEffect, useLayoutEffect } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router-dom";
import { RouteErrorBoundary } from "@/components/errors/index";
import { PageSpinner } from "@/components/spinners/index";
import { ThemeToggle } from "@/components/theme-toggle/index";
import { EndRefusedSession } from "@/features/auth/components/end-refused-session";
import { PageTakenOver } from "@/lib/use-hydrated";

/**
 * Every page is its own chunk; this shows a spinner while one loads, and the error page if one fails.
 * The theme toggle is on every page, in the top right corner over the page's top padding: a bar that
 * took room of its own would push every page (and its prerendered first paint) down.
 */
export function RootLayout() {
  const location = useLocation();
  useScrollRestoration();
  return (
    <>
      <Box component="header" sx={{ position: "absolute", top: 0, right: 0, p: 0.5, zIndex: "appBar" }}>
        <ThemeToggle />
      </Box>
      {/* a blocked or lapsed member is signed out and told why, whichever page's call found out */}
      <EndRefusedSession />
      <RouteErrorBoundary resetKey={location.key}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
          <PageTakenOver />
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}

const SCROLL_STORAGE_KEY = "hub-scroll-positions";
const scrollPositions = new Map<string, number>(readSavedPositions());

function readSavedPositions(): [string, number][] {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? "[]");
    return Array.isArray(saved) ? (saved as [string, number][]) : [];
  } catch {
    return [];
  }
}

/**
 * What react-router's ScrollRestoration did: a new page opens at its top (or at its #hash), and
 * Back and Forward (and a reload) return to where the page was scrolled.
 */
function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    const save = () => {
      try {
        sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify([...scrollPositions].slice(-50)));
      } catch {
        // storage full or refused: positions are kept for this page's life only
      }
    };
    window.addEventListener("pagehide", save);
    return () => {
      window.removeEventListener("pagehide", save);
      window.history.scrollRestoration = "auto";
    };
  }, []);

  useEffect(() => {
    const record = () => {
      scrollPositions.set(location.key, window.scrollY);
    };
    window.addEventListener("scroll", record, { passive: true });
    return () => {
      window.removeEventListener("scroll", record);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    const saved = scrollPositions.get(location.key);
    if (navigationType === "POP" && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);
}
