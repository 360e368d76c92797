// Notes in a ledger CSV, made safe for spreadsheets. A cell that begins with =, +, -, @, a tab
// or a carriage return is run as a formula by Excel, LibreOffice and Google Sheets (CSV
// injection), so an export writes such a note with a ' in front, which makes it text, and an
// import takes exactly that ' off again. Notes that already begin with ' before such a character
// get one more, so every note survives the round trip unchanged: "=1+2" -> "'=1+2" -> "=1+2",
// and "'=x" -> "''=x" -> "'=x".

/** Quotes followed by a character that starts a formula. */
const AFTER_QUOTES = /^'*[=+\-@\t\r]/;
const ESCAPED = /^'+[=+\-@\t\r]/;

/** The note as an export writes it. */
export function noteForExport(note: string): string {
  return AFTER_QUOTES.test(note) ? `'${note}` : note;
}

/** The note an imported cell stands for (the inverse of noteForExport). */
export function noteFromImport(cell: string): string {
  return ESCAPED.test(cell) ? cell.slice(1) : cell;
}

/** Cells with leading or trailing spaces are quoted on export, so an import (which trims unquoted cells) keeps them. */
export const QUOTE_PADDED = /^\s|\s$/;
