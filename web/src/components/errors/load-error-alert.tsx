import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { errorText } from "@/lib/error-text";

interface LoadErrorAlertProps {
  what: string;
  /** API errors already read '{status}: {statusText}'. */
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}

/** A failed load (any feature's) says what failed and offers Retry, instead of leaving the page blank. */
export function LoadErrorAlert({ what, error, retrying, onRetry }: LoadErrorAlertProps) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" loading={retrying} onClick={onRetry}>
          Retry
        </Button>
      }
    >
      Could not load {what}: {errorText(error)}
    </Alert>
  );
}

interface RetryableQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** LoadErrorAlert for one TanStack query (or several, retried together). */
export function QueryErrorAlert({ what, queries }: { what: string; queries: readonly RetryableQuery[] }) {
  const failed = queries.find((query) => query.error) ?? queries[0];
  return (
    <LoadErrorAlert
      what={what}
      error={failed?.error}
      retrying={queries.some((query) => query.isFetching)}
      onRetry={() => void Promise.all(queries.map((query) => query.refetch()))}
    />
  );
}
