/** Returns a new set with `ids` added (checked) or removed; the same set when nothing changes. */
export function setSelected(selection: ReadonlySet<string>, ids: readonly string[], checked: boolean): ReadonlySet<string> {
  const changed = ids.some((id) => selection.has(id) !== checked);
  if (!changed) return selection;
  const next = new Set(selection);
  for (const id of ids) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
}

export type GroupSelection = "none" | "some" | "all";

/** How much of a group is selected, for its select-all checkbox (checked / indeterminate). */
export function groupSelection(selection: ReadonlySet<string>, ids: readonly string[]): GroupSelection {
  let count = 0;
  for (const id of ids) if (selection.has(id)) count++;
  if (count === 0) return "none";
  return count === ids.length ? "all" : "some";
}

/** The selected ids that are still listed (filters may hide selected links), in list order. */
export function visibleSelection(selection: ReadonlySet<string>, visibleIds: readonly string[]): string[] {
  return visibleIds.filter((id) => selection.has(id));
}
