import { compareNames } from "@/lib/sorting";

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export interface SortState<C extends string> {
  column: C;
  direction: SortDirection;
}

/** A newly chosen column starts descending (biggest numbers first); the active column flips. */
export const NEW_COLUMN_DIRECTION: SortDirection = "desc";

/** The sort after a click on `column`'s header. */
export function nextSort<C extends string>(current: SortState<C>, column: C): SortState<C> {
  if (current.column !== column) return { column, direction: NEW_COLUMN_DIRECTION };
  return { column, direction: current.direction === "asc" ? "desc" : "asc" };
}

type SortValue = string | number;

/**
 * Rows ordered by one column: numbers numerically, text case-insensitively. Equal rows keep the
 * `tieBreak` order in both directions, so a flip does not shuffle rows with the same value.
 */
export function sortRows<R extends { [K in C]: SortValue }, C extends string>(
  rows: readonly R[],
  sort: SortState<C>,
  tieBreak: (a: R, b: R) => number,
): R[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => sign * compareValues(a[sort.column], b[sort.column]) || tieBreak(a, b));
}

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return compareNames(String(a), String(b));
}

export function isOneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return (values as readonly (string | null)[]).includes(value);
}
