import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DEFAULT_COMPANY_TERMS } from '@partsforge/shared/trade-terms';
import { describe, expect, it } from 'vitest';
import { buyerFixture, COMPANY_ID, myCompanyFixture } from '@/testing/handlers/companies';
import { adminFixture, sessionOf } from '@/testing/handlers/identity';
import { ORDER_ID, orderFixture } from '@/testing/handlers/orders';
import { apiError, page } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const summary = {
  _id: COMPANY_ID,
  name: 'Acme Garage',
  taxId: 'US-12-3456789',
  createdAt: '2026-11-01T09:00:00.000Z',
  memberCount: 2,
  orderCount: 14,
  spend: 18250.5,
};

/**
 * `GET /api/order/{adminEmail}` answering `orders` only when asked for COMPANY_ID's orders (else a 400, as an
 * unfiltered list would be the wrong one); each request's query is pushed to `queries`.
 */
function companyOrdersHandler(orders: ReturnType<typeof orderFixture>[], queries: URLSearchParams[] = []) {
  return http.get(`/api/order/${encodeURIComponent(adminFixture.email)}`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    queries.push(query);
    return query.get('companyId') === COMPANY_ID ? page(orders) : apiError(400, 'companyId missing');
  });
}

describe('/dashboard/companies (admins)', () => {
  it('lists companies, searches them, and opens one', async () => {
    const queries: (string | null)[] = [];
    const { members, addresses } = myCompanyFixture('owner');
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.get('/api/admin/companies', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        queries.push(q);
        return q === 'zzz' ? page([]) : page([summary]);
      }),
      http.get(`/api/admin/companies/${COMPANY_ID}`, () =>
        HttpResponse.json({ ...summary, members, addresses, terms: DEFAULT_COMPANY_TERMS }),
      ),
      companyOrdersHandler([]),
    );
    const { user, router } = renderApp('/dashboard/companies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Companies' })).toBeTruthy();
    const row = (await screen.findByRole('link', { name: 'Acme Garage' })).closest('tr')!;
    expect(within(row).getByText('14')).toBeTruthy();
    expect(within(row).getByText('$18,250.50')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '#',
      'Name',
      'Members',
      'Orders',
      'Spend',
      'Created',
    ]);
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(within(menu).getByRole('link', { name: 'Companies' })).toBeTruthy();

    await user.type(screen.getByLabelText('Search companies'), 'zzz');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No companies match')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=zzz');
    expect(queries).toEqual([null, 'zzz']);

    await user.clear(screen.getByLabelText('Search companies'));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('link', { name: 'Acme Garage' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Garage' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Members of the company' });
    expect(within(table).getByText(buyerFixture.email)).toBeTruthy();
    expect(within(table).queryByRole('link')).toBeNull();
    expect(await screen.findByText('No orders yet.')).toBeTruthy();
    expect(screen.getByText('Main depot')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add address' })).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/companies/${COMPANY_ID}`));
  }, 15_000);

  it("shows the company's orders, asked for by its companyId", async () => {
    const queries: URLSearchParams[] = [];
    const { members, addresses } = myCompanyFixture('owner');
    const company = { _id: COMPANY_ID, name: 'Acme Garage' };
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.get(`/api/admin/companies/${COMPANY_ID}`, () =>
        HttpResponse.json({ ...summary, members, addresses, terms: DEFAULT_COMPANY_TERMS }),
      ),
      companyOrdersHandler(
        [
          orderFixture({
            number: 'PF-100002',
            status: 'pending',
            total: 1234.5,
            createdAt: '2026-11-22T10:00:00.000Z',
            company,
            placedBy: { name: buyerFixture.name, email: buyerFixture.email },
          }),
          orderFixture({ _id: 'order-2', number: 'PF-100001', status: 'shipped', total: 99, company }),
        ],
        queries,
      ),
    );
    renderApp(`/dashboard/companies/${COMPANY_ID}`);
    const table = await screen.findByRole('table', { name: 'Orders of the company' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['PF-100002', 'PF-100001']);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe(`/dashboard/orders/${ORDER_ID}`);
    expect(within(rows[0]!).getByText(buyerFixture.name)).toBeTruthy();
    expect(within(rows[0]!).getByText('$1,234.50')).toBeTruthy();
    expect(within(rows[0]!).getByText('Paid')).toBeTruthy();
    expect(within(rows[1]!).getByText('Shipped')).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Order', 'Placed by', 'Date', 'Total', 'Status']);
    expect(queries.map((query) => Object.fromEntries(query))).toEqual([
      { companyId: COMPANY_ID, limit: '20', offset: '0' },
    ]);
  });

  it('says when the company has no orders yet', async () => {
    const { members, addresses } = myCompanyFixture('owner');
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.get(`/api/admin/companies/${COMPANY_ID}`, () =>
        HttpResponse.json({ ...summary, members, addresses, terms: DEFAULT_COMPANY_TERMS }),
      ),
      companyOrdersHandler([]),
    );
    renderApp(`/dashboard/companies/${COMPANY_ID}`);
    expect(await screen.findByText('No orders yet.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Orders of the company' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Orders' })).toBeTruthy();
  });

  it('says when the company does not exist', async () => {
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.get('/api/admin/companies/nope', () => apiError(404, 'Company not found')),
    );
    renderApp('/dashboard/companies/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Company not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Companies' })).toBeTruthy();
  });
});
