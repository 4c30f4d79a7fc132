/** Runs `work` over `items`, at most `limit` at a time. */
export async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/**
 * Runs `work` over `items` with at most `limit` keys at a time and one item of a key at a time,
 * `gapMs` apart: many links at one bank must not look like an attack on it.
 */
export async function forEachPacedByKey<T>(
  items: T[],
  keyOf: (item: T) => string,
  limit: number,
  gapMs: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  await forEachLimited([...groups.values()], limit, async (group) => {
    for (const [i, item] of group.entries()) {
      if (i > 0 && gapMs > 0) await new Promise((resume) => setTimeout(resume, gapMs));
      await work(item);
    }
  });
}

/**
 * The longest start of `items` in which no key comes more than `perKey` times (never empty when
 * `items` is not): a step of paced work whose slowest key, and so the step, has a bound.
 */
export function prefixWithinPerKey<T>(items: readonly T[], keyOf: (item: T) => string, perKey: number): T[] {
  const seen = new Map<string, number>();
  let end = 0;
  for (const item of items) {
    const count = (seen.get(keyOf(item)) ?? 0) + 1;
    if (count > perKey && end > 0) break;
    seen.set(keyOf(item), count);
    end += 1;
  }
  return items.slice(0, end);
}
