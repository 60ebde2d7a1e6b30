/**
 * How a part's values are written in the cells of the parts CSV and read back (docs/requirements.md §13 "Catalogue
 * in bulk"). Pure functions; every format round-trips exactly (export, then import: the same values):
 *
 * - `price`: dollars with two decimals ('19.99'), from integer cents; an import also takes '19.9' or '20'.
 * - `priceBreaks`: `quantity:unit price` pairs separated by `;`, ascending ('10:4.50;50:4.00'); empty: a flat price.
 * - `interchangeNumbers`: separated by `;` ('04465-06090;D1222'); they never hold a `;`.
 * - `universal`: `true` or `false` (any case; empty reads as false).
 * - `category`, `make`: the category's and the make's slug ('brakes', 'toyota'), unique where names need not be;
 *   empty: none.
 * - `fitment`: application rows separated by `;` (a line break also separates them on import), each
 *   `make/model/years/engine/submodel/position/quantity/note`: the vehicle list's make and model slugs, the years as
 *   `2018` or `2018-2020`, then the optional fields, empty when the row has none (quantity empty: 1), trailing empty
 *   fields left out: `toyota/camry/2018-2020`, `toyota/camry/2018-2024/2.5L 4-cyl///4`,
 *   `ford/f-150/2015-2020///Front/2/With towing package`. Inside a field `%`, `/` and `;` are written `%25`, `%2F`
 *   and `%3B`; on import any other `%` is itself.
 *
 * Values are never altered to defend spreadsheets against formula injection (a cell starting `=`, `+`, `-` or `@`):
 * the round trip must be exact. The texts a part may hold are plain text checked by the product form's rules, and the
 * file is meant for spreadsheets that open CSV as data; docs/requirements.md §13 says so.
 */
import type { NewFitmentRow } from './fitment-repository.js';

/** Integer cents as dollars with two decimals: 1999 -> '19.99', 5 -> '0.05'. */
export function formatCents(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents - whole * 100).padStart(2, '0')}`;
}

const DOLLARS = /^\d+(\.\d+)?$/;
const WHOLE = /^-?\d+$/;

/** Dollars written as digits with an optional fraction ('4.5', '19.99'), or null when it is not such a number. */
export function parseDollars(text: string): number | null {
  const value = text.trim();
  return DOLLARS.test(value) ? Number(value) : null;
}

/** A whole number ('12', '-3'), or null when the text is not one. */
export function parseWhole(text: string): number | null {
  const value = text.trim();
  return WHOLE.test(value) ? Number(value) : null;
}

/** The items of a `;`-separated cell (line breaks separate too), trimmed, empty ones left out. */
export function splitList(text: string): string[] {
  return text
    .split(/[;\r\n]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Quantity breaks as `10:4.50;50:4.00` (quantities ascending as stored, prices from cents). */
export function formatPriceBreaks(quantities: readonly number[], pricesCents: readonly number[]): string {
  return quantities.map((quantity, index) => `${quantity}:${formatCents(pricesCents[index]!)}`).join(';');
}

/** The breaks of a `priceBreaks` cell, prices in dollars, or null when a pair is not `quantity:price`. */
export function parsePriceBreaks(text: string): { minQuantity: number; price: number }[] | null {
  const breaks: { minQuantity: number; price: number }[] = [];
  for (const pair of splitList(text)) {
    const [quantity, price, extra] = pair.split(':');
    const minQuantity = quantity === undefined ? null : parseWhole(quantity);
    const dollars = price === undefined ? null : parseDollars(price);
    if (extra !== undefined || minQuantity === null || dollars === null) return null;
    breaks.push({ minQuantity, price: dollars });
  }
  return breaks;
}

/** `true`/`false` (any case; empty is false), or null for anything else. */
export function parseBoolean(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  return null;
}

/** A fitment field with `%`, `/` and `;` written as `%25`, `%2F`, `%3B`. */
function escapeField(value: string): string {
  return value.replace(/[%/;]/g, (char) => (char === '%' ? '%25' : char === '/' ? '%2F' : '%3B'));
}

function unescapeField(value: string): string {
  return value.replace(/%(25|2F|3B)/gi, (_, code: string) =>
    code === '25' ? '%' : code.toUpperCase() === '2F' ? '/' : ';',
  );
}

/** One application row as its cell text: `make/model/years[/engine[/submodel[/position[/quantity[/note]]]]]`. */
export function formatFitmentRow(row: NewFitmentRow): string {
  const years = row.yearFrom === row.yearTo ? `${row.yearFrom}` : `${row.yearFrom}-${row.yearTo}`;
  const fields = [
    escapeField(row.makeSlug),
    escapeField(row.modelSlug),
    years,
    escapeField(row.engine ?? ''),
    escapeField(row.submodel ?? ''),
    escapeField(row.position ?? ''),
    row.quantity === 1 ? '' : String(row.quantity),
    escapeField(row.note ?? ''),
  ];
  // An escaped field never ends with a raw '/', so the trailing slashes are exactly the empty fields.
  return fields.join('/').replace(/\/+$/, '');
}

/** A part's application rows as its `fitment` cell, in the order given. */
export function formatFitment(rows: readonly NewFitmentRow[]): string {
  return rows.map(formatFitmentRow).join(';');
}

/**
 * The same rows whatever their order: the rows' texts sorted and joined. Two parts' fitment is equal when their keys
 * are (an import leaves a part whose key did not change alone).
 */
export function fitmentKey(rows: readonly NewFitmentRow[]): string {
  return rows.map(formatFitmentRow).sort().join(';');
}

/** fitmentKey of the rows of a `fitment` cell as the export writes it (rows never hold a raw `;`). */
export function fitmentCellKey(cell: string): string {
  return cell === '' ? '' : cell.split(';').sort().join(';');
}

/**
 * One row of a `fitment` cell as written, before the fitment schema and the vehicle list check it: texts trimmed
 * (empty optional fields are ''), years and quantity as numbers (quantity undefined when empty: 1).
 */
export interface FitmentCellRow {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  engine: string;
  submodel: string;
  position: string;
  quantity: number | undefined;
  note: string;
}

const YEARS = /^(\d{4})(?:\s*-\s*(\d{4}))?$/;

/**
 * One row of a `fitment` cell (`make/model/years[/engine/submodel/position/quantity/note]`, years `2018` or
 * `2018-2020`, quantity digits), or null when it does not have that shape.
 */
export function parseFitmentRow(text: string): FitmentCellRow | null {
  const fields = text.split('/').map((field) => unescapeField(field).trim());
  if (fields.length < 3 || fields.length > 8) return null;
  const [
    make = '',
    model = '',
    years = '',
    engine = '',
    submodel = '',
    position = '',
    quantity = '',
    note = '',
  ] = fields;
  const yearMatch = YEARS.exec(years);
  if (!yearMatch || (quantity !== '' && !/^\d+$/.test(quantity))) return null;
  const yearFrom = Number(yearMatch[1]);
  return {
    make,
    model,
    yearFrom,
    yearTo: yearMatch[2] === undefined ? yearFrom : Number(yearMatch[2]),
    engine,
    submodel,
    position,
    quantity: quantity === '' ? undefined : Number(quantity),
    note,
  };
}

/** The rows of a `fitment` cell (splitList), each read by parseFitmentRow. */
export function parseFitment(text: string): (FitmentCellRow | null)[] {
  return splitList(text).map(parseFitmentRow);
}
