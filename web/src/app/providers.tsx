import { ThemeProvider } from "@mui/material/styles";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { ToastProvider } from "@/components/toasts/index";
import { SessionProvider } from "@/features/auth/components/session-provider";
import { createQueryClient } from "@/lib/query-client";
import { isPrerenderedPage } from "@/lib/use-hydrated";
import { pageHasGlobalCss } from "./global-css";
import { COLOR_MODE_STORAGE_KEY, theme } from "./theme";

// Only a page without the page-wide CSS in its HTML (Vite's dev server) renders it (app/global-css.ts).
const AppGlobalStyles = lazy(() => import("./global-styles"));

interface AppProvidersProps {
  children: ReactNode;
  /** Whether the page-wide CSS is in the page already (see GLOBAL_CSS_ELEMENT_ID) instead of rendered here. */
  globalCssInPage?: boolean;
  /** The query cache to use, for a render that starts with data (a server-rendered page); a new one otherwise. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, globalCssInPage = pageHasGlobalCss(), queryClient: givenClient }: AppProvidersProps) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());

  // Firebase Auth is not among them: it loads after the first paint (see RootLayout), and the
  // session subscribes to it then.
  return (
    // The mode ("system", "light" or "dark") is read from storage in the first render, except on a
    // prerendered page: its HTML was rendered without storage, and hydration must render the same
    // (MUI then reads it in the render after). A scheme change skips the components' transitions.
    <ThemeProvider
      theme={theme}
      modeStorageKey={COLOR_MODE_STORAGE_KEY}
      noSsr={!isPrerenderedPage()}
      disableTransitionOnChange
      disableStyleSheetGeneration={globalCssInPage}
    >
      {globalCssInPage ? null : (
        <Suspense fallback={null}>
          <AppGlobalStyles />
        </Suspense>
      )}
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <SessionProvider>{children}</SessionProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
