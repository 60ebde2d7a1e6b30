import type { Order } from '@partsforge/shared/orders';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format-date';
import { partsFixture } from '@/testing/api-fixtures';
import { myCompanyFixture, myCompanyHandler } from '@/testing/handlers/companies';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { ORDER_ID, orderFixture, orderHandler } from '@/testing/handlers/orders';
import { page } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const brakePads = partsFixture[0]!;

/**
 * An order of a tax-exempt member company on account (docs/requirements.md §15): 20 brake pads at the member's $33.14
 * (list $38.99), invoiced with $500 paid by check.
 */
const accountOrder: Order = orderFixture({
  number: 'PF-100077',
  status: 'pending',
  paid: false,
  holdExpiresAt: null,
  paymentMethod: 'account',
  taxExempt: true,
  resaleCertificate: 'RC-99812',
  lines: [
    { ...orderFixture().lines[0]!, quantity: 20, unitPrice: 33.14, lineTotal: 662.8, listUnitPrice: 38.99 },
  ],
  subtotal: 662.8,
  total: 662.8,
  totalPrice: 662.8,
  invoice: { number: 'INV-2026-000042', dueAt: '2026-12-27T12:00:00.000Z', balance: 162.8 },
  history: [
    { status: 'pending', at: '2026-11-27T10:00:00.000Z', by: customerFixture.name },
    {
      status: 'pending',
      at: '2026-11-30T15:00:00.000Z',
      by: 'Ada Admin',
      payment: {
        amount: 500,
        method: 'check',
        reference: '1042',
        at: '2026-11-30T15:00:00.000Z',
        by: 'Ada Admin',
      },
    },
  ],
});

/** The value of the order fact named `term`. */
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('an order on account (docs/requirements.md §15)', () => {
  it('shows On account, the invoice, Tax exempt with the certificate, list beside the member’s price, and payments; no Pay', async () => {
    server.use(...sessionOf(customerFixture).handlers, orderHandler(accountOrder));
    renderApp(`/dashboard/orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order PF-100077' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Accepted on account: invoice INV-2026-000042, due Dec 27, 2026.',
    );
    expect(fact('Payment method')).toBe('On account');
    expect(fact('Invoice')).toBe('INV-2026-000042');
    expect(fact('Due')).toBe('Dec 27, 2026');
    expect(fact('Balance')).toBe('$162.80');
    expect(fact('Tax')).toBe('Tax exempt (resale certificate RC-99812)');

    const lines = screen.getByRole('table', { name: 'Lines of this order' });
    expect(
      within(lines)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'SKUPartQuantityUnit priceLine total',
      `${brakePads.sku}${brakePads.name}20List $38.99 · Your price $33.14$662.80`,
      'Subtotal$662.80',
      'Tax exempt$0.00',
      'Total$662.80',
    ]);

    const timeline = screen.getByRole('region', { name: 'Status history' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Accepted on account${formatDateTime('2026-11-27T10:00:00.000Z')} by Casey Customer`,
      `Payment $500.00 by check (ref 1042)${formatDateTime('2026-11-30T15:00:00.000Z')} by Ada Admin`,
    ]);
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeTruthy();
  });

  it('an unpaid order on account offers no Pay, on the order page nor in My Orders, which shows its invoice', async () => {
    const unpaid = { ...accountOrder, status: 'unpaid' as const, taxExempt: false, resaleCertificate: null };
    server.use(
      ...sessionOf(customerFixture).handlers,
      myCompanyHandler(myCompanyFixture('buyer')),
      orderHandler(unpaid),
      http.get('/api/order', () => page([unpaid])),
    );
    const { router } = renderApp(`/dashboard/orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order PF-100077' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(screen.queryByText(/Tax exempt/)).toBeNull();

    await router.navigate('/dashboard/myorders');
    const row = (await screen.findByRole('link', { name: 'PF-100077' })).closest('tr')!;
    expect(within(row).getByText('On account')).toBeTruthy();
    expect(
      within(row).getByText('Invoice INV-2026-000042 · Due Dec 27, 2026 · Balance $162.80'),
    ).toBeTruthy();
  });
});
