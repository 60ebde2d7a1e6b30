import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format-date';
import {
  buyerFixture,
  COMPANY_ID,
  depotAddress,
  myCompanyFixture,
  myCompanyHandler,
} from '@/testing/handlers/companies';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { ORDER_ID, orderFixture, orderHandler } from '@/testing/handlers/orders';
import { apiError, page } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

/** Bo Buyer's order above his limit, waiting for approval. */
const awaiting = orderFixture({
  number: 'PF-100077',
  status: 'awaiting-approval',
  holdExpiresAt: null,
  approvalExpiresAt: '2026-11-23T10:00:00.000Z',
  total: 1234.5,
  totalPrice: 1234.5,
  company: { _id: COMPANY_ID, name: 'Acme Garage' },
  placedBy: { name: buyerFixture.name, email: buyerFixture.email },
  customerName: buyerFixture.name,
  email: buyerFixture.email,
  history: [{ status: 'awaiting-approval', at: '2026-11-21T10:00:00.000Z', by: buyerFixture.name }],
});

function signedIn(...handlers: RequestHandler[]) {
  server.use(...sessionOf(customerFixture).handlers, ...handlers);
}

describe('/dashboard/approvals', () => {
  it('lists the orders awaiting approval and approves one', async () => {
    let list = [awaiting];
    const approved: string[] = [];
    signedIn(
      myCompanyHandler(myCompanyFixture('manager')),
      http.get('/api/companies/mine/approvals', () => page(list)),
      http.post('/api/order/:id/approve', ({ params }) => {
        approved.push(String(params.id));
        list = [];
        return HttpResponse.json({ ...awaiting, status: 'unpaid' });
      }),
    );
    const { user } = renderApp('/dashboard/approvals');
    expect(await screen.findByRole('heading', { level: 1, name: 'Approvals' })).toBeTruthy();
    const row = (await screen.findByRole('link', { name: 'PF-100077' })).closest('tr')!;
    expect(within(row).getByText('Bo Buyer')).toBeTruthy();
    expect(within(row).getByText('$1,234.50')).toBeTruthy();
    expect(within(row).getByText(formatDateTime('2026-11-23T10:00:00.000Z'))).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['#', 'Order', 'Placed by', 'Total', 'Placed', 'Expires', 'Actions']);
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(within(menu).getByRole('link', { name: 'Approvals' })).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Approve PF-100077' }));
    expect(await screen.findByText('Order PF-100077 was approved')).toBeTruthy();
    expect(approved).toEqual([ORDER_ID]);
    expect(await screen.findByText('No orders are waiting for approval.')).toBeTruthy();
  }, 15_000);

  it('rejects an order with a reason asked for in a dialog', async () => {
    const reasons: unknown[] = [];
    signedIn(
      myCompanyHandler(myCompanyFixture('owner')),
      http.get('/api/companies/mine/approvals', () => page([awaiting])),
      http.post('/api/order/:id/reject', async ({ request }) => {
        reasons.push(await request.json());
        return HttpResponse.json({ ...awaiting, status: 'rejected' });
      }),
    );
    const { user } = renderApp('/dashboard/approvals');
    await user.click(await screen.findByRole('button', { name: 'Reject PF-100077' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject order PF-100077?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    expect(reasons).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'Over budget this month');
    await user.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    expect(await screen.findByText('Order PF-100077 was rejected')).toBeTruthy();
    expect(reasons).toEqual([{ reason: 'Over budget this month' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when no order is waiting, and shows a refusal (a buyer) as an error', async () => {
    signedIn(
      myCompanyHandler(myCompanyFixture('owner')),
      http.get('/api/companies/mine/approvals', () => page([])),
    );
    const { unmount } = renderApp('/dashboard/approvals');
    expect(await screen.findByText('No orders are waiting for approval.')).toBeTruthy();
    unmount();

    server.use(
      myCompanyHandler(myCompanyFixture('buyer')),
      http.get('/api/companies/mine/approvals', () => apiError(403, 'Only owners and managers can do this.')),
    );
    renderApp('/dashboard/approvals');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Only owners and managers can do this.')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(within(menu).queryByRole('link', { name: 'Approvals' })).toBeNull();
  });
});

describe('/dashboard/orders/:id of a company order', () => {
  it('shows the company, who placed it, the ship-to, and Approve and Reject to an owner', async () => {
    const { _id: _addressId, ...shipTo } = depotAddress;
    const order = { ...awaiting, shipTo };
    signedIn(
      myCompanyHandler(myCompanyFixture('owner')),
      orderHandler(order),
      http.post('/api/order/:id/approve', () => HttpResponse.json({ ...awaiting, status: 'unpaid' })),
    );
    const { user } = renderApp(`/dashboard/orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order PF-100077' })).toBeTruthy();
    expect(screen.getByText('Acme Garage')).toBeTruthy();
    expect(screen.getByText('Bo Buyer (bo@example.com)')).toBeTruthy();
    expect(screen.getByText('Main depot, 1 Depot Road, Springfield, IL 62701, US')).toBeTruthy();
    expect(screen.getAllByText('Awaiting approval').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Approve PF-100077' }));
    expect(await screen.findByText('Order PF-100077 was approved')).toBeTruthy();
  });

  it('offers a buyer no Approve or Reject, and shows a rejection with its reason in the timeline', async () => {
    signedIn(
      myCompanyHandler(myCompanyFixture('buyer')),
      orderHandler({
        ...awaiting,
        status: 'rejected',
        approvalExpiresAt: null,
        history: [
          ...awaiting.history,
          { status: 'rejected', at: '2026-11-21T12:00:00.000Z', by: 'Olga Owner', note: 'Over budget' },
        ],
      }),
    );
    renderApp(`/dashboard/orders/${ORDER_ID}`);
    const timeline = await screen.findByRole('region', { name: 'Status history' });
    expect(within(timeline).getByText('Rejected')).toBeTruthy();
    expect(within(timeline).getByText('Reason: Over budget')).toBeTruthy();
    expect(within(timeline).getByText('Awaiting approval')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve PF-100077' })).toBeNull();
  });

  it("offers a buyer no Pay now on another buyer's unpaid order, and the placer Pay now", async () => {
    const unpaid = { ...awaiting, status: 'unpaid' as const, approvalExpiresAt: null };
    signedIn(myCompanyHandler(myCompanyFixture('buyer')), orderHandler(unpaid));
    const { unmount } = renderApp(`/dashboard/orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order PF-100077' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
    unmount();

    server.use(
      orderHandler({ ...unpaid, placedBy: { name: customerFixture.name, email: customerFixture.email } }),
    );
    renderApp(`/dashboard/orders/${ORDER_ID}`);
    expect(await screen.findByRole('link', { name: 'Pay now' })).toBeTruthy();
  });
});
