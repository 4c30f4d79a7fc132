import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { AuthProvider as FirebaseAuthProvider, FirebaseAppProvider } from "reactfire";
import { ToastProvider } from "@/components/toasts/index";
import { SessionProvider } from "@/features/auth/components/session-provider";
import { auth, firebaseApp } from "@/lib/firebase";
import { createQueryClient } from "@/lib/query-client";
import { theme } from "./theme";

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <FirebaseAppProvider firebaseApp={firebaseApp}>
        <FirebaseAuthProvider sdk={auth}>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <SessionProvider>{children}</SessionProvider>
            </ToastProvider>
          </QueryClientProvider>
        </FirebaseAuthProvider>
      </FirebaseAppProvider>
    </ThemeProvider>
  );
}
