import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";

/**
 * The admin tabs' search text, kept in the address (`?q=`) beside the open tab, so that a reload, Back
 * or a shared address shows the same results. Switching tabs drops it (the dashboard keeps only `tab`).
 *
 * The box shows what was typed, kept here and updated with every key; the address follows through
 * the router, whose update can arrive a render later. A box bound to the address itself lost the keys
 * typed in between on a long list (`npm run bench:admin-links`: "member37@" typed, "mmber37@" shown).
 * An address that changes by itself (Back, a link, a tab switch) is shown; our own writes arriving
 * late are not, so they never undo a later key.
 */
export function useSearchQuery(): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get("q") ?? "";
  const [typed, setTyped] = useState(inAddress);
  const pending = useRef<string[]>([]);

  useEffect(() => {
    const ours = pending.current.indexOf(inAddress);
    if (ours >= 0) {
      pending.current.splice(0, ours + 1);
      return;
    }
    pending.current = [];
    setTyped(inAddress);
  }, [inAddress]);

  const setQuery = useCallback(
    (value: string) => {
      setTyped(value);
      pending.current.push(value);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set("q", value);
          else next.delete("q");
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [typed, setQuery];
}
