import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buyerFixture, COMPANY_ID, myCompanyFixture } from '@/testing/handlers/companies';
import { adminFixture, sessionOf } from '@/testing/handlers/identity';
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
        HttpResponse.json({ ...summary, members, addresses }),
      ),
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
    expect(
      within(table)
        .getByRole('link', { name: `Orders of ${buyerFixture.email}` })
        .getAttribute('href'),
    ).toBe('/dashboard/manageorders?q=bo%40example.com');
    expect(screen.getByText('Main depot')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add address' })).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/companies/${COMPANY_ID}`));
  }, 15_000);

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
