/**
 * The admin dashboard's figures (docs/requirements.md §13, "Dashboard"), each one SQL aggregate (one round trip per
 * figure): revenue per UTC day over the last 30 days, orders by status, the top parts by revenue, and the parts
 * whose stock is below their minimum order quantity. Money is summed in integer cents in the database and
 * answered in dollars.
 *
 * Revenue is paid orders: `paid_at` set and status `pending` (paid, waiting to ship) or `shipped`
 * (docs/design.md item 4). Unpaid, cancelled and expired orders are never revenue; a payment that arrived for an
 * order no longer payable was refunded and never set `paid_at` (docs/decisions/012). Indexes used:
 * `orders_paid_at_idx` (paid_at, where paid_at is not null) for the revenue window; orders by status count every
 * order (`orders_status_created_at_idx`); low stock scans the parts (no index may name `available`: docs/decisions/022).
 */
import {
  DASHBOARD_LOW_STOCK_LIMIT,
  DASHBOARD_REVENUE_DAYS,
  DASHBOARD_TOP_PARTS,
  toDollars,
  type Dashboard,
  type LowStockPart,
  type RevenueDay,
  type StatusCount,
  type TopPart,
} from '@partsforge/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { ORDER_STATUSES } from '../../db/schema/index.js';

/** The statuses of a paid order (docs/design.md item 4): revenue counts these. */
export const PAID_STATUSES = ['pending', 'partially-shipped', 'shipped'] as const;

/** Read-only dashboard queries on one database. */
export interface DashboardRepository {
  /**
   * Revenue per day: exactly DASHBOARD_REVENUE_DAYS UTC days, oldest first, ending with the UTC day of `now`;
   * each `{ date: 'YYYY-MM-DD', revenue: dollars (orders.total_cents, tax included), orders: count }` of the
   * paid orders whose `paid_at` falls in that UTC day; days without payments are 0.
   */
  revenueByDay(now: Date): Promise<RevenueDay[]>;
  /** Every stored status (ORDER_STATUSES order) with how many orders have it, 0 for none. */
  ordersByStatus(): Promise<StatusCount[]>;
  /**
   * The shipping backlog (docs/requirements.md §16): orders waiting to ship (pending or partially shipped) and the
   * units still to ship on partially shipped orders (backordered).
   */
  shippingBacklog(): Promise<{ waitingToShip: number; unitsBackordered: number }>;
  /**
   * The DASHBOARD_TOP_PARTS parts with the most line revenue (order_lines.line_total_cents, before tax, in
   * dollars) over every paid order, and their units; ties by SKU (byte order). Lines of deleted parts are left
   * out (there is no part to show).
   */
  topParts(): Promise<TopPart[]>;
  /**
   * Parts with `available < minqty`, lowest stock first, then by SKU (byte order): at most
   * DASHBOARD_LOW_STOCK_LIMIT of them, and how many there are in all.
   */
  lowStock(): Promise<{ parts: LowStockPart[]; total: number }>;
  /** Every figure above, read concurrently (four queries); `now` (default: the present) fixes "today". */
  readDashboard(now?: Date): Promise<Dashboard>;
}

