/**
 * The admin's dashboard contract (docs/requirements.md §13, "Dashboard"): `GET /admin/dashboard` answers revenue
 * per day for the last 30 days, orders by status, the top 10 parts by revenue and the parts whose stock is below
 * their minimum order quantity. Money is dollars on the wire (the server sums integer cents).
 */
import { z } from 'zod';
import { ORDER_STATUS_VALUES } from './orders.js';

/** How many days `revenueByDay` covers, today (UTC) included. */
export const DASHBOARD_REVENUE_DAYS = 30;
/** How many parts `topParts` lists at most. */
export const DASHBOARD_TOP_PARTS = 10;
/** How many parts `lowStock` lists at most; `lowStockTotal` counts them all. */
export const DASHBOARD_LOW_STOCK_LIMIT = 50;

/** One UTC day of revenue: paid orders by the day they were paid. */
export const revenueDaySchema = z.object({
  /** The UTC day, 'YYYY-MM-DD'. */
  date: z.string(),
  /** Sum of the totals (tax included) of the orders paid that day, in dollars. */
  revenue: z.number(),
  /** How many orders were paid that day. */
  orders: z.number().int(),
});
export type RevenueDay = z.infer<typeof revenueDaySchema>;

/** How many stored orders have one status. */
export const statusCountSchema = z.object({
  status: z.enum(ORDER_STATUS_VALUES),
  count: z.number().int(),
});
export type StatusCount = z.infer<typeof statusCountSchema>;

/** A part among the best sellers: units and line revenue (before tax, in dollars) over every paid order. */
export const topPartSchema = z.object({
  partId: z.string(),
  sku: z.string(),
  name: z.string(),
  units: z.number().int(),
  revenue: z.number(),
});
export type TopPart = z.infer<typeof topPartSchema>;

/** A part whose stock (`available`) is below its minimum order quantity (`minqty`). */
export const lowStockPartSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  available: z.number().int(),
  minqty: z.number().int(),
});
export type LowStockPart = z.infer<typeof lowStockPartSchema>;

/** `GET /admin/dashboard` answer (admins only). */
export const dashboardSchema = z.object({
  /** Exactly DASHBOARD_REVENUE_DAYS days, oldest first, ending today (UTC); days without payments are 0. */
  revenueByDay: z.array(revenueDaySchema),
  /** Every stored status, in ORDER_STATUS_VALUES order; statuses without orders are 0. */
  ordersByStatus: z.array(statusCountSchema),
  /** At most DASHBOARD_TOP_PARTS parts, highest revenue first. */
  topParts: z.array(topPartSchema),
  /** At most DASHBOARD_LOW_STOCK_LIMIT parts, lowest stock first. */
  lowStock: z.array(lowStockPartSchema),
  /** How many parts are below their minimum order quantity in all. */
  lowStockTotal: z.number().int(),
  /** Orders waiting to ship: pending (paid, or on account) or partially shipped (docs/requirements.md §16). */
  waitingToShip: z.number().int(),
  /** Units still to ship on partially shipped orders. */
  unitsBackordered: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
