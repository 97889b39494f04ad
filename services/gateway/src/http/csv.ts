/**
 * CSV output for spreadsheets (RFC 4180: comma-separated, CRLF, a field with a comma, quote or
 * line break in double quotes with quotes doubled), with the OWASP guard against formula
 * injection: a spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (and some with a
 * tab or CR before those), so such a cell gets a leading single quote and reads as text. The
 * values are recipients' names and e-mails from an uploaded file: anyone's text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: ReadonlyArray<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
