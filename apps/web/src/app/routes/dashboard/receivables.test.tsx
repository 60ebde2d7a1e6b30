import type { Receivables } from '@partsforge/shared/trade-terms';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_ID } from '@/testing/handlers/companies';
import { adminFixture, sessionOf } from '@/testing/handlers/identity';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const PAGE = '/dashboard/receivables';

const receivables: Receivables = {
  rows: [
    {
      companyId: COMPANY_ID,
      companyName: 'Acme Garage',
      paymentTerms: 'net30',
      creditLimit: 25000,
      balance: 3200,
      aging: { current: 1200, days1to30: 2000, days31to60: 0, days61to90: 0, over90: 0 },
    },
    {
      companyId: 'company-2',
      companyName: 'Bolt Brothers',
      paymentTerms: 'net60',
      creditLimit: 5000,
      balance: 450.5,
      aging: { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 450.5 },
    },
  ],
  totals: { balance: 3650.5, current: 1200, days1to30: 2000, days31to60: 0, days61to90: 0, over90: 450.5 },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/dashboard/receivables (admins)', () => {
  it('shows each company with an open balance by age, the totals, and links each to its page', async () => {
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.get('/api/admin/receivables', () => HttpResponse.json(receivables)),
    );
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Receivables' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(within(menu).getByRole('link', { name: 'Receivables' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Open balances by company' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Company',
      'Terms',
      'Credit limit',
      'Balance',
      'Current',
      '1–30',
      '31–60',
      '61–90',
      'Over 90',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(cells(rows[0]!)).toEqual([
      'Acme Garage',
      'Net 30',
      '$25,000.00',
      '$3,200.00',
      '$1,200.00',
      '$2,000.00',
      '$0.00',
      '$0.00',
      '$0.00',
    ]);
    expect(cells(rows[2]!)).toEqual([
      'Total',
      '',
      '',
      '$3,650.50',
      '$1,200.00',
      '$2,000.00',
      '$0.00',
      '$0.00',
      '$450.50',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Acme Garage' }).getAttribute('href')).toBe(
      `/dashboard/companies/${COMPANY_ID}`,
    );
  });

  it('says when nobody owes anything', async () => {
    server.use(...sessionOf(adminFixture).handlers);
    renderApp(PAGE);
    expect(await screen.findByText('No company owes anything.')).toBeTruthy();
  });

  it('downloads the report as CSV with the access token', async () => {
    let authorization: string | null = null;
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.get('/api/admin/receivables.csv', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return new HttpResponse('Company,Company ID\r\nAcme Garage,c1\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="receivables-2026-11-27.csv"',
          },
        });
      }),
    );
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:receivables');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['receivables-2026-11-27.csv']));
    expect(authorization).toMatch(/^Bearer /);
  });
});
