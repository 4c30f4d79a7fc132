import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";

/**
 * The admin tabs' search text, kept in the address (`?q=`) beside the open tab, so that a reload, Back
 * or a shared address shows the same results. Switching tabs drops it (the dashboard keeps only `tab`).
 */
export function useSearchQuery(): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const setQuery = useCallback(
    (value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set("q", value);
          else next.delete("q");
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params.get("q") ?? "", setQuery];
}
