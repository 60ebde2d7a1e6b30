import type { Return } from '@partsforge/shared/returns';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminFixture, customerFixture, sessionOf, type TestUser } from '@/testing/handlers/identity';
import { ORDER_ID, orderFixture, orderHandler } from '@/testing/handlers/orders';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const RETURN_ID = '5c2d7a10-3b4e-4f60-8a9b-00000000000b';

function signedIn(user: TestUser, ...handlers: RequestHandler[]) {
  server.use(...sessionOf(user).handlers, ...handlers);
}

/** A shipped order: 2 alternators with a $45.00 core charge (1 already returned) and 3 pads. */
const shipped = orderFixture({
  status: 'shipped',
  paid: true,
  lines: [
    {
      ...orderFixture().lines[0]!,
      _id: 'line-1',
      sku: 'ALT-1',
      name: 'Alternator',
      quantity: 2,
      shippedQuantity: 2,
      returnedQuantity: 1,
      coreCharge: 45,
    },
    {
      ...orderFixture().lines[0]!,
      _id: 'line-2',
      sku: 'BP-2',
      name: 'Pads',
      quantity: 3,
      shippedQuantity: 3,
      returnedQuantity: 0,
      coreCharge: 0,
    },
  ],
});

const returnFixture = (overrides: Partial<Return> = {}): Return => ({
  _id: RETURN_ID,
  number: 'RMA-100001',
  status: 'requested',
  orderId: ORDER_ID,
  orderNumber: 'PF-100001',
  customer: { name: 'Casey Customer', email: 'casey@example.com' },
  lines: [
    {
      lineId: 'line-1',
      sku: 'ALT-1',
      name: 'Alternator',
      unitPrice: 180,
      quantity: 1,
      reason: 'core',
      receivedQuantity: 0,
      condition: null,
    },
    {
      lineId: 'line-2',
      sku: 'BP-2',
      name: 'Pads',
      unitPrice: 25,
      quantity: 2,
      reason: 'wrong-part',
      receivedQuantity: 0,
      condition: null,
    },
  ],
  note: null,
  rejectReason: null,
  createdAt: '2026-11-30T10:00:00.000Z',
  approvedAt: null,
  rejectedAt: null,
  receivedAt: null,
  sendTo: null,
  creditMemo: null,
  ...overrides,
});

