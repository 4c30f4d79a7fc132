/**
 * The admin tabs' search: every word of the query must appear somewhere in an item's text, in any
 * case and with or without accents ("amex gold" finds "AmEx Gold Card"; "jose" finds "José").
 * Items' texts are made searchable once per list (`searchable`), so a keystroke over 10,000 links
 * costs one substring test per word per link.
 */
export const searchable = (...texts: (string | null | undefined)[]): string =>
  texts.filter(Boolean).join("\n").normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase();

/** The query's words, made searchable the same way; none for a blank query (which matches everything). */
export const searchTerms = (query: string): string[] => searchable(query).split(/\s+/).filter(Boolean);

export const matchesTerms = (text: string, terms: readonly string[]): boolean => terms.every((term) => text.includes(term));

/** The items whose searchable text holds every term (all of them for no terms), in their order. */
export function searchItems<T>(items: readonly T[], textOf: (item: T) => string, query: string): T[] {
  const terms = searchTerms(query);
  return terms.length === 0 ? [...items] : items.filter((item) => matchesTerms(textOf(item), terms));
}
