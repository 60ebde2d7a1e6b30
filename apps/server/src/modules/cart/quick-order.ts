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

/** Parses `text` into lines (throws nothing: unreadable lines carry an `error`). */
export function parseQuickOrder(text: string): QuickOrderLine[] {
  const { data } = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimitersToGuess: ['\t', ';', ',', ' '],
    skipEmptyLines: false,
  });
  const lines: QuickOrderLine[] = [];
  let skuColumn = 0;
  let quantityColumn = 1;
  let header = false;
  let seenData = false;
  data.forEach((row, index) => {
    const fields = fieldsOf(row, header);
    if (fields.length === 0) return;
    if (!seenData) {
      seenData = true;
      const names = row.map((field) => field.trim().toLowerCase());
      const quantityAt = names.findIndex((name) => /^(quantity|qty)$/.test(name));
      const skuAt = names.findIndex((name) => /^(sku|part ?(number|no\.?)|part)$/.test(name));
      if (quantityAt >= 0 && skuAt >= 0 && row.length > 2) {
        header = true; // a CSV file's header: read its columns by name
        skuColumn = skuAt;
        quantityColumn = quantityAt;
        return;
      }
      if (quantityAt >= 0 || skuAt >= 0 || /^(sku|part)/i.test(fields[0]!)) return; // "SKU Quantity"
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
