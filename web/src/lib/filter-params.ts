/** On/off list filters by name (the admin tabs' switches); an interface of booleans fits too. */
export type BooleanFilters<F> = { [K in keyof F]: boolean };

const ON = "1";
const OFF = "0";

const names = <F extends BooleanFilters<F>>(defaults: F) => Object.keys(defaults) as (keyof F & string)[];

/** The filters the address holds; a missing or unreadable value is the filter's default. */
export function parseFilterParams<F extends BooleanFilters<F>>(params: URLSearchParams, defaults: F): F {
  const filters = { ...defaults };
  for (const name of names(defaults)) {
    const value = params.get(name);
    if (value === ON) filters[name] = true as F[typeof name];
    else if (value === OFF) filters[name] = false as F[typeof name];
  }
  return filters;
}

/** The address with these filters: each one that differs from its default, the other parameters kept. */
export function writeFilterParams<F extends BooleanFilters<F>>(params: URLSearchParams, defaults: F, filters: F): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of names(defaults)) {
    if (filters[name] === defaults[name]) next.delete(name);
    else next.set(name, filters[name] ? ON : OFF);
  }
  return next;
}

/** Only the parameters that are these filters (in the defaults' order). */
export function filterPart<F extends BooleanFilters<F>>(params: URLSearchParams, defaults: F): URLSearchParams {
  const part = new URLSearchParams();
  for (const name of names(defaults)) {
    const value = params.get(name);
    if (value !== null) part.set(name, value);
  }
  return part;
}
