import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";
import { DEFAULT_MEMBER_TIME_FILTER, isMemberTimeFilter, type MemberTimeFilter } from "../utils/time-ranges";

const PARAM = "range";

/**
 * The dashboard's range lives in the address (`/dashboard?range=7d`), as the analytics screen keeps
 * its own: a reload or Back shows the same figures. The default is left out of the address.
 */
export function useMemberStatsRange(): [MemberTimeFilter, (range: MemberTimeFilter) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get(PARAM);
  const range = isMemberTimeFilter(value) ? value : DEFAULT_MEMBER_TIME_FILTER;
  const setRange = useCallback(
    (next: MemberTimeFilter) =>
      setSearchParams(
        (params) => {
          const updated = new URLSearchParams(params);
          if (next === DEFAULT_MEMBER_TIME_FILTER) updated.delete(PARAM);
          else updated.set(PARAM, next);
          return updated;
        },
        { preventScrollReset: true },
      ),
    [setSearchParams],
  );
  return [range, setRange];
}
