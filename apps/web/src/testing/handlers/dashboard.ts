import type { Dashboard } from '@partsforge/shared/dashboard';
import { http, HttpResponse } from 'msw';

/** The 30 UTC days ending 2026-11-25, each with `revenue` dollars from `orders` orders (0 by default). */
function days(figures: Record<string, { revenue: number; orders: number }> = {}): Dashboard['revenueByDay'] {
  const last = Date.UTC(2026, 10, 25);
  return Array.from({ length: 30 }, (_, index) => {
    const date = new Date(last - (29 - index) * 86_400_000).toISOString().slice(0, 10);
    return { date, ...(figures[date] ?? { revenue: 0, orders: 0 }) };
  });
}

/** A shop with sales: two days of payments, every status, two best sellers and 3 parts low on stock (2 listed). */
export const dashboardFixture: Dashboard = {
  revenueByDay: days({
    '2026-11-24': { revenue: 1200.5, orders: 3 },
    '2026-11-25': { revenue: 80, orders: 2 },
  }),
  ordersByStatus: [
    { status: 'unpaid', count: 4 },
    { status: 'pending', count: 2 },
    { status: 'shipped', count: 3 },
    { status: 'cancelled', count: 1 },
    { status: 'expired', count: 0 },
  ],
  topParts: [
    { partId: 'p-pads', sku: 'BP-TOY-48210', name: 'Ceramic Brake Pad Set', units: 40, revenue: 1000 },
    { partId: 'p-bulb', sku: 'HL-H11-55W', name: 'H11 Headlight Bulb', units: 95, revenue: 280.5 },
  ],
  lowStock: [
    { id: 'p-wiper', sku: 'WB-22-HYB', name: 'Hybrid Wiper Blade 22"', available: 0, minqty: 1 },
    { id: 'p-plug', sku: 'SP-IRI-4', name: 'Iridium Spark Plug', available: 3, minqty: 8 },
  ],
  lowStockTotal: 3,
  waitingToShip: 3,
  unitsBackordered: 7,
};

/** A shop that has sold nothing and has every part in stock. */
export const emptyDashboardFixture: Dashboard = {
  revenueByDay: days(),
  ordersByStatus: dashboardFixture.ordersByStatus.map(({ status }) => ({ status, count: 0 })),
  topParts: [],
  lowStock: [],
  lowStockTotal: 0,
  waitingToShip: 0,
  unitsBackordered: 0,
};

/** `GET /api/admin/dashboard` answering `figures`. */
export function dashboardHandler(figures: Dashboard = dashboardFixture) {
  return http.get('/api/admin/dashboard', () => HttpResponse.json(figures));
}
