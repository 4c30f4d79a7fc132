/**
 * No catch-up after a break (balanced mode; docs/architecture.md, *Outcomes, caps and snoozes*): a
 * link back from a cap, a snooze or failing health is balanced from the lowest count among the
 * program's other active links or from its own, whichever is higher. Its count for balancing is its
 * visits plus its offset, so the offset it returns with is the difference to the others' lowest, and
 * never less than the offset it had: a break (a snooze and unsnooze) cannot win back visits it missed
 * in an earlier one. Counts are compared per unit of weight (balanced mode picks the lowest visits /
 * weight): a link of weight 2 comes back at twice the others' lowest count per unit.
 */
export function offsetOnReturn(
  own: { visits: number; balanceOffset: number; weight?: number },
  others: readonly { count: number; weight?: number }[],
): number {
  if (others.length === 0) return own.balanceOffset;
  const lowestPerWeight = Math.min(...others.map((o) => o.count / (o.weight ?? 1)));
  return Math.max(own.balanceOffset, lowestPerWeight * (own.weight ?? 1) - own.visits);
}
