/**
 * Reading a CSV import (the catalogue's and a company's contract prices, docs/requirements.md §13 and §15): its file
 * read into rows under a checked header (readCsvTable), and its errors: every
 * error counted, at most CATALOG_IMPORT_MAX_LISTED_ERRORS kept, reported by row (a row's own in the order found) with
 * a last entry counting the others; and a file's value as an error quotes it, cut to SHOWN_VALUE_MAX_LENGTH
 * characters. Both keep an answer small however large and broken the file.
 */
import { catalogCsvMessages } from '@partsforge/shared/catalog-csv-messages';
import { CATALOG_IMPORT_MAX_LISTED_ERRORS, type CatalogImportError } from '@partsforge/shared';
import Papa from 'papaparse';

/** Longest value of a file (a column name, a slug, a SKU) an error message quotes, in characters. */
export const SHOWN_VALUE_MAX_LENGTH = 40;

/** `value` as an error quotes it: at most SHOWN_VALUE_MAX_LENGTH characters, an ellipsis marking a cut. */
export function shownValue(value: string): string {
  return value.length > SHOWN_VALUE_MAX_LENGTH ? `${value.slice(0, SHOWN_VALUE_MAX_LENGTH)}…` : value;
}

/** An import's errors (see the module's docstring). `row` is the file's 1-based line; `column` its name, if any. */
export class ImportErrors {
  private readonly listed: CatalogImportError[] = [];
  count = 0;

  add(row: number, column: string | undefined, message: string): void {
    this.count += 1;
    if (this.listed.length < CATALOG_IMPORT_MAX_LISTED_ERRORS)
      this.listed.push(column === undefined ? { row, message } : { row, column, message });
  }

  /** The listed errors by row (a stable sort), with a last entry counting the others. */
  report(): CatalogImportError[] {
    const listed = [...this.listed].sort((a, b) => a.row - b.row);
    const more = this.count - listed.length;
    if (more === 0) return listed;
    return [...listed, { row: listed[listed.length - 1]!.row, message: catalogCsvMessages.moreErrors(more) }];
  }
}

/** The columns an import knows, the ones it needs, and how to name a column it does not know. */
export interface CsvColumns<C extends string> {
  /** Every column, as the header may name it in any case. */
  known: readonly C[];
  required: readonly C[];
  unknown: (shown: string) => string;
}

/** A CSV file's data rows with their 1-based line, and where each known column is. */
export interface CsvTable<C extends string> {
  at: Map<C, number>;
  rows: { row: number; record: string[] }[];
}

/**
 * Reads an import's CSV file (UTF-8, a byte-order mark stripped; the separator a comma, or the semicolon or tab of
 * a header without commas), checks its header against `columns` (any case; unknown, twice and missing columns are
 * errors of row 1) and answers the data rows that can be read: blank rows skipped, rows with broken quotes or another
 * number of cells than the header listed in `errors`. Null when the file itself is unreadable (not UTF-8, empty, a
 * bad header).
 */
export function readCsvTable<C extends string>(
  bytes: Uint8Array,
  columns: CsvColumns<C>,
  errors: ImportErrors,
): CsvTable<C> | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    errors.add(1, undefined, catalogCsvMessages.notUtf8);
    return null;
  }
  // The header names the columns, none of which holds a comma or semicolon: it tells the separator.
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter =
    !firstLine.includes(',') && /[;\t]/.test(firstLine) ? (firstLine.includes(';') ? ';' : '\t') : ',';
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const records = parsed.data;
  const header = (records[0] ?? []).map((name) => name.trim());
  if (header.every((name) => name === '')) {
    errors.add(1, undefined, catalogCsvMessages.emptyFile);
    return null;
  }
  const canonical = new Map(columns.known.map((column) => [column.toLowerCase(), column]));
  const at = new Map<C, number>();
  header.forEach((name, index) => {
    const column = canonical.get(name.toLowerCase());
    if (!column) errors.add(1, shownValue(name), columns.unknown(shownValue(name)));
    else if (at.has(column)) errors.add(1, column, catalogCsvMessages.duplicateColumn(column));
    else at.set(column, index);
  });
  for (const column of columns.required)
    if (!at.has(column)) errors.add(1, column, catalogCsvMessages.missingColumn(column));
  if (errors.count > 0) return null;

  const unreadable = new Map<number, string>();
  for (const error of parsed.errors)
    if (error.type === 'Quotes' && error.row !== undefined && !unreadable.has(error.row))
      unreadable.set(error.row, error.message.replace(/\.$/, ''));
  const rows: { row: number; record: string[] }[] = [];
  for (let index = 1; index < records.length; index += 1) {
    const record = records[index]!;
    const row = index + 1;
    if (record.every((cell) => cell.trim() === '')) continue;
    const problem = unreadable.get(index);
    if (problem !== undefined) errors.add(row, undefined, catalogCsvMessages.unreadableRow(problem));
    else if (record.length !== header.length)
      errors.add(row, undefined, catalogCsvMessages.cellCount(record.length, header.length));
    else rows.push({ row, record });
  }
  return { at, rows };
}
