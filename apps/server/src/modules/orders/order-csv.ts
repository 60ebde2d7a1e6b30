/**
 * orders.csv (docs/requirements.md §13 "Finding things"): the admin's filtered order list as CSV, written with
 * papaparse's unparse chunk by chunk, so the export holds one chunk in memory whatever the list's length.
 * Columns (messages.orders.csvHeader): order number, date placed (ISO 8601, UTC), status, customer name, email,
 * PO number, lines, units, total in dollars (two decimals), paid at (ISO 8601), carrier, tracking number.
 *
 * Spreadsheet formula injection (docs/security.md): a text cell that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading single quote (`'=HYPERLINK(...)` shows as text), so a customer's name or PO
 * number can never run as a formula when an admin opens the file. Counts are written as numbers.
 */
import { Readable } from 'node:stream';
import { formatOrderNumber, messages } from '@partsforge/shared';
import Papa from 'papaparse';
import type { OrderRow } from '../../db/schema/index.js';

/** Cells that a spreadsheet would read as a formula (or whose first character it strips). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Integer cents as dollars with two decimals, exactly ("1234.05"). */
function dollars(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** One order's cells, in the header's order. */
function orderCells(order: OrderRow): (string | number)[] {
  return [
    formatOrderNumber(order.number),
    order.createdAt.toISOString(),
    order.status,
    order.customerName,
    order.email,
    order.poNumber ?? '',
    order.lineCount,
    order.quantity,
    dollars(order.totalCents),
    order.paidAt?.toISOString() ?? '',
    order.carrier ?? '',
    order.trackingNumber ?? '',
  ];
}

const unparseOptions = { newline: '\r\n', escapeFormulae: FORMULA_START } as const;

/** The header line, with its line break. */
export function ordersCsvHeader(): string {
  return `${Papa.unparse([[...messages.orders.csvHeader]], unparseOptions)}\r\n`;
}

/** The lines of `orders`, each ending with a line break ('' for none). */
export function ordersCsvLines(orders: readonly OrderRow[]): string {
  if (orders.length === 0) return '';
  return `${Papa.unparse(orders.map(orderCells), unparseOptions)}\r\n`;
}

/**
 * The CSV of the orders `chunks` yields (header first) as a stream for the response. The first chunk is read
 * before this resolves, so a failing query still answers with a JSON error instead of a cut-off file; later
 * chunks are read as the client takes the bytes.
 */
export async function ordersCsvStream(chunks: AsyncGenerator<readonly OrderRow[]>): Promise<Readable> {
  const first = await chunks.next();
  async function* lines(): AsyncGenerator<string> {
    yield ordersCsvHeader();
    if (first.done) return;
    yield ordersCsvLines(first.value);
    for await (const chunk of chunks) yield ordersCsvLines(chunk);
  }
  return Readable.from(lines(), { objectMode: false });
}