/** Builds the dashboard repository on `db`. Database errors propagate. */
export function createDashboardRepository(db: AppDatabase): DashboardRepository {
  const paid = sql.param([...PAID_STATUSES]);

  const repository: DashboardRepository = {
    async revenueByDay(now) {
      // Sums bigint cents as text: exact at any size (node-postgres and PGlite differ on bigint types).
      const rows = await queryRows<{ date: string; cents: string; orders: number }>(
        db,
        sql`with bounds as (
              select (${now.toISOString()}::timestamptz at time zone 'UTC')::date as today
            ),
            window_days as (
              select (today - ${DASHBOARD_REVENUE_DAYS - 1}::int) as first_day, today as last_day from bounds
            ),
            paid_days as (
              select (o.paid_at at time zone 'UTC')::date as day, sum(o.total_cents) as cents, count(*) as orders
              from orders o, window_days w
              where o.paid_at is not null
                and o.paid_at >= (w.first_day::timestamp at time zone 'UTC')
                and o.paid_at < ((w.last_day + 1)::timestamp at time zone 'UTC')
                and o.status = any(${paid}::text[])
              group by 1
            )
            select to_char(d.day, 'YYYY-MM-DD') as date,
                   coalesce(p.cents, 0)::text as cents,
                   coalesce(p.orders, 0)::int as orders
            from window_days w
            cross join lateral generate_series(w.first_day::timestamp, w.last_day::timestamp, interval '1 day') as g(ts)
            cross join lateral (select g.ts::date as day) as d
            left join paid_days p on p.day = d.day
            order by d.day`,
      );
      return rows.map((row) => ({
        date: row.date,
        revenue: toDollars(Number(row.cents)),
        orders: Number(row.orders),
      }));
    },

    async ordersByStatus() {
      const rows = await queryRows<{ status: StatusCount['status']; count: number }>(
        db,
        sql`select s.status, coalesce(c.count, 0)::int as count
            from unnest(${sql.param([...ORDER_STATUSES])}::text[]) with ordinality as s(status, position)
            left join (select status, count(*) as count from orders group by status) as c
              on c.status = s.status
            order by s.position`,
      );
      return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
    },

    async topParts() {
      // The best sellers (and any tied with the 10th) are picked before parts is joined, so the join reads a few
      // rows by primary key instead of hashing the catalogue; the SKU then breaks the ties.
      const rows = await queryRows<{
        partId: string;
        sku: string;
        name: string;
        units: string;
        cents: string;
      }>(
        db,
        sql`with sold as (
              select l.part_id, sum(l.quantity) as units, sum(l.line_total_cents) as cents
              from order_lines l
              join orders o on o.id = l.order_id
              where o.paid_at is not null and o.status = any(${paid}::text[]) and l.part_id is not null
              group by l.part_id
              order by cents desc
              fetch first ${DASHBOARD_TOP_PARTS} rows with ties
            )
            select p.id as "partId", p.sku, p.name, sold.units::text as units, sold.cents::text as cents
            from sold
            join parts p on p.id = sold.part_id
            order by sold.cents desc, p.sku collate "C"
            limit ${DASHBOARD_TOP_PARTS}`,
      );
      return rows.map((row) => ({
        partId: row.partId,
        sku: row.sku,
        name: row.name,
        units: Number(row.units),
        revenue: toDollars(Number(row.cents)),
      }));
    },

    async lowStock() {
      const rows = await queryRows<LowStockPart & { total: number }>(
        db,
        sql`select id, sku, name, available, minqty, (count(*) over ())::int as total
            from parts
            where available < minqty
            order by available, sku collate "C"
            limit ${DASHBOARD_LOW_STOCK_LIMIT}`,
      );
      return {
        parts: rows.map(({ id, sku, name, available, minqty }) => ({ id, sku, name, available, minqty })),
        total: Number(rows[0]?.total ?? 0),
      };
    },

    async shippingBacklog() {
      const [row] = await queryRows<{ waiting: number; backordered: string }>(
        db,
        sql`select
              (select count(*) from orders where status in ('pending', 'partially-shipped'))::int as waiting,
              (select coalesce(sum(l.quantity - l.shipped_quantity), 0)
                 from order_lines l join orders o on o.id = l.order_id
                 where o.status = 'partially-shipped')::text as backordered`,
      );
      return { waitingToShip: Number(row?.waiting ?? 0), unitsBackordered: Number(row?.backordered ?? 0) };
    },

    async readDashboard(now = new Date()) {
      const [revenueByDay, ordersByStatus, topParts, lowStock, backlog] = await Promise.all([
        repository.revenueByDay(now),
        repository.ordersByStatus(),
        repository.topParts(),
        repository.lowStock(),
        repository.shippingBacklog(),
      ]);
      return {
        revenueByDay,
        ordersByStatus,
        topParts,
        lowStock: lowStock.parts,
        lowStockTotal: lowStock.total,
        ...backlog,
      };
    },
  };
  return repository;
}
