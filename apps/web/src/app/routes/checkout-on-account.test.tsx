import type { Order } from '@partsforge/shared/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { partsFixture } from '@/testing/api-fixtures';
import { cartHandler, cartLineFixture, cartOf } from '@/testing/handlers/cart';
import { ADDRESS_ID, myCompanyFixture, myCompanyHandler } from '@/testing/handlers/companies';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { ORDER_ID, orderFixture, orderHandler } from '@/testing/handlers/orders';
import { profileHandler, savedProfileFixture } from '@/testing/handlers/profiles';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const cart = cartOf([cartLineFixture(partsFixture[0]!._id, 20)]);

/** The order placed on account: pending, unpaid, invoiced at once with its due date (docs/requirements.md §15). */
const accountOrder: Order = orderFixture({
  status: 'pending',
  paid: false,
  paymentMethod: 'account',
  holdExpiresAt: null,
  invoice: { number: 'INV-2026-000042', dueAt: '2026-12-27T12:00:00.000Z', balance: 779.8 },
});

/** Signed in as a member of Acme Garage (or of no company) with a one-line cart; `checkout` answers Place Order. */
function signedIn(checkout: RequestHandler, { member = true } = {}) {
  server.use(
    ...sessionOf(customerFixture).handlers,
    profileHandler(customerFixture, { ...savedProfileFixture, phone: '555-0100' }),
    cartHandler(cart),
    myCompanyHandler(member ? myCompanyFixture('buyer') : null),
    checkout,
    orderHandler(accountOrder),
  );
}

/** `POST /api/checkout` answered by `answer`; each body goes to `bodies`. */
function checkoutHandler(bodies: unknown[], answer: () => Response) {
  return http.post('/api/checkout', async ({ request }) => {
    bodies.push(await request.json());
    return answer();
  });
}

describe('/checkout on account (docs/requirements.md §15)', () => {
  it('offers a member Pay by card (the default) or On account; on account lands on the order, accepted with its invoice', async () => {
    const bodies: unknown[] = [];
    signedIn(checkoutHandler(bodies, () => HttpResponse.json(accountOrder, { status: 201 })));
    const { user, router } = renderApp('/checkout');
    const payment = await screen.findByRole('group', { name: 'Payment' });
    expect((within(payment).getByRole('radio', { name: 'Pay by card' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(within(payment).getByRole('radio', { name: 'On account (Net 30)' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/orders/${ORDER_ID}`));
    expect(bodies).toEqual([{ addressId: ADDRESS_ID, paymentMethod: 'account', shippingMethod: 'ground' }]);
    expect(
      await screen.findByText('Accepted on account: invoice INV-2026-000042, due Dec 27, 2026.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
  });

  it('sends no paymentMethod for a card checkout, and shows no Payment choice to a customer without a company', async () => {
    const bodies: unknown[] = [];
    signedIn(
      checkoutHandler(bodies, () => HttpResponse.json(orderFixture(), { status: 201 })),
      { member: false },
    );
    const { user, router } = renderApp('/checkout');
    await screen.findByLabelText('Shipping address');
    expect(screen.queryByRole('group', { name: 'Payment' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/orders/${ORDER_ID}`));
    expect(bodies[0]).not.toHaveProperty('paymentMethod');
  });

  it.each([
    [
      'TERMS_REQUIRED',
      apiError(409, 'Your company does not have terms to pay on account. Pay by card instead.', {
        code: 'TERMS_REQUIRED',
      }),
      'Your company does not have terms to pay on account. Pay by card instead.',
    ],
    [
      'CREDIT_LIMIT_EXCEEDED',
      apiError(
        409,
        "This order is above your company's available credit of $120.00. Pay by card, or ask us about your credit limit.",
        { code: 'CREDIT_LIMIT_EXCEEDED', available: 120 },
      ),
      "This order is above your company's available credit of $120.00. Pay by card, or ask us about your credit limit. Available credit: $120.00",
    ],
    [
      'ACCOUNT_OVERDUE',
      apiError(
        409,
        'Your company has an overdue invoice: orders on account wait until it is paid. Pay by card instead.',
        { code: 'ACCOUNT_OVERDUE' },
      ),
      'Your company has an overdue invoice: orders on account wait until it is paid. Pay by card instead.',
    ],
  ])('shows a 409 %s in an alert and keeps the form', async (_code, answer, alert) => {
    const bodies: unknown[] = [];
    signedIn(checkoutHandler(bodies, () => answer));
    const { user, router } = renderApp('/checkout');
    const payment = await screen.findByRole('group', { name: 'Payment' });
    await user.click(within(payment).getByRole('radio', { name: 'On account (Net 30)' }));
    await user.type(screen.getByLabelText('PO number'), 'PO-5');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect((await screen.findByRole('alert')).textContent).toBe(alert);
    expect(router.state.location.pathname).toBe('/checkout');
    expect((screen.getByLabelText('PO number') as HTMLInputElement).value).toBe('PO-5');
    expect(
      (within(payment).getByRole('radio', { name: 'On account (Net 30)' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(bodies).toEqual([
      { addressId: ADDRESS_ID, poNumber: 'PO-5', paymentMethod: 'account', shippingMethod: 'ground' },
    ]);
  });
});
