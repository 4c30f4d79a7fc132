import CssBaseline from "@mui/material/CssBaseline";
import GlobalStyles from "@mui/material/GlobalStyles";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ToastProvider } from "@/components/toasts/index";
import { SessionProvider } from "@/features/auth/components/session-provider";
import { createQueryClient } from "@/lib/query-client";
import { isPrerenderedPage } from "@/lib/use-hydrated";
import { COLOR_MODE_STORAGE_KEY, SYSTEM_DARK_FALLBACK, theme } from "./theme";

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  // Firebase Auth is not among them: it loads after the first paint (see RootLayout), and the
  // session subscribes to it then.
  return (
    // The mode ("system", "light" or "dark") is read from storage in the first render, except on a
    // prerendered page: its HTML was rendered without storage, and hydration must render the same
    // (MUI then reads it in the render after). A scheme change skips the components' transitions.
    <ThemeProvider theme={theme} modeStorageKey={COLOR_MODE_STORAGE_KEY} noSsr={!isPrerenderedPage()} disableTransitionOnChange>
      <GlobalStyles styles={SYSTEM_DARK_FALLBACK} />
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <SessionProvider>{children}</SessionProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
