import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router-dom";
import { PageSpinner } from "@/components/spinners/index";

/** Every page is its own chunk; this shows a spinner while one loads. */
export function RootLayout() {
  return (
    <>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
