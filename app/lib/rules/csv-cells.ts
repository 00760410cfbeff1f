/**
 * Spreadsheet formula injection (pure; unit-tested). A cell that starts with `=`, `+`, `-`, `@`, a tab
 * or a carriage return is run as a formula by Excel, LibreOffice and Google Sheets. Every CSV the site
 * writes prefixes such a text cell with an apostrophe (shown as text, never run); our own CSV import
 * takes exactly one apostrophe off again, so an export re-imports unchanged.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

export function neutraliseFormula<T>(cell: T): T | string {
  if (typeof cell !== "string") return cell;
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export function restoreFormula(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}
