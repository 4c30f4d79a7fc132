/** A share in percent with one decimal; 0 when there is nothing to share. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? roundOneDecimal((part / whole) * 100) : 0;
}

/** Clicks per link with one decimal; 0 with no links rather than a division by zero. */
export function clicksPerLink(clicks: number, links: number): number {
  return links > 0 ? roundOneDecimal(clicks / links) : 0;
}

export function roundOneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Always one decimal, so 5 shows as 5.0% and columns line up. */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

export function formatOneDecimal(value: number): string {
  return value.toFixed(1);
}

export function formatCount(value: number, locale?: string): string {
  return value.toLocaleString(locale);
}
