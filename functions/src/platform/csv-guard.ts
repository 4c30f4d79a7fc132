/**
 * Spreadsheets run a cell that starts with = + - @ (or tab / CR) as a formula; a leading
 * apostrophe makes it text (OWASP's CSV-injection advice), so a member's offer text cannot.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
