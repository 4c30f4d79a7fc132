import { lazy } from "react";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { RouteErrorFallback } from "@/components/errors/index";
import { RootLayout } from "./root-layout";

// One chunk per route module: the landing and login pages never load admin or analytics code.
const HomeRoute = lazy(() => import("./routes/home"));
const ProgramsRoute = lazy(() => import("./routes/programs"));
const SubmitRoute = lazy(() => import("./routes/submit"));
const AdminLoginRoute = lazy(() => import("./routes/admin-login"));
const EmailLoginRoute = lazy(() => import("./routes/email-login"));
const SubscriptionErrorRoute = lazy(() => import("./routes/subscription-error"));
const DashboardRoute = lazy(() => import("./routes/dashboard"));
const AdminRoute = lazy(() => import("./routes/admin"));
const AnalyticsRoute = lazy(() => import("./routes/analytics"));
const NotFoundRoute = lazy(() => import("./routes/not-found"));

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      { path: "/", element: <HomeRoute /> },
      { path: "/programs", element: <ProgramsRoute /> },
      { path: "/submit", element: <SubmitRoute /> },
      { path: "/auth", element: <AdminLoginRoute /> },
      { path: "/email-login", element: <EmailLoginRoute /> },
      { path: "/subscription-error", element: <SubscriptionErrorRoute /> },
      { path: "/dashboard", element: <DashboardRoute /> },
      { path: "/admin", element: <AdminRoute /> },
      { path: "/analytics", element: <AnalyticsRoute /> },
      { path: "*", element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
