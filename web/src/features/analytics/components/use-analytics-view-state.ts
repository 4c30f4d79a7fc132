import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import { parseViewState, serializeViewState, type AnalyticsViewState } from "../utils/view-state";

type ViewChange = Partial<AnalyticsViewState>;
/** A change, or a function of the state in the address at the moment it applies (for flips such as sorting). */
export type UpdateAnalyticsView = (change: ViewChange | ((current: AnalyticsViewState) => ViewChange)) => void;

/**
 * The screen state lives in the query string, so a reload or a shared address shows the same view.
 * Each change is its own history entry (Back undoes it) and keeps the scroll position.
 */
export function useAnalyticsViewState(): [AnalyticsViewState, UpdateAnalyticsView] {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => parseViewState(searchParams), [searchParams]);
  const updateView = useCallback<UpdateAnalyticsView>(
    (change) =>
      setSearchParams(
        (params) => {
          const current = parseViewState(params);
          return serializeViewState({ ...current, ...(typeof change === "function" ? change(current) : change) });
        },
        { preventScrollReset: true },
      ),
    [setSearchParams],
  );
  return [view, updateView];
}
