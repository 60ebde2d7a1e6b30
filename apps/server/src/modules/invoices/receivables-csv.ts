/**
 * receivables.csv (docs/requirements.md §15 "Statements"): the receivables report as CSV, written with papaparse's
 * unparse as the admin orders export is (modules/orders/order-csv.ts). Columns (messages.tradeTerms
 * .receivablesCsvHeader): company name, company id, payment terms, credit limit, balance, and the aging buckets
 * current, 1-30, 31-60, 61-90 and over 90 days past due; dollars with two decimals. One line per company with a
 * balance, largest first. A text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading
 * single quote, so a company's name can never run as a formula in a spreadsheet.
 */
import { messages, toCents, type Receivables } from '@partsforge/shared';
import Papa from 'papaparse';

/** Cells that a spreadsheet would read as a formula (or whose first character it strips). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Dollars as exactly two decimals ("1234.05"). */
function dollars(amount: number): string {
  const cents = toCents(amount);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The CSV of `report` (header first), each line ending with CRLF. */
export function receivablesCsv(report: Receivables): string {
  const lines = report.rows.map((row) => [
    row.companyName,
    row.companyId,
    row.paymentTerms,
    dollars(row.creditLimit),
    dollars(row.balance),
    dollars(row.aging.current),
    dollars(row.aging.days1to30),
    dollars(row.aging.days31to60),
    dollars(row.aging.days61to90),
    dollars(row.aging.over90),
  ]);
  return `${Papa.unparse([[...messages.tradeTerms.receivablesCsvHeader], ...lines], {
    newline: '\r\n',
    escapeFormulae: FORMULA_START,
  })}\r\n`;
}
