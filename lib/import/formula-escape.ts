/** A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection"). */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CSV exports put an apostrophe before such cells; reading the file back takes it
 * off again, so an exported file imports unchanged.
 */
export function unescapeFormula(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
