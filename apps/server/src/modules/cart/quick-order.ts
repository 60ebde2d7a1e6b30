/**
 * Reads a quick order (docs/requirements.md §11 "Quick order"): lines of `SKU quantity`, separated by a space, tab,
 * comma or semicolon, as pasted or as a CSV file's text, parsed with papaparse. A first row that names the columns
 * (sku or part, quantity or qty) is a header; a header of more than two columns picks them out by name.
 * Empty lines are skipped but keep their numbers, so every result points at the buyer's own line.
 */
import { ORDER_QUANTITY_MAX, messages } from '@partsforge/shared';
import Papa from 'papaparse';

/** One read line: its 1-based number in the text, the SKU and the quantity, or why it cannot be read. */
export interface QuickOrderLine {
  line: number;
  sku: string;
  quantity: number | null;
  error?: string;
}

const SEPARATORS = /[\s,;]+/;
const WHOLE_NUMBER = /^\d+$/;

/**
 * The fields of one row. Under a header, papaparse's columns as they are (a quoted name may hold spaces);
 * otherwise every field split again on any separator, so pasted lines that mix separators read alike.
 */
function fieldsOf(row: string[], columns: boolean): string[] {
  const fields = columns ? row.map((field) => field.trim()) : row.flatMap((field) => field.split(SEPARATORS));
  return fields.every((field) => field === '')
    ? []
    : columns
      ? fields
      : fields.filter((field) => field !== '');
}

const QUANTITY_NAME = /^(quantity|qty)$/;
const SKU_NAME = /^(sku|part ?(number|no\.?)|part)$/;

/**
 * The rows of `text` as papaparse reads them. A stray quote would make it swallow every line after it into one
 * field, so text with unbalanced quotes is read again with quotes as plain characters.
 */
function rowsOf(text: string): string[][] {
  const options: Papa.ParseConfig<string[]> = {
    delimitersToGuess: ['\t', ';', ',', ' '],
    skipEmptyLines: false,
  };
  const parsed = Papa.parse<string[]>(text, options);
  if (!parsed.errors.some((error) => error.type === 'Quotes')) return parsed.data;
  return Papa.parse<string[]>(text, { ...options, quoteChar: '\u0000' }).data;
}

/** Parses `text` into lines (throws nothing: unreadable lines carry an `error`). */
export function parseQuickOrder(text: string): QuickOrderLine[] {
  const lines: QuickOrderLine[] = [];
  let skuColumn = 0;
  let quantityColumn = 1;
  let header = false;
  let seenData = false;
  rowsOf(text.replace(/^\uFEFF/, '')).forEach((row, index) => {
    const fields = fieldsOf(row, header);
    if (fields.length === 0) return;
    if (!seenData) {
      seenData = true;
      // A first row that names its columns and holds no quantity is a header ("SKU;Quantity", "qty,sku").
      const names = (row.length >= 2 ? row : fields).map((field) => field.trim().toLowerCase());
      const quantityAt = names.findIndex((name) => QUANTITY_NAME.test(name));
      const skuAt = names.findIndex((name) => SKU_NAME.test(name));
      if ((quantityAt >= 0 || skuAt >= 0) && !names.some((name) => WHOLE_NUMBER.test(name))) {
        header = row.length > 2 && quantityAt >= 0 && skuAt >= 0; // a wider CSV file: columns by name
        if (quantityAt >= 0 && skuAt >= 0) {
          skuColumn = skuAt;
          quantityColumn = quantityAt;
        }
        return;
      }
    }
    const sku = fields[skuColumn] ?? '';
    const raw = fields[quantityColumn];
    const line = index + 1;
    if (raw === undefined)
      return lines.push({ line, sku, quantity: null, error: messages.cart.missingQuantity });
    const quantity = WHOLE_NUMBER.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > ORDER_QUANTITY_MAX)
      return lines.push({ line, sku, quantity: null, error: messages.cart.badQuantity });
    lines.push({ line, sku, quantity });
  });
  return lines;
}
