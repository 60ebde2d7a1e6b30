import { screen, within } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-date';
import { partsFixture } from '@/testing/api-fixtures';
import { addedResult, cartLineFixture, cartOf } from '@/testing/handlers/cart';
import { adminFixture, customerFixture, sessionOf, type TestUser } from '@/testing/handlers/identity';
import { ORDER_ID, orderFixture, orderHandler } from '@/testing/handlers/orders';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const [brakePads, oilFilter] = partsFixture as [(typeof partsFixture)[number], (typeof partsFixture)[number]];

const shipped = orderFixture({
  number: 'PF-100042',
  poNumber: 'PO-2026-118',
  note: 'Deliver to dock 4',
  phone: '555-0100',
  paid: true,
  status: 'shipped',
  transactionId: 'sandbox_pi_42',
  lines: [
    { ...orderFixture().lines[0]!, quantity: 20, unitPrice: 38.99, lineTotal: 779.8 },
    {
      _id: 'line-2',
      shippedQuantity: 0,
      returnedQuantity: 0,
      partId: oilFilter._id,
      sku: oilFilter.sku,
      name: oilFilter.name,
      quantity: 100,
      unitPrice: 6.49,
      lineTotal: 649,
      listUnitPrice: 6.49,
      coreCharge: 0,
    },
  ],
  total: 1428.8,
  subtotal: 1428.8,
  totalPrice: 1428.8,
  history: [
    { status: 'unpaid', at: '2026-11-21T10:00:00.000Z', by: customerFixture.name },
    { status: 'pending', at: '2026-11-21T10:05:00.000Z', by: customerFixture.name },
    { status: 'shipped', at: '2026-11-22T09:30:00.000Z', by: adminFixture.name },
  ],
});

function signedIn(user: TestUser, ...handlers: RequestHandler[]) {
  server.use(...sessionOf(user).handlers, ...handlers);
}

