/**
 * The errors of a CSV import (the catalogue's and a company's contract prices, docs/requirements.md §13 and §15): every
 * error counted, at most CATALOG_IMPORT_MAX_LISTED_ERRORS kept, reported by row (a row's own in the order found) with
 * a last entry counting the others; and a file's value as an error quotes it, cut to SHOWN_VALUE_MAX_LENGTH
 * characters. Both keep an answer small however large and broken the file.
 */
import { CATALOG_IMPORT_MAX_LISTED_ERRORS, messages, type CatalogImportError } from '@partsforge/shared';

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
    return [
      ...listed,
      { row: listed[listed.length - 1]!.row, message: messages.catalogCsv.moreErrors(more) },
    ];
  }
}