describe('Return items on the order page (docs/requirements.md §17)', () => {
  it('asks for a quantity and a reason per line (Core return only where there is a core charge) and sends them', async () => {
    const bodies: unknown[] = [];
    signedIn(
      customerFixture,
      orderHandler(shipped),
      http.post('/api/returns', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(returnFixture(), { status: 201 });
      }),
    );
    const { user } = renderApp(`/dashboard/orders/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Return items' }));
    const form = screen.getByRole('region', { name: 'Return items of PF-100001' });
    expect(within(form).getByText('1 can be returned')).toBeTruthy();
    const alternatorReason = within(form).getByLabelText('Reason for returning ALT-1');
    const padsReason = within(form).getByLabelText('Reason for returning BP-2');
    expect(within(alternatorReason).getByRole('option', { name: 'Core return' })).toBeTruthy();
    expect(within(padsReason).queryByRole('option', { name: 'Core return' })).toBeNull();

    await user.type(within(form).getByLabelText('Quantity of ALT-1 to return'), '1');
    await user.selectOptions(alternatorReason, 'core');
    await user.type(within(form).getByLabelText('Quantity of BP-2 to return'), '2');
    await user.selectOptions(padsReason, 'wrong-part');
    await user.type(within(form).getByLabelText('Note (optional)'), 'Wrong pads');
    await user.click(within(form).getByRole('button', { name: 'Ask for the return' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          orderId: ORDER_ID,
          lines: [
            { lineId: 'line-1', quantity: 1, reason: 'core' },
            { lineId: 'line-2', quantity: 2, reason: 'wrong-part' },
          ],
          note: 'Wrong pads',
        },
      ]),
    );
    expect(
      await screen.findByText('Return RMA-100001 requested. We will mail you when it is approved.'),
    ).toBeTruthy();
  });

  it('says why the shop refused, and asks for at least one unit', async () => {
    signedIn(
      customerFixture,
      orderHandler(shipped),
      http.post('/api/returns', () =>
        HttpResponse.json(
          { message: 'The 30-day return window for BP-2 has closed.', code: 'RETURN_WINDOW_CLOSED' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp(`/dashboard/orders/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Return items' }));
    await user.click(screen.getByRole('button', { name: 'Ask for the return' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one unit to return.');
    await user.type(screen.getByLabelText('Quantity of BP-2 to return'), '1');
    await user.click(screen.getByRole('button', { name: 'Ask for the return' }));
    expect(await screen.findByText('The 30-day return window for BP-2 has closed.')).toBeTruthy();
  });

  it("names a return's steps on the order's timeline by their note", async () => {
    signedIn(
      customerFixture,
      orderHandler({
        ...shipped,
        history: [
          { status: 'shipped', at: '2026-11-30T10:00:00.000Z', by: 'Erin Admin' },
          {
            status: 'shipped',
            at: '2026-12-01T10:00:00.000Z',
            by: 'Casey Customer',
            note: 'Return RMA-100001 requested',
          },
        ],
      }),
    );
    renderApp(`/dashboard/orders/${ORDER_ID}`);
    expect(await screen.findByText('Return RMA-100001 requested')).toBeTruthy();
    expect(screen.queryByText(/Reason: Return/)).toBeNull();
  });

  it('is not offered before anything shipped', async () => {
    signedIn(customerFixture, orderHandler(orderFixture({ status: 'pending', paid: true })));
    renderApp(`/dashboard/orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: /PF-100001/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Return items' })).toBeNull();
  });
});

describe('My Returns (docs/requirements.md §17)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the returns with links to each, whose page shows where to send the parts and the credit', async () => {
    const approved = returnFixture({
      status: 'credited',
      sendTo: ['PartsForge', '12 Dock Street'],
      creditMemo: { number: 'CM-2026-000001', total: 95 },
    });
    signedIn(
      customerFixture,
      http.get('/api/returns', () => HttpResponse.json([approved], { headers: { 'X-Total-Count': '1' } })),
      http.get(`/api/returns/${RETURN_ID}`, () => HttpResponse.json(approved)),
    );
    const { user } = renderApp('/dashboard/returns');
    const table = await screen.findByRole('table', { name: 'Returns, newest first' });
    expect(within(table).getByText('Credited')).toBeTruthy();
    await user.click(within(table).getByRole('link', { name: 'View return RMA-100001' }));
    expect(await screen.findByRole('heading', { name: 'Return RMA-100001' })).toBeTruthy();
    expect(screen.getByText('12 Dock Street')).toBeTruthy();
    expect(screen.getByText('Credit memo CM-2026-000001: $95.00')).toBeTruthy();
  });

  it("downloads a credited return's memo with the access token", async () => {
    const credited = returnFixture({
      status: 'credited',
      creditMemo: { number: 'CM-2026-000004', total: 95 },
    });
    const authorizations: (string | null)[] = [];
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:memo');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let status = 404;
    signedIn(
      customerFixture,
      http.get(`/api/returns/${RETURN_ID}`, () => HttpResponse.json(credited)),
      http.get(`/api/returns/${RETURN_ID}/credit-memo.pdf`, ({ request }) => {
        authorizations.push(request.headers.get('Authorization'));
        return status === 404
          ? HttpResponse.json({ message: 'Credit memo not found.', code: 'NOT_FOUND' }, { status })
          : new HttpResponse('%PDF memo', {
              headers: {
                'Content-Type': 'application/pdf',
                'Content-Disposition': 'attachment; filename="CM-2026-000004.pdf"',
              },
            });
      }),
    );
    const { user } = renderApp(`/dashboard/returns/${RETURN_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Download credit memo' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The credit memo could not be downloaded. Credit memo not found.',
    );
    status = 200;
    await user.click(screen.getByRole('button', { name: 'Download credit memo' }));
    await waitFor(() => expect(saved).toEqual(['CM-2026-000004.pdf']));
    expect(authorizations).toEqual([expect.stringMatching(/^Bearer /), expect.stringMatching(/^Bearer /)]);
  });

  it('offers no memo to download before the return is credited', async () => {
    signedIn(
      customerFixture,
      http.get(`/api/returns/${RETURN_ID}`, () => HttpResponse.json(returnFixture({ status: 'approved' }))),
    );
    renderApp(`/dashboard/returns/${RETURN_ID}`);
    expect(await screen.findByRole('heading', { name: 'Return RMA-100001' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download credit memo' })).toBeNull();
  });

  it('says when there are none', async () => {
    signedIn(
      customerFixture,
      http.get('/api/returns', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    );
    renderApp('/dashboard/returns');
    expect(await screen.findByText('No returns yet.')).toBeTruthy();
  });
});

describe('Manage Returns (docs/requirements.md §17)', () => {
  it('filters by status, approves, rejects with a reason after confirming, and receives units with their condition', async () => {
    const queries: (string | null)[] = [];
    const steps: { step: string; body: unknown }[] = [];
    const requested = returnFixture();
    const approved = returnFixture({ _id: 'r-2', number: 'RMA-100002', status: 'approved' });
    signedIn(
      adminFixture,
      http.get('/api/admin/returns', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        queries.push(status);
        const items = [requested, approved].filter((item) => !status || item.status === status);
        return HttpResponse.json(items, { headers: { 'X-Total-Count': String(items.length) } });
      }),
      http.post('/api/admin/returns/:id/:step', async ({ params, request }) => {
        steps.push({ step: `${String(params.id)} ${String(params.step)}`, body: await request.json() });
        return HttpResponse.json(params.id === 'r-2' ? approved : requested);
      }),
    );
    const { user } = renderApp('/dashboard/manage-returns');
    const table = await screen.findByRole('table', { name: 'Returns, newest first' });
    expect(within(table).getAllByText('Casey Customer')).toHaveLength(2);

    await user.click(within(table).getByRole('button', { name: 'Approve RMA-100001' }));
    await waitFor(() => expect(steps).toContainEqual({ step: `${RETURN_ID} approve`, body: {} }));

    await user.click(within(table).getByRole('button', { name: 'Reject RMA-100001' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject RMA-100001' });
    expect(within(reject).getByText('Reject return RMA-100001? The buyer is told the reason.')).toBeTruthy();
    await user.type(within(reject).getByLabelText('Reason for rejecting'), 'Opened packaging');
    await user.click(within(reject).getByRole('button', { name: 'Reject RMA-100001' }));
    await waitFor(() =>
      expect(steps).toContainEqual({ step: `${RETURN_ID} reject`, body: { reason: 'Opened packaging' } }),
    );

    await user.click(within(table).getByRole('button', { name: 'Receive RMA-100002' }));
    const receive = await screen.findByRole('dialog', { name: 'Receive RMA-100002' });
    await user.clear(within(receive).getByLabelText('Units of BP-2 received'));
    await user.type(within(receive).getByLabelText('Units of BP-2 received'), '1');
    await user.selectOptions(within(receive).getByLabelText('Condition of BP-2'), 'damaged');
    await user.click(within(receive).getByRole('button', { name: 'Receive and credit' }));
    await waitFor(() =>
      expect(steps).toContainEqual({
        step: 'r-2 receive',
        body: {
          lines: [
            { lineId: 'line-1', quantity: 1, condition: 'resellable' },
            { lineId: 'line-2', quantity: 1, condition: 'damaged' },
          ],
        },
      }),
    );

    await user.selectOptions(screen.getByLabelText('Status'), 'approved');
    await waitFor(() => expect(queries).toContain('approved'));
  });
});
