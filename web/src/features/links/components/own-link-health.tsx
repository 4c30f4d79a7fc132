import Alert, { type AlertProps } from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { LinkHealth, LinkTest, LinkTestOutcome } from "@hub/contract/links";
import { errorTextWithRetry } from "@/lib/error-text";
import { formatDateTime } from "../utils/date-time";
import { describeLinkTest, failingReason } from "../utils/link-health";

/**
 * The health of one of the member's links. Failing: out of the rotation, why, and what to do about
 * it (the member is the one who can fix it). Otherwise only the last test, quietly.
 */
export function OwnLinkHealth({ health }: { health: LinkHealth }) {
  const last = health.lastTest;
  if (health.status === "failing") {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        <AlertTitle>Failing: taken out of the rotation</AlertTitle>
        <Typography variant="body2">
          {failingReason(health)}
          {last ? `; last tested ${formatDateTime(last.at)}` : ""}.
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          What to do: fix the link at the bank, or edit it here if its address changed, then test it again with 'Test now'. A working test
          puts it back in the rotation at once.
        </Typography>
      </Alert>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {last ? `Last test: ${describeLinkTest(last)} · ${formatDateTime(last.at)}` : "Not tested yet"}
    </Typography>
  );
}

const SEVERITY: Record<LinkTestOutcome, AlertProps["severity"]> = { ok: "success", broken: "error", inconclusive: "info" };

interface LinkTestOutcomeProps {
  /** The test 'Test now' just ran, or undefined. */
  test: LinkTest | undefined;
  /** Why it could not run (a 429 says when the member may test again). */
  error: unknown;
  onDismiss: () => void;
}

/** What 'Test now' found, in a live region so a screen reader hears it; dismissible. */
export function LinkTestOutcome({ test, error, onDismiss }: LinkTestOutcomeProps) {
  return (
    <Box aria-live="polite" sx={{ "&:not(:empty)": { mt: 2 } }}>
      {test ? (
        <Alert severity={SEVERITY[test.outcome]} role="status" onClose={onDismiss} closeText="Dismiss test result">
          Test result: {describeLinkTest(test)}
          {test.outcome === "broken" ? ". Check the link at the bank or edit it, then test again." : ""}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="warning" role="status" onClose={onDismiss} closeText="Dismiss test result">
          The link could not be tested: {errorTextWithRetry(error, "test it again")}
        </Alert>
      ) : null}
    </Box>
  );
}
