import type { Order } from '@partsforge/shared/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminFixture, customerFixture, sessionOf } from '@/testing/handlers/identity';
import { ORDER_ID, orderFixture as order } from '@/testing/handlers/orders';
import { apiError, page } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { requestLog, server } from '@/testing/server';

const listPath = `/api/order/${encodeURIComponent(adminFixture.email)}`;

/**
 * Signed in as the admin; the order list answers `orders` with `total` whatever its query. Returns the log of the
 * requests from now on and the last query the list got.
 */
function stubOrders(orders: Order[], { total = orders.length } = {}) {
  const queries: URLSearchParams[] = [];
  server.use(
    ...sessionOf(adminFixture).handlers,
    http.get(listPath, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return page(orders, total);
    }),
  );
  return { log: requestLog(), lastQuery: () => Object.fromEntries(queries.at(-1) ?? []) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/dashboard/manageorders: finding orders', () => {
  it('searches, filters by status and dates and sorts, keeping each choice in the URL', async () => {
    const { lastQuery } = stubOrders([order()]);
    const { user, router } = renderApp('/dashboard/manageorders');
    await screen.findByRole('link', { name: 'PF-100001' });
    expect(lastQuery()).toEqual({ limit: '20', offset: '0' });

    await user.type(screen.getByLabelText('Search orders'), 'brk-1001{Enter}');
    await waitFor(() => expect(lastQuery()).toEqual({ q: 'brk-1001', limit: '20', offset: '0' }));
    expect(router.state.location.search).toBe('?q=brk-1001');

    await user.selectOptions(screen.getByLabelText('Status'), 'Shipped orders');
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'brk-1001', status: 'shipped' }));

    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await user.type(screen.getByLabelText('To'), '2026-01-31');
    await waitFor(() => expect(lastQuery()).toMatchObject({ from: '2026-01-01', to: '2026-01-31' }));

    await user.selectOptions(screen.getByLabelText('Sort'), 'Highest total');
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'total', dir: 'desc' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: 'brk-1001',
      status: 'shipped',
      from: '2026-01-01',
      to: '2026-01-31',
      sort: 'total',
      dir: 'desc',
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ sort: 'total', dir: 'desc', limit: '20', offset: '0' }),
    );
    expect((screen.getByLabelText('Search orders') as HTMLInputElement).value).toBe('');
  });

  it('opens with the filters of its URL and pages through the matches, keeping them', async () => {
    const { lastQuery } = stubOrders([order()], { total: 45 });
    const { user } = renderApp(
      '/dashboard/manageorders?q=PF-100001&status=pending&sort=total&dir=asc&page=2',
    );
    await screen.findByRole('link', { name: 'PF-100001' });
    expect(lastQuery()).toEqual({
      q: 'PF-100001',
      status: 'pending',
      sort: 'total',
      dir: 'asc',
      limit: '20',
      offset: '20',
    });
    expect((screen.getByLabelText('Search orders') as HTMLInputElement).value).toBe('PF-100001');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('pending');
    expect(screen.getByRole('option', { name: 'Lowest total', selected: true })).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Next' }));
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ q: 'PF-100001', status: 'pending', offset: '40' }),
    );
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Previous' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'PF-100001', offset: '20' }));
  });

  it('says "No orders match" when the filters find nothing, and "No orders yet." without filters', async () => {
    stubOrders([]);
    const first = renderApp('/dashboard/manageorders?q=nothing');
    expect(await screen.findByText('No orders match')).toBeTruthy();
    first.unmount();
    renderApp('/dashboard/manageorders');
    expect(await screen.findByText('No orders yet.')).toBeTruthy();
  });

  it('shows the reason when the server refuses the filters', async () => {
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.get(listPath, () => apiError(400, 'from must not be after to', { code: 'VALIDATION_FAILED' })),
    );
    renderApp('/dashboard/manageorders?from=2026-02-01&to=2026-01-01');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The orders could not be loaded.')).toBeTruthy();
    expect(within(alert).getByText('from must not be after to')).toBeTruthy();
  });
});

