import type { QueryClient } from "@tanstack/react-query";
import { AppProviders } from "./providers";
import { AppRouter } from "./router";

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <AppRouter />
    </AppProviders>
  );
}
