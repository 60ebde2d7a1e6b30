import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buyerFixture, COMPANY_ID } from '@/testing/handlers/companies';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { orderFixture } from '@/testing/handlers/orders';
import { page } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const company = { _id: COMPANY_ID, name: 'Acme Garage' };

describe('/dashboard/myorders of a company member', () => {
  it("lists the company's orders with who placed each; an order awaiting approval has no Pay", async () => {
    const orders = [
      orderFixture({
        _id: 'o-3',
        number: 'PF-100003',
        status: 'awaiting-approval',
        holdExpiresAt: null,
        company,
        placedBy: { name: buyerFixture.name, email: buyerFixture.email },
      }),
      orderFixture({ _id: 'o-2', number: 'PF-100002', status: 'rejected', holdExpiresAt: null, company }),
      orderFixture({ _id: 'o-1', number: 'PF-100001', company }),
    ];
    server.use(
      ...sessionOf(customerFixture).handlers,
      http.get('/api/order', () => page(orders)),
    );
    renderApp('/dashboard/myorders');
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['#', 'Order', 'Date', 'Placed by', 'Lines', 'Total', 'Status', 'Actions']);
    const row = (number: string) => within(table).getByRole('link', { name: number }).closest('tr')!;
    expect(within(row('PF-100003')).getByText('Bo Buyer')).toBeTruthy();
    expect(within(row('PF-100003')).getByText('Awaiting approval')).toBeTruthy();
    expect(within(row('PF-100003')).queryByRole('link', { name: /Pay/ })).toBeNull();
    expect(within(row('PF-100002')).getByText('Rejected')).toBeTruthy();
    expect(within(row('PF-100002')).getByText(customerFixture.name)).toBeTruthy();
    expect(within(row('PF-100001')).getByRole('link', { name: /Pay/ })).toBeTruthy();
  });

  it('has no Placed by column for a customer without a company', async () => {
    server.use(
      ...sessionOf(customerFixture).handlers,
      http.get('/api/order', () => page([orderFixture()])),
    );
    renderApp('/dashboard/myorders');
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: 'Placed by' })).toBeNull();
  });
});
