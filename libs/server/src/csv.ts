/** A value of a spreadsheet cell; null and undefined are an empty cell. */
export type CsvValue = string | number | boolean | null | undefined;

/** Excel reads a file as UTF-8 only when it starts with this mark: without it, accents come out garbled. */
export const UTF8_BOM = '\uFEFF';

/** The first characters with which a spreadsheet takes text for a formula (CSV injection, OWASP), tab and CR included. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell as RFC 4180 writes it: quoted, its quotes doubled, when it holds a comma, a quote or a line break. Text
 * that a spreadsheet would run as a formula (`=HYPERLINK(…)`, `@SUM(…)`) is prefixed with `'`, so it is shown as
 * written; numbers are written as they are (a negative number is no formula).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV file: the byte-order mark, one header row, then the rows, each line ended by CRLF (RFC 4180). */
export function csvFile(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
