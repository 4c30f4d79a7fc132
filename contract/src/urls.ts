// A route's address as every client writes it (the web app, the test helpers, the benches). No zod
// here: the web app's first page imports it without loading the route table.

/** A query's values; undefined and null are left out of the address. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** `path` with the query appended, its values encoded; no `?` for an empty query. */
export function buildUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
