import type { Quote } from '@partsforge/shared/shipping';
import { http, HttpResponse } from 'msw';

/** The delivery options every quote answers (docs/requirements.md §16): pickup, ground and next-day. */
export const quoteFixture: Quote = {
  options: [
    {
      code: 'pickup',
      name: 'Counter pickup',
      cost: 0,
      estimatedDelivery: { from: '2026-12-01', to: '2026-12-01' },
    },
    {
      code: 'ground',
      name: 'Ground',
      cost: 9.95,
      estimatedDelivery: { from: '2026-12-03', to: '2026-12-07' },
    },
    {
      code: 'next-day',
      name: 'Next-day',
      cost: 29.95,
      estimatedDelivery: { from: '2026-12-02', to: '2026-12-02' },
    },
  ],
  subtotal: 100,
  weightKg: 4,
};

/** `POST /api/checkout/quote` answered with quoteFixture. */
export const shippingHandlers = [http.post('/api/checkout/quote', () => HttpResponse.json(quoteFixture))];
