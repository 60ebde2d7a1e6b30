import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { statementFixture } from '@/testing/handlers/admin-trade-terms';
import { COMPANY_ID, myCompanyFixture, myCompanyHandler } from '@/testing/handlers/companies';
import { creditMemoFixture, creditMemosHandler } from '@/testing/handlers/credit-memos';
import { adminFixture, customerFixture, sessionOf, type TestUser } from '@/testing/handlers/identity';
import { ORDER_ID, orderFixture, orderHandler } from '@/testing/handlers/orders';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

function signedIn(user: TestUser, ...handlers: RequestHandler[]) {
  server.use(...sessionOf(user).handlers, ...handlers);
}

/** A paid order waiting to ship: one line of 2 pads. */
const paid = orderFixture({
  status: 'pending',
  paid: true,
  lines: [
    {
      ...orderFixture().lines[0]!,
      _id: 'line-1',
      sku: 'BP-1',
      name: 'Pads',
      quantity: 2,
      shippedQuantity: 0,
    },
  ],
});

describe('credit memos and refunds on the order page (docs/requirements.md §17)', () => {
  it('shows the buyer the refunded amount and the memos, with the return memo to download, and no admin actions', async () => {
    signedIn(
      customerFixture,
      orderHandler({ ...paid, refundedAmount: 27.06 }),
      creditMemosHandler([
        creditMemoFixture(),
        creditMemoFixture({
          _id: 'memo-2',
          number: 'CM-2026-000002',
          kind: 'goodwill',
          returnId: null,
          total: 5,
        }),
      ]),
    );
    renderApp(`/dashboard/orders/${ORDER_ID}`);
    const memos = await screen.findByRole('region', { name: 'Credit memos' });
    expect(within(memos).getByText('Refunded $27.06')).toBeTruthy();
    expect(await within(memos).findByText('CM-2026-000001')).toBeTruthy();
    expect(within(memos).getByText('CM-2026-000002')).toBeTruthy();
    expect(within(memos).getAllByText('Refunded to card')).toHaveLength(2);
    expect(within(memos).getByRole('button', { name: 'Download CM-2026-000001 (PDF)' })).toBeTruthy();
    // A goodwill memo credits no return: the buyer has it by mail.
    expect(within(memos).queryByRole('button', { name: 'Download CM-2026-000002 (PDF)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel and refund' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Refund part of a line' })).toBeNull();
  });

  it('lets an admin cancel and refund a paid order not shipped, after a confirmation', async () => {
    const calls: string[] = [];
    signedIn(
      adminFixture,
      orderHandler(paid),
      http.post(`/api/admin/orders/${ORDER_ID}/cancel-refund`, () => {
        calls.push('cancel-refund');
        return HttpResponse.json(
          creditMemoFixture({ kind: 'cancel', returnId: null, number: 'CM-2026-000007' }),
          {
            status: 201,
          },
        );
      }),
    );
    const { user } = renderApp(`/dashboard/orders/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel and refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel and refund' });
    expect(within(dialog).getByText(/put its stock back and refund/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel and refund' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel and refund' })).getByRole('button', {
        name: 'Yes, cancel and refund',
      }),
    );
    await waitFor(() => expect(calls).toEqual(['cancel-refund']));
    expect(await screen.findByText('Order cancelled and refunded: credit memo CM-2026-000007.')).toBeTruthy();
  });

  it('offers no cancel-and-refund once something shipped', async () => {
    signedIn(
      adminFixture,
      orderHandler({
        ...paid,
        status: 'partially-shipped',
        lines: [{ ...paid.lines[0]!, shippedQuantity: 1 }],
      }),
    );
    renderApp(`/dashboard/orders/${ORDER_ID}`);
    expect(await screen.findByRole('region', { name: 'Refund part of a line' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel and refund' })).toBeNull();
  });

  it("lets an admin refund part of a line after a confirmation and shows the server's cap", async () => {
    const bodies: unknown[] = [];
    let answer = 409;
    signedIn(
      adminFixture,
      orderHandler(paid),
      http.post(`/api/admin/orders/${ORDER_ID}/refunds`, async ({ request }) => {
        bodies.push(await request.json());
        return answer === 409
          ? HttpResponse.json(
              {
                message: 'At most $27.06 is left to refund on this line.',
                code: 'CONFLICT',
                refundable: 27.06,
              },
              { status: 409 },
            )
          : HttpResponse.json(
              creditMemoFixture({ kind: 'goodwill', returnId: null, number: 'CM-2026-000009', total: 10 }),
              {
                status: 201,
              },
            );
      }),
    );
    const { user } = renderApp(`/dashboard/orders/${ORDER_ID}`);
    const form = await screen.findByRole('region', { name: 'Refund part of a line' });
    await user.selectOptions(within(form).getByLabelText('Line'), 'line-1');
    await user.type(within(form).getByLabelText('Amount ($)'), '30');
    await user.type(within(form).getByLabelText('Reason'), 'Late delivery');
    // Nothing is sent until the admin confirms; "Do not refund" sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    const asked = await screen.findByRole('dialog', { name: 'Refund part of a line' });
    expect(within(asked).getByText(/Refund \$30\.00 against BP-1 Pads of order PF-100001\?/)).toBeTruthy();
    await user.click(within(asked).getByRole('button', { name: 'Do not refund' }));
    expect(bodies).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Refund part of a line' })).getByRole('button', {
        name: 'Yes, refund $30.00',
      }),
    );
    expect(await within(form).findByText('At most $27.06 is left to refund on this line.')).toBeTruthy();
    answer = 201;
    await user.clear(within(form).getByLabelText('Amount ($)'));
    await user.type(within(form).getByLabelText('Amount ($)'), '10');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Refund part of a line' })).getByRole('button', {
        name: 'Yes, refund $10.00',
      }),
    );
    expect(await within(form).findByText('Refunded $10.00: credit memo CM-2026-000009.')).toBeTruthy();
    expect(bodies).toEqual([
      { lineId: 'line-1', amount: 30, reason: 'Late delivery' },
      { lineId: 'line-1', amount: 10, reason: 'Late delivery' },
    ]);
  });
});

describe("account credits on the company's statement (docs/requirements.md §17)", () => {
  it('shows the credits the balance is net of, and the recent credit memos', async () => {
    signedIn(
      customerFixture,
      myCompanyHandler(myCompanyFixture('owner')),
      http.get('/api/companies/mine/statement', () =>
        HttpResponse.json({
          ...statementFixture({ _id: COMPANY_ID, name: 'Acme Garage' }),
          balance: 150,
          credits: 50,
          creditMemos: [
            {
              number: 'CM-2026-000003',
              orderId: 'order-1',
              orderNumber: 'PF-100001',
              issuedAt: '2026-11-20T10:00:00.000Z',
              total: 50,
            },
          ],
        }),
      ),
    );
    renderApp('/dashboard/account');
    const credits = await screen.findByRole('region', { name: 'Credit memos' });
    expect(within(credits).getByText(/CM-2026-000003 \(order PF-100001, .*\): \$50\.00/)).toBeTruthy();
    expect(screen.getByText('Account credits', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      '$50.00',
    );
  });
});

describe('return settings on Manage Returns (docs/requirements.md §17)', () => {
  it('lets an admin set the restocking fee and shows a refusal', async () => {
    const bodies: unknown[] = [];
    signedIn(
      adminFixture,
      http.get('/api/admin/returns', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
      http.get('/api/admin/return-settings', () => HttpResponse.json({ restockingFeePercent: 10 })),
      http.put('/api/admin/return-settings', async ({ request }) => {
        const body = (await request.json()) as { restockingFeePercent: number };
        bodies.push(body);
        return body.restockingFeePercent > 50
          ? HttpResponse.json(
              { message: 'Enter a whole percent from 0 to 100.', code: 'VALIDATION_FAILED' },
              { status: 400 },
            )
          : HttpResponse.json(body);
      }),
    );
    const { user } = renderApp('/dashboard/manage-returns');
    const settings = await screen.findByRole('region', { name: 'Return settings' });
    const fee = within(settings).getByLabelText('Restocking fee (%)') as HTMLInputElement;
    await waitFor(() => expect(fee.value).toBe('10'));
    await user.clear(fee);
    await user.type(fee, '60');
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    expect(await within(settings).findByRole('alert')).toBeTruthy();
    await user.clear(fee);
    await user.type(fee, '15');
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    expect(await within(settings).findByText('Return settings saved.')).toBeTruthy();
    expect(bodies).toEqual([{ restockingFeePercent: 60 }, { restockingFeePercent: 15 }]);
    expect(fee.value).toBe('15');
  });
});