describe('/dashboard/orders/:id', () => {
  it('shows the order, its lines and total, and its status timeline', async () => {
    signedIn(customerFixture, orderHandler(shipped));
    renderApp(`/dashboard/orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order PF-100042' })).toBeTruthy();
    expect(screen.getByText('PO-2026-118')).toBeTruthy();
    expect(screen.getByText('Deliver to dock 4')).toBeTruthy();
    expect(screen.getByText('1 Depot Road')).toBeTruthy();
    expect(screen.getByText('555-0100')).toBeTruthy();
    expect(screen.getByText('sandbox_pi_42')).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Lines of this order' });
    expect(
      within(lines)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'SKUPartQuantityUnit priceLine total',
      `${brakePads.sku}${brakePads.name}20$38.99$779.80`,
      `${oilFilter.sku}${oilFilter.name}100$6.49$649.00`,
      'Total$1,428.80',
    ]);
    const timeline = screen.getByRole('region', { name: 'Status history' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Unpaid${formatDateTime('2026-11-21T10:00:00.000Z')} by Casey Customer`,
      `Paid${formatDateTime('2026-11-21T10:05:00.000Z')} by Casey Customer`,
      `Shipped${formatDateTime('2026-11-22T09:30:00.000Z')} by Ada Admin`,
    ]);
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
  });

  it('offers Pay now while the order is unpaid, and says until when its parts are held', async () => {
    signedIn(customerFixture, orderHandler(orderFixture()));
    renderApp(`/dashboard/orders/${ORDER_ID}`);
    expect((await screen.findByRole('link', { name: 'Pay now' })).getAttribute('href')).toBe(
      `/dashboard/payment/${ORDER_ID}`,
    );
    expect(
      screen.getByText(
        `Its parts are held for you until ${formatDateTime('2026-11-21T10:30:00.000Z')}: pay it by then, or the order expires and the parts are released.`,
      ),
    ).toBeTruthy();
    // No invoice before payment.
    expect(screen.queryByRole('button', { name: 'Download invoice' })).toBeNull();
  });

  describe('Download invoice (docs/requirements.md §13)', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    /** Records the files the page saves: the link's name and the bytes behind its object URL. */
    function captureDownloads() {
      const blobs = new Map<string, Blob>();
      let next = 0;
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        const url = `blob:invoice-${(next += 1)}`;
        blobs.set(url, blob as Blob);
        return url;
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
      const saved: { name: string; blob: Blob | undefined }[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ name: this.download, blob: blobs.get(this.href) });
      });
      return saved;
    }

    it("saves the paid order's invoice PDF under the name the server gives, fetched with the access token", async () => {
      const saved = captureDownloads();
      const authorizations: (string | null)[] = [];
      signedIn(
        customerFixture,
        orderHandler(shipped),
        http.get(`/api/order/${ORDER_ID}/invoice.pdf`, ({ request }) => {
          authorizations.push(request.headers.get('authorization'));
          return new HttpResponse('%PDF-1.3 invoice', {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="INV-2026-000042.pdf"',
            },
          });
        }),
      );
      const { user } = renderApp(`/dashboard/orders/${ORDER_ID}`);
      await user.click(await screen.findByRole('button', { name: 'Download invoice' }));
      await vi.waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]!.name).toBe('INV-2026-000042.pdf');
      expect(await saved[0]!.blob!.text()).toBe('%PDF-1.3 invoice');
      expect(authorizations).toEqual([expect.stringMatching(/^Bearer \S+$/)]);
      expect(screen.getByRole('button', { name: 'Download invoice' })).toBeTruthy();
    });

    it('is offered to an admin and for a paid order not yet shipped', async () => {
      signedIn(adminFixture, orderHandler({ ...shipped, status: 'pending' }));
      renderApp(`/dashboard/orders/${ORDER_ID}`);
      expect(await screen.findByRole('button', { name: 'Download invoice' })).toBeTruthy();
    });

    it('says why when the invoice cannot be downloaded', async () => {
      captureDownloads();
      signedIn(
        customerFixture,
        orderHandler(shipped),
        http.get(`/api/order/${ORDER_ID}/invoice.pdf`, () =>
          HttpResponse.json(
            {
              message: 'This order has no invoice yet: its invoice is issued when it is paid.',
              code: 'NOT_FOUND',
            },
            { status: 404 },
          ),
        ),
      );
      const { user } = renderApp(`/dashboard/orders/${ORDER_ID}`);
      await user.click(await screen.findByRole('button', { name: 'Download invoice' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'The invoice could not be downloaded. This order has no invoice yet: its invoice is issued when it is paid.',
      );
    });
  });

  it('shows the subtotal and the tax with its rate when the order has tax', async () => {
    signedIn(
      customerFixture,
      orderHandler({ ...shipped, subtotal: 1428.8, tax: 117.88, taxRatePercent: 8.25, total: 1546.68 }),
    );
    renderApp(`/dashboard/orders/${ORDER_ID}`);
    const lines = await screen.findByRole('table', { name: 'Lines of this order' });
    expect(
      within(lines)
        .getAllByRole('row')
        .slice(-3)
        .map((row) => row.textContent),
    ).toEqual(['Subtotal$1,428.80', 'Tax (8.25%)$117.88', 'Total$1,546.68']);
  });

  it('reorders: says which lines were added and which could not be, with a link to the cart', async () => {
    signedIn(
      customerFixture,
      orderHandler(shipped),
      http.post(`/api/order/${ORDER_ID}/reorder`, () =>
        HttpResponse.json({
          cart: cartOf([cartLineFixture(brakePads._id, 20)]),
          results: [
            addedResult(1, brakePads._id, 20),
            {
              line: 2,
              sku: oilFilter.sku,
              name: oilFilter.name,
              quantity: 100,
              status: 'error',
              message: 'No longer sold as ordered',
            },
          ],
        }),
      ),
    );
    const { user } = renderApp(`/dashboard/orders/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Reorder' }));
    const result = await screen.findByRole('status', { name: '' });
    expect(within(result).getByText('1 line was added to your cart.')).toBeTruthy();
    expect(within(result).getByText('These lines could not be ordered again:')).toBeTruthy();
    expect(within(result).getByRole('listitem').textContent).toBe(
      `${oilFilter.sku} ${oilFilter.name}: No longer sold as ordered`,
    );
    expect(within(result).getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Cart (1)' })).toBeTruthy();
  });

  it('shows an admin any order, without Reorder', async () => {
    signedIn(adminFixture, orderHandler(shipped));
    renderApp(`/dashboard/orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order PF-100042' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reorder' })).toBeNull();
  });

  it('says when the order cannot be shown', async () => {
    signedIn(
      customerFixture,
      http.get(`/api/order/${ORDER_ID}`, () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    );
    renderApp(`/dashboard/orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
  });
});
