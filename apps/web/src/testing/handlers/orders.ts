import type { Order } from '@partsforge/shared/orders';
import { http, HttpResponse } from 'msw';
import { partsFixture } from '../api-fixtures';
import { customerFixture } from './identity';

export const ORDER_ID = '7b1f6a3e-0c4d-4e8a-9f1b-00000000000a';

/** An unpaid order of the first part's minimum quantity by the customer fixture, with `overrides`. */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  const part = partsFixture[0]!;
  const total = part.minqty * part.price;
  return {
    _id: ORDER_ID,
    productId: part._id,
    productName: part.name,
    quantity: part.minqty,
    price: part.price,
    totalPrice: total,
    customerName: customerFixture.name,
    email: customerFixture.email,
    phone: null,
    address: '1 Depot Road',
    paid: false,
    status: 'unpaid',
    transactionId: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    refundedAmount: null,
    refundedAt: null,
    holdExpiresAt: '2026-11-21T10:30:00.000Z',
    number: 'PF-100001',
    lines: [
      {
        _id: 'line-1',
        shippedQuantity: 0,
        returnedQuantity: 0,
        partId: part._id,
        sku: part.sku,
        name: part.name,
        quantity: part.minqty,
        unitPrice: part.price,
        lineTotal: total,
        listUnitPrice: part.price,
        coreCharge: 0,
      },
    ],
    total,
    subtotal: total,
    coreTotal: 0,
    tax: 0,
    taxRatePercent: 0,
    poNumber: null,
    note: null,
    history: [{ status: 'unpaid', at: '2026-11-21T10:00:00.000Z', by: customerFixture.name }],
    company: null,
    placedBy: { name: customerFixture.name, email: customerFixture.email },
    shipTo: null,
    approvalExpiresAt: null,
    paymentMethod: 'card',
    taxExempt: false,
    resaleCertificate: null,
    invoice: null,
    taxRegion: null,
    taxShipping: false,
    shipping: null,
    shipments: [],
    ...overrides,
  };
}

/** `POST /api/order` accepted: the new order is ORDER_ID. */
export const orderPlacedHandler = http.post('/api/order', () =>
  HttpResponse.json({ acknowledged: true, insertedId: ORDER_ID }, { status: 201 }),
);

/** `GET /api/order/{id}` answered with `order`. */
export const orderHandler = (order: Order) =>
  http.get(`/api/order/${order._id}`, () => HttpResponse.json(order));

/** The payments provider is the built-in sandbox. */
export const sandboxPaymentsHandler = http.get('/api/payments/config', () =>
  HttpResponse.json({ provider: 'sandbox', publishableKey: null }),
);
