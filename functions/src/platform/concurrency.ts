/** Runs `work` over `items`, at most `limit` at a time. */
export async function forEachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
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
