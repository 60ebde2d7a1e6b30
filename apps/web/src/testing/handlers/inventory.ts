import type { StockMovement, StockMovementReasonValue } from '@partsforge/shared/stock';
import { http, HttpResponse } from 'msw';
import { apiError } from './respond';

/**
 * `count` movements of a part, newest first as the API lists them, ending at `level`: orders placed (PF-100001,
 * ... by Casey Customer), every fourth an admin's adjustment with a note, a minute apart from 2026-03-01 10:00 UTC.
 */
export function stockMovementsFixture(count: number, level = 100): StockMovement[] {
  const movements: StockMovement[] = [];
  let after = level;
  for (let index = count; index >= 1; index -= 1) {
    const adjustment = index % 4 === 0;
    const reason: StockMovementReasonValue = adjustment ? 'admin_adjustment' : 'order_placed';
    const change = adjustment ? 10 : -2;
    movements.push({
      id: index,
      at: new Date(Date.UTC(2026, 2, 1, 10, index)).toISOString(),
      change,
      levelAfter: after,
      reason,
      orderId: adjustment ? null : `order-${index}`,
      orderNumber: adjustment ? null : `PF-${100000 + index}`,
      userId: adjustment ? 'u-admin' : 'u-customer',
      userName: adjustment ? 'Ada Admin' : 'Casey Customer',
      note: adjustment ? `Cycle count ${index}` : null,
    });
    after -= change;
  }
  return movements;
}

/**
 * `GET /api/admin/parts/{id}/stock-movements` of the parts in `movementsByPart` (part id -> its movements, newest
 * first), paged by `page` and `pageSize` like the API (default 20); a part not in the map has no movements.
 */
export function stockMovementsHandler(movementsByPart: Record<string, StockMovement[]> = {}) {
  return http.get('/api/admin/parts/:id/stock-movements', ({ params, request }) => {
    const search = new URL(request.url).searchParams;
    const page = Number(search.get('page') ?? '1');
    const pageSize = Number(search.get('pageSize') ?? '20');
    if (!(page >= 1) || !(pageSize >= 1 && pageSize <= 100)) return apiError(400, 'Invalid request');
    const movements = movementsByPart[params.id as string] ?? [];
    return HttpResponse.json({
      items: movements.slice((page - 1) * pageSize, page * pageSize),
      total: movements.length,
      page,
      pageSize,
    });
  });
}

/** What every test starts with: an empty stock history for any part. */
export const inventoryHandlers = [stockMovementsHandler()];
