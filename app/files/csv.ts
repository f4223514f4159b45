/**
 * The site's one RFC 4180 CSV reader and writer (decision 027): quoted fields
 * with commas, doubled quotes and line breaks; CRLF or LF; a UTF-8 BOM is
 * dropped. Every CSV the site writes goes through `csvCell`/`csvLine`/`toCsv`
 * (library exports, the admin's users export): a cell beginning with `=`,
 * `+`, `-`, `@`, a tab or a carriage return is prefixed with `'` so
 * spreadsheets show it as text instead of running it (OWASP "CSV Injection");
 * `unescapeCell` strips that quote again so our own exports round-trip.
 * Our own instead of a dependency: small, no Node APIs, runs in workerd.
 */
export class CsvError extends Error {}

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let fieldStarted = false;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
      continue;
    }
    if (c === '"') {
      if (field !== "") throw new CsvError(`A quote in the middle of a field on line ${rows.length + 1}.`);
      quoted = true;
      fieldStarted = true;
    } else if (c === ",") {
      row.push(field);
      field = "";
      fieldStarted = false;
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      fieldStarted = false;
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (quoted) throw new CsvError("A quoted field is never closed.");
  if (fieldStarted || field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, formula-safe: a cell a spreadsheet would run gets a leading `'`. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) && /[",\r\n]|^'/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** Rows to CSV text (CRLF, as RFC 4180 says). */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map(csvLine).join("");
}

/** The reverse of csvCell's defusing: `'=x` read back is `=x`. */
export function unescapeCell(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
