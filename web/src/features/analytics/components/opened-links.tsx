import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadErrorAlert } from "@/components/errors/index";

interface OpenedLinksProps<T> {
  /** The opened program's links, asked for when its row opened. */
  query: UseQueryResult<T>;
  /** What is loading, for the spinner and the error: "the links of Chase Sapphire". */
  what: string;
  children: (data: T) => ReactNode;
}

/** What opens under a program's row (Fairness, Outcomes): a spinner while its links load, an error with Retry, then the links. */
export function OpenedLinks<T>({ query, what, children }: OpenedLinksProps<T>) {
  if (query.isError)
    return <LoadErrorAlert what={what} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  if (!query.isSuccess)
    return (
      <Box role="status" aria-live="polite" sx={{ display: "flex", justifyContent: "center", py: 1 }}>
        <CircularProgress size={24} aria-label={`Loading ${what}`} />
      </Box>
    );
  return <>{children(query.data)}</>;
}