describe('/dashboard/manageorders: Export CSV', () => {
  /** Captures what saveFile hands the browser: the file name and the blob. */
  function captureDownloads() {
    const blobs = new Map<string, Blob>();
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:orders-${blobs.size + 1}`;
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

  it('downloads orders.csv of the current filters with the access token', async () => {
    stubOrders([order()]);
    let request: { url: URL; authorization: string | null } | undefined;
    server.use(
      http.get('/api/admin/orders.csv', ({ request: sent }) => {
        request = { url: new URL(sent.url), authorization: sent.headers.get('Authorization') };
        return new HttpResponse('Order number,Date\r\nPF-100001,2026-11-21T10:00:00.000Z\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="orders.csv"',
          },
        });
      }),
    );
    const saved = captureDownloads();
    const { user } = renderApp('/dashboard/manageorders?q=brk&status=shipped&sort=total&dir=desc');
    await screen.findByRole('link', { name: 'PF-100001' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({
      q: 'brk',
      status: 'shipped',
      sort: 'total',
      dir: 'desc',
    });
    expect(request!.authorization).toMatch(/^Bearer ey/);
    expect(saved[0]!.name).toBe('orders.csv');
    expect(await saved[0]!.blob!.text()).toContain('PF-100001');
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('shows why an export failed', async () => {
    stubOrders([order()]);
    server.use(http.get('/api/admin/orders.csv', () => apiError(503, 'The shop is busy right now.')));
    captureDownloads();
    const { user } = renderApp('/dashboard/manageorders');
    await screen.findByRole('link', { name: 'PF-100001' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText('The orders could not be exported. The shop is busy right now.'),
    ).toBeTruthy();
  });
});

describe('/dashboard/manageorders: Mark Shipped', () => {
  it('asks for the carrier and tracking number, sends them, and then shows them with Shipped', async () => {
    const paid = order({ paid: true, status: 'pending', transactionId: 'sandbox_pi_9' });
    let current: Order = paid;
    let statusBody: unknown;
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.get(listPath, () => page([current])),
      http.patch(`/api/order/${ORDER_ID}/status`, async ({ request }) => {
        statusBody = await request.json();
        current = { ...paid, status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderApp('/dashboard/manageorders');
    const pending = await screen.findByRole('button', {
      name: `Pending: ${paid.productName}, ${customerFixture.email}`,
    });
    await user.click(pending);
    const dialog = screen.getByRole('dialog', { name: 'Mark PF-100001 shipped?' });
    expect(
      within(dialog).getByText(
        `Order PF-100001: 1 line, $779.80 for ${customerFixture.email} will be marked Shipped. This cannot be undone.`,
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Both are optional.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Carrier'), '  UPS ');
    await user.type(within(dialog).getByLabelText('Tracking number'), '1Z999AA10123456784');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));

    const row = (await screen.findByText('Carrier: UPS')).closest('tr')!;
    expect(within(row).getByText('Shipped')).toBeTruthy();
    expect(within(row).getByText('Tracking number: 1Z999AA10123456784')).toBeTruthy();
    expect(statusBody).toEqual({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
  });

  it('starts each order with empty fields and ships nothing on Keep pending', async () => {
    const paid = order({ paid: true, status: 'pending', transactionId: 'sandbox_pi_9' });
    const { log } = stubOrders([paid]);
    const { user } = renderApp('/dashboard/manageorders');
    const pending = await screen.findByRole('button', {
      name: `Pending: ${paid.productName}, ${customerFixture.email}`,
    });
    await user.click(pending);
    const dialog = screen.getByRole('dialog', { name: 'Mark PF-100001 shipped?' });
    await user.type(within(dialog).getByLabelText('Carrier'), 'DHL');
    await user.click(within(dialog).getByRole('button', { name: 'Keep pending' }));
    await user.click(pending);
    expect((within(dialog).getByLabelText('Carrier') as HTMLInputElement).value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Keep pending' }));
    expect(log.filter((line) => line.startsWith('PATCH '))).toEqual([]);
  });
});
