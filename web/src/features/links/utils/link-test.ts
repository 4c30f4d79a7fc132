import type { LinkTestResult } from "@hub/contract/links";

/** The toast for a finished link test. */
export function linkTestToast({ validation }: LinkTestResult): { title: string; description: string; variant: "default" | "destructive" } {
  if (validation.isValid) {
    return {
      title: "Link is working!",
      description: `Link responded in ${String(Math.round(validation.responseTime))}ms`,
      variant: "default",
    };
  }
  return {
    title: "Link test failed",
    description: validation.errorMessage?.trim() ? validation.errorMessage : "Link appears to be broken or expired",
    variant: "destructive",
  };
}

/** The test request itself failed (no result to show). */
export const LINK_TEST_REQUEST_FAILED = { title: "Test failed", description: "Unable to test the link" } as const;
