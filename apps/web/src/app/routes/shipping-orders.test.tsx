import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { partsFixture } from '@/testing/api-fixtures';
import { cartHandler, cartLineFixture, cartOf } from '@/testing/handlers/cart';
import { adminFixture, customerFixture, sessionOf, type TestUser } from '@/testing/handlers/identity';
import { ORDER_ID, orderFixture, orderHandler } from '@/testing/handlers/orders';
import { profileHandler, savedProfileFixture } from '@/testing/handlers/profiles';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const [brakePads] = partsFixture as [(typeof partsFixture)[number]];

function signedIn(user: TestUser, ...handlers: RequestHandler[]) {
  server.use(...sessionOf(user).handlers, ...handlers);
}

/** An order of 5 pads (2 shipped by UPS) and 3 filters, by next-day delivery to Illinois. */
const partlyShipped = orderFixture({
  status: 'partially-shipped',
  paid: true,
  lines: [
    {
      ...orderFixture().lines[0]!,
      _id: 'line-1',
      sku: 'BP-1',
      name: 'Pads',
      quantity: 5,
      shippedQuantity: 2,
      returnedQuantity: 0,
    },
    {
      ...orderFixture().lines[0]!,
      _id: 'line-2',
      sku: 'OF-2',
      name: 'Filter',
      quantity: 3,
      shippedQuantity: 0,
      returnedQuantity: 0,
    },
  ],
  subtotal: 100,
  shipping: {
    method: 'next-day',
    name: 'Next-day',
    cost: 29.95,
    estimatedDelivery: { from: '2026-12-01', to: '2026-12-01' },
  },
  tax: 6.25,
  taxRatePercent: 6.25,
  taxRegion: { country: 'US', region: 'IL' },
  total: 136.2,
  shipments: [
    {
      _id: 'shipment-1',
      number: 'SH-100001',
      lines: [{ lineId: 'line-1', sku: 'BP-1', name: 'Pads', quantity: 2 }],
      carrier: 'UPS',
      trackingNumber: '1Z999',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999',
      shippedAt: '2026-11-30T10:00:00.000Z',
    },
  ],
});

describe('shipping at checkout (docs/requirements.md §16)', () => {
  it('asks the destination, offers the delivery options with price and dates, and sends the one chosen', async () => {
    const bodies: unknown[] = [];
    const quotes: unknown[] = [];
    signedIn(
      customerFixture,
      profileHandler(customerFixture, savedProfileFixture),
      cartHandler(cartOf([cartLineFixture(brakePads._id, 20)])),
      http.post('/api/checkout/quote', async ({ request }) => {
        quotes.push(await request.json());
        return HttpResponse.json({
          options: [
            {
              code: 'ground',
              name: 'Ground',
              cost: 9.95,
              estimatedDelivery: { from: '2026-12-01', to: '2026-12-03' },
            },
            {
              code: 'next-day',
              name: 'Next-day',
              cost: 29.95,
              estimatedDelivery: { from: '2026-11-30', to: '2026-11-30' },
            },
          ],
          subtotal: 100,
          weightKg: 4,
        });
      }),
      http.post('/api/checkout', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(orderFixture(), { status: 201 });
      }),
      orderHandler(orderFixture()),
    );
    const { user, router } = renderApp('/checkout');
    await user.clear(await screen.findByLabelText('Country'));
    await user.type(screen.getByLabelText('Country'), 'us');
    await user.clear(screen.getByLabelText('State / region'));
    await user.type(screen.getByLabelText('State / region'), 'il');
    await user.clear(screen.getByLabelText('Postal code'));
    await user.type(screen.getByLabelText('Postal code'), '62701');
    const delivery = await screen.findByRole('group', { name: 'Delivery' });
    const nextDay = within(delivery).getByRole('radio', { name: /Next-day/ });
    expect(within(delivery).getByText('Arrives Tue, Dec 1 – Thu, Dec 3')).toBeTruthy();
    expect(within(delivery).getByText('Arrives Mon, Nov 30')).toBeTruthy();
    expect(within(delivery).getByText('$29.95')).toBeTruthy();
    // The cheapest delivery is chosen until the buyer picks another.
    expect((within(delivery).getByRole('radio', { name: /Ground/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(nextDay);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/orders/${ORDER_ID}`));
    expect(quotes.at(-1)).toEqual({ country: 'US', region: 'IL', postalCode: '62701' });
    expect(bodies[0]).toMatchObject({
      shippingMethod: 'next-day',
      country: 'US',
      region: 'IL',
      postalCode: '62701',
    });
  });
});

describe('shipping on the order page (docs/requirements.md §16)', () => {
  it('shows shipping with its dates, tax with rate and region, the shipments and what is still to ship', async () => {
    signedIn(customerFixture, orderHandler(partlyShipped));
    renderApp(`/dashboard/orders/${ORDER_ID}`);
    const lines = await screen.findByRole('table', { name: 'Lines of this order' });
    expect(within(lines).getByText('Shipping (Next-day)')).toBeTruthy();
    expect(within(lines).getByText('Arrives Tue, Dec 1')).toBeTruthy();
    expect(within(lines).getByText('$29.95')).toBeTruthy();
    expect(within(lines).getByText('Tax (6.25%, IL)')).toBeTruthy();
    const shipments = screen.getByRole('region', { name: 'Shipments' });
    expect(within(shipments).getByRole('link', { name: 'Track 1Z999' }).getAttribute('href')).toBe(
      'https://www.ups.com/track?tracknum=1Z999',
    );
    expect(within(shipments).getByText('Still to ship')).toBeTruthy();
    expect(within(shipments).getByText(/Filter: 3/)).toBeTruthy();
    expect(within(shipments).getByText(/Pads: 3/)).toBeTruthy();
    // Buyers neither ship nor print packing slips.
    expect(screen.queryByRole('region', { name: 'Ship items' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Packing slip' })).toBeNull();
  });

  it('lets an admin ship items: quantities per line, carrier and tracking number', async () => {
    const bodies: unknown[] = [];
    signedIn(
      adminFixture,
      orderHandler(partlyShipped),
      http.post(`/api/admin/orders/${ORDER_ID}/shipments`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(partlyShipped.shipments[0], { status: 201 });
      }),
    );
    const { user } = renderApp(`/dashboard/orders/${ORDER_ID}`);
    const ship = await screen.findByRole('region', { name: 'Ship items' });
    const pads = within(ship).getByLabelText('Quantity of BP-1 to ship') as HTMLInputElement;
    expect(pads.value).toBe('3');
    await user.clear(within(ship).getByLabelText('Quantity of OF-2 to ship'));
    await user.type(within(ship).getByLabelText('Quantity of OF-2 to ship'), '0');
    await user.type(within(ship).getByLabelText('Carrier'), 'FedEx');
    await user.type(within(ship).getByLabelText('Tracking number'), '7946');
    await user.click(within(ship).getByRole('button', { name: 'Create shipment' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { lines: [{ lineId: 'line-1', quantity: 3 }], carrier: 'FedEx', trackingNumber: '7946' },
      ]),
    );
    expect(screen.getByRole('button', { name: 'Packing slip' })).toBeTruthy();
  });
});
