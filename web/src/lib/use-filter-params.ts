import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import { filterPart, parseFilterParams, writeFilterParams, type BooleanFilters } from "./filter-params";

/**
 * A list's on/off filters, kept in the address beside the tab and the search (`?hideDead=0&onlyFailing=1`),
 * so that a reload, Back or a shared address shows the same list. A filter at its default is left out
 * of the address; switching tabs drops them all (the dashboard keeps only `tab`).
 */
export function useFilterParams<F extends BooleanFilters<F>>(defaults: F): [F, (change: Partial<F>) => void] {
  const [params, setParams] = useSearchParams();
  // Keyed by the filters' own part of the address: typing in the search changes the address too, and
  // the list's filtering (thousands of links) must not start again for a new but equal object.
  const own = filterPart(params, defaults).toString();
  const filters = useMemo(() => parseFilterParams(new URLSearchParams(own), defaults), [own, defaults]);
  const setFilters = useCallback(
    (change: Partial<F>) =>
      setParams((current) => writeFilterParams(current, defaults, { ...parseFilterParams(current, defaults), ...change }), {
        replace: true,
        preventScrollReset: true,
      }),
    [setParams, defaults],
  );
  return [filters, setFilters];
}
