import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buyerFixture, COMPANY_ID, myCompanyFixture, myCompanyHandler } from '@/testing/handlers/companies';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { orderFixture } from '@/testing/handlers/orders';
import { page } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const company = { _id: COMPANY_ID, name: 'Acme Garage' };
const byBo = { name: buyerFixture.name, email: buyerFixture.email };

/** The company's orders: Bo's awaiting approval and unpaid ones, the customer's rejected, awaiting and unpaid ones. */
const orders = [
  orderFixture({ _id: 'o-5', number: 'PF-100005', status: 'awaiting-approval', company, placedBy: byBo }),
  orderFixture({ _id: 'o-4', number: 'PF-100004', company, placedBy: byBo }),
  orderFixture({ _id: 'o-3', number: 'PF-100003', status: 'rejected', holdExpiresAt: null, company }),
  orderFixture({
    _id: 'o-2',
    number: 'PF-100002',
    status: 'awaiting-approval',
    holdExpiresAt: null,
    company,
  }),
  orderFixture({ _id: 'o-1', number: 'PF-100001', company }),
];

/** The row of the order `number` in My Orders. */
async function rowOf(number: string) {
  return (await screen.findByRole('link', { name: number })).closest('tr')!;
}

describe('/dashboard/myorders of a company member', () => {
  it("lists the company's orders with who placed each; a buyer pays and cancels only their own", async () => {
    server.use(
      ...sessionOf(customerFixture).handlers,
      myCompanyHandler(myCompanyFixture('buyer')),
      http.get('/api/order', () => page(orders)),
    );
    renderApp('/dashboard/myorders');
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['#', 'Order', 'Date', 'Placed by', 'Lines', 'Total', 'Status', 'Actions']);

    const bosAwaiting = await rowOf('PF-100005');
    expect(within(bosAwaiting).getByText('Bo Buyer')).toBeTruthy();
    expect(within(bosAwaiting).getByText('Awaiting approval')).toBeTruthy();
    expect(within(bosAwaiting).queryByRole('button')).toBeNull();
    const bosUnpaid = await rowOf('PF-100004');
    expect(within(bosUnpaid).queryByRole('link', { name: /Pay/ })).toBeNull();
    expect(within(bosUnpaid).queryByRole('button', { name: /Cancel/ })).toBeNull();

    const rejected = await rowOf('PF-100003');
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
    expect(within(rejected).getByText(customerFixture.name)).toBeTruthy();
    const awaiting = await rowOf('PF-100002');
    expect(within(awaiting).queryByRole('link', { name: /Pay/ })).toBeNull();
    expect(within(awaiting).getByRole('button', { name: /Cancel/ })).toBeTruthy();
    const unpaid = await rowOf('PF-100001');
    expect(within(unpaid).getByRole('link', { name: /Pay/ })).toBeTruthy();
  });

  it("offers an owner Pay and Cancel on a buyer's unpaid order", async () => {
    server.use(
      ...sessionOf(customerFixture).handlers,
      myCompanyHandler(myCompanyFixture('owner')),
      http.get('/api/order', () => page(orders)),
    );
    renderApp('/dashboard/myorders');
    const bosUnpaid = await rowOf('PF-100004');
    expect(await within(bosUnpaid).findByRole('link', { name: /Pay/ })).toBeTruthy();
    expect(within(bosUnpaid).getByRole('button', { name: /Cancel/ })).toBeTruthy();
    expect(within(await rowOf('PF-100005')).getByRole('button', { name: /Cancel/ })).toBeTruthy();
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
