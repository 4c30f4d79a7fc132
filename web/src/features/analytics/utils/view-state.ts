import type { TimeFilter } from "@hub/contract/analytics";
import { DEFAULT_FAIRNESS_SORT, FAIRNESS_SORT_COLUMNS, type FairnessSortColumn } from "./fairness-report";
import { DEFAULT_OUTCOME_SORT, OUTCOME_SORT_COLUMNS, type OutcomeSortColumn } from "./outcome-report";
import { DEFAULT_PROGRAM_SORT, PROGRAM_SORT_COLUMNS, type ProgramSortColumn } from "./program-summary";
import { isOneOf, SORT_DIRECTIONS, type SortState } from "./table-sort";
import { DEFAULT_TIME_RANGE, isTimeFilter } from "./time-ranges";
import { DEFAULT_USER_SORT, USER_SORT_COLUMNS, type UserSortColumn } from "./user-analytics";

export const ANALYTICS_TABS = ["overview", "programs", "users", "fairness", "traffic", "outcomes"] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

/** Everything a reload or the back button must bring back. */
export interface AnalyticsViewState {
  range: TimeFilter;
  tab: AnalyticsTab;
  /** The program chosen in the Programs tab; an id no longer in the list simply shows nothing chosen. */
  programId: string | null;
  overviewSort: SortState<ProgramSortColumn>;
  usersSort: SortState<UserSortColumn>;
  fairnessSort: SortState<FairnessSortColumn>;
  outcomesSort: SortState<OutcomeSortColumn>;
}

export const DEFAULT_VIEW_STATE: AnalyticsViewState = {
  range: DEFAULT_TIME_RANGE,
  tab: "overview",
  programId: null,
  overviewSort: DEFAULT_PROGRAM_SORT,
  usersSort: DEFAULT_USER_SORT,
  fairnessSort: DEFAULT_FAIRNESS_SORT,
  outcomesSort: DEFAULT_OUTCOME_SORT,
};

/** The query parameters of /analytics. */
export const VIEW_STATE_PARAMS = {
  range: "range",
  tab: "tab",
  program: "program",
  overviewSort: "overviewSort",
  overviewOrder: "overviewOrder",
  usersSort: "usersSort",
  usersOrder: "usersOrder",
  fairnessSort: "fairnessSort",
  fairnessOrder: "fairnessOrder",
  outcomesSort: "outcomesSort",
  outcomesOrder: "outcomesOrder",
} as const;

/** Reads the state from the query; a missing or unknown value falls back to its default. */
export function parseViewState(params: URLSearchParams): AnalyticsViewState {
  const range = params.get(VIEW_STATE_PARAMS.range);
  const tab = params.get(VIEW_STATE_PARAMS.tab);
  const programId = params.get(VIEW_STATE_PARAMS.program)?.trim();
  return {
    range: isTimeFilter(range) ? range : DEFAULT_VIEW_STATE.range,
    tab: isOneOf(ANALYTICS_TABS, tab) ? tab : DEFAULT_VIEW_STATE.tab,
    programId: programId || null,
    overviewSort: parseSort(
      params,
      VIEW_STATE_PARAMS.overviewSort,
      VIEW_STATE_PARAMS.overviewOrder,
      PROGRAM_SORT_COLUMNS,
      DEFAULT_PROGRAM_SORT,
    ),
    usersSort: parseSort(params, VIEW_STATE_PARAMS.usersSort, VIEW_STATE_PARAMS.usersOrder, USER_SORT_COLUMNS, DEFAULT_USER_SORT),
    fairnessSort: parseSort(
      params,
      VIEW_STATE_PARAMS.fairnessSort,
      VIEW_STATE_PARAMS.fairnessOrder,
      FAIRNESS_SORT_COLUMNS,
      DEFAULT_FAIRNESS_SORT,
    ),
    outcomesSort: parseSort(
      params,
      VIEW_STATE_PARAMS.outcomesSort,
      VIEW_STATE_PARAMS.outcomesOrder,
      OUTCOME_SORT_COLUMNS,
      DEFAULT_OUTCOME_SORT,
    ),
  };
}

/** Writes the state as a query, leaving out defaults so the plain /analytics address stays the default view. */
export function serializeViewState(state: AnalyticsViewState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.range !== DEFAULT_VIEW_STATE.range) params.set(VIEW_STATE_PARAMS.range, state.range);
  if (state.tab !== DEFAULT_VIEW_STATE.tab) params.set(VIEW_STATE_PARAMS.tab, state.tab);
  if (state.programId) params.set(VIEW_STATE_PARAMS.program, state.programId);
  writeSort(params, VIEW_STATE_PARAMS.overviewSort, VIEW_STATE_PARAMS.overviewOrder, state.overviewSort, DEFAULT_PROGRAM_SORT);
  writeSort(params, VIEW_STATE_PARAMS.usersSort, VIEW_STATE_PARAMS.usersOrder, state.usersSort, DEFAULT_USER_SORT);
  writeSort(params, VIEW_STATE_PARAMS.fairnessSort, VIEW_STATE_PARAMS.fairnessOrder, state.fairnessSort, DEFAULT_FAIRNESS_SORT);
  writeSort(params, VIEW_STATE_PARAMS.outcomesSort, VIEW_STATE_PARAMS.outcomesOrder, state.outcomesSort, DEFAULT_OUTCOME_SORT);
  return params;
}

// Column and direction are read on their own, so a bad column keeps a good direction and vice versa.
function parseSort<C extends string>(
  params: URLSearchParams,
  columnParam: string,
  directionParam: string,
  columns: readonly C[],
  fallback: SortState<C>,
): SortState<C> {
  const column = params.get(columnParam);
  const direction = params.get(directionParam);
  return {
    column: isOneOf(columns, column) ? column : fallback.column,
    direction: isOneOf(SORT_DIRECTIONS, direction) ? direction : fallback.direction,
  };
}

function writeSort<C extends string>(
  params: URLSearchParams,
  columnParam: string,
  directionParam: string,
  sort: SortState<C>,
  fallback: SortState<C>,
) {
  if (sort.column !== fallback.column) params.set(columnParam, sort.column);
  if (sort.direction !== fallback.direction) params.set(directionParam, sort.direction);
}
