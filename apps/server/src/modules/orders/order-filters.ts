/**
 * Pure SQL builders of the admin's order list and its CSV export (docs/requirements.md §13 "Finding things"): the
 * filter of a query's `q`, status and dates, its order, and the keyset condition that reads the export in chunks.
 * The repository runs them (order-repository.ts).
 *
 * Indexes: the newest-first list, a status and a date range use `orders_created_at_idx` and
 * `orders_status_created_at_idx`; "PF-100001" uses `orders_number_unique`. Other text goes through the trigram
 * indexes of the customer's name, email and PO number and of `order_lines.sku` (migration 0020); sorting by total
 * uses `orders_total_cents_idx`.
 */
import type { AdminOrderFilters } from '@partsforge/shared';
import { and, asc, desc, eq, gte, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { orderLines, orders } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/like-pattern.js';

/** A query's filters as the repository takes them (`AdminOrderFilters`, sort and direction defaulted). */
export type OrderFilters = AdminOrderFilters;

/** The list's default: every order but cancelled ones, newest first. */
export const DEFAULT_ORDER_FILTERS: OrderFilters = { sort: 'date', dir: 'desc' };

/**
 * The order number `q` names: "PF-100001" (any case, the dash optional) is an order number and nothing else;
 * "100001" may be one (or part of a PO number or SKU). Undefined when `q` is no order number.
 */
export function orderNumberOf(q: string): { number: number; only: boolean } | undefined {
  const match = /^(PF-?)?(\d{1,15})$/i.exec(q);
  return match ? { number: Number(match[2]), only: match[1] !== undefined } : undefined;
}

/** The date after `day` (YYYY-MM-DD), as YYYY-MM-DD: the exclusive end of an inclusive range. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The WHERE of `filters`: text, status (default: not cancelled), the days, UTC, both inclusive, and the company
 * (docs/requirements.md §14; `orders_company_id_idx`).
 */
export function orderFilterWhere({ q, status, from, to, companyId }: OrderFilters): SQL {
  const conditions: SQL[] = [status ? eq(orders.status, status) : ne(orders.status, 'cancelled')];
  if (companyId) conditions.push(eq(orders.companyId, companyId));
  if (from) conditions.push(gte(orders.createdAt, new Date(`${from}T00:00:00.000Z`)));
  if (to) conditions.push(lt(orders.createdAt, new Date(`${nextDay(to)}T00:00:00.000Z`)));
  const number = q ? orderNumberOf(q) : undefined;
  if (number?.only) conditions.push(eq(orders.number, number.number));
  else if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(
        ...(number ? [eq(orders.number, number.number)] : []),
        ilike(orders.customerName, pattern),
        ilike(orders.email, pattern),
        ilike(orders.poNumber, pattern),
        // A semi-join PostgreSQL runs as one hashed pass over order_lines, where EXISTS of the same rows made the
        // planner overestimate its cost (and compile the query with JIT, slower at 100,000 orders).
        sql`${orders.id} in (select ${orderLines.orderId} from ${orderLines} where ${orderLines.sku} ilike ${pattern})`,
      )!,
    );
  }
  return and(...conditions)!;
}

/** The sort column of `filters`: created_at or total_cents. */
const sortColumn = ({ sort }: OrderFilters) => (sort === 'total' ? orders.totalCents : orders.createdAt);

/** ORDER BY of `filters`: the sort column, then the id (the same direction), so every order has one place. */
export function orderListOrderBy(filters: OrderFilters): SQL[] {
  const direction = filters.dir === 'asc' ? asc : desc;
  return [direction(sortColumn(filters)), direction(orders.id)];
}

/**
 * Where the export's last chunk ended: the last row's sort value as PostgreSQL's text of it (a timestamp keeps
 * its microseconds, which a JS Date would lose) and its id.
 */
export interface OrderCursor {
  value: string;
  id: string;
}

/** The sort value of a row as text, selected with each exported row for its cursor. */
export function cursorValueColumn(filters: OrderFilters): SQL<string> {
  return sql<string>`${sortColumn(filters)}::text`;
}

/** Rows after `cursor` in `filters`' order (keyset paging: each chunk starts where the last one ended). */
export function afterCursor(filters: OrderFilters, { value, id }: OrderCursor): SQL {
  const column = sortColumn(filters);
  const typed = filters.sort === 'total' ? sql`${value}::bigint` : sql`${value}::timestamptz`;
  return filters.dir === 'asc'
    ? sql`(${column}, ${orders.id}) > (${typed}, ${id}::uuid)`
    : sql`(${column}, ${orders.id}) < (${typed}, ${id}::uuid)`;
}
