import type { CreditMemo } from '@partsforge/shared/credit-memos';
import { http, HttpResponse } from 'msw';

/** A card refund memo of a received return, with `overrides` (dollars). */
export function creditMemoFixture(overrides: Partial<CreditMemo> = {}): CreditMemo {
  return {
    _id: 'memo-1',
    number: 'CM-2026-000001',
    orderId: 'order-1',
    returnId: 'return-1',
    kind: 'return',
    settlement: 'card',
    subtotal: 25,
    tax: 2.06,
    core: 0,
    shipping: 0,
    restockingFee: 0,
    total: 27.06,
    note: null,
    refundId: 'sandbox_re_1',
    refundedAt: '2026-11-30T10:00:00.000Z',
    createdAt: '2026-11-30T10:00:00.000Z',
    lines: [],
    ...overrides,
  };
}

/** An order's credit memos: `memos` for every order (none by default). */
export function creditMemosHandler(memos: CreditMemo[] = []) {
  return http.get('/api/order/:id/credit-memos', () => HttpResponse.json(memos));
}

/** The return settings: `restockingFeePercent` (0 by default). */
export function returnSettingsHandler(restockingFeePercent = 0) {
  return http.get('/api/admin/return-settings', () => HttpResponse.json({ restockingFeePercent }));
}

/** Every order has no credit memos, and no restocking fee is set (docs/requirements.md §17). */
export const creditMemosHandlers = [creditMemosHandler(), returnSettingsHandler()];
