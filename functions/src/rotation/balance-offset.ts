/**
 * No catch-up after a break (balanced mode; docs/architecture.md, *Outcomes, caps and snoozes*): a
 * link back from a cap, a snooze or failing health is balanced from the lowest count among the
 * program's other active links or from its own, whichever is higher. Its count for balancing is its
 * visits plus its offset, so the offset it returns with is the difference to the others' lowest, and
 * never less than the offset it had: a break (a snooze and unsnooze) cannot win back visits it missed
 * in an earlier one.
 */
export function offsetOnReturn(own: { visits: number; balanceOffset: number }, othersCounts: readonly number[]): number {
  if (othersCounts.length === 0) return own.balanceOffset;
  return Math.max(own.balanceOffset, Math.min(...othersCounts) - own.visits);
}
