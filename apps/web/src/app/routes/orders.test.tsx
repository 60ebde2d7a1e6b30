import { formatMoney } from '@partsforge/shared/money';
import { formatDate } from '@/lib/format-date';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { partsFixture } from '@/testing/api-fixtures';
import { adminFixture, customerFixture, sessionOf, type TestUser } from '@/testing/handlers/identity';
import {
  ORDER_ID,
  orderFixture as order,
  orderHandler,
  orderPlacedHandler,
  sandboxPaymentsHandler,
} from '@/testing/handlers/orders';
import { apiError, page } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { deferred, requestLog, server } from '@/testing/server';

const part = partsFixture[0]!;

/** Signed in as `user` (until sign-out), with extra API handlers; logs the requests from now on. */
function signedIn(user: TestUser, ...handlers: RequestHandler[]) {
  const { session, handlers: identity } = sessionOf(user);
  server.use(...identity, ...handlers);
  return { log: requestLog(), signedOut: () => !session.signedIn };
}

describe('/purchase/:productId', () => {
  it('shows the bounds toast and disables Place Order outside minqty..available, then places the order', async () => {
    let placed: unknown;
    signedIn(
      customerFixture,
      http.post('/api/order', async ({ request }) => {
        placed = await request.json();
        return HttpResponse.json({ acknowledged: true, insertedId: ORDER_ID }, { status: 201 });
      }),
    );
    const { user } = renderApp(`/purchase/${part._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: part.name })).toBeTruthy();
    expect(screen.getByText(`Available Quantity: ${part.available.toLocaleString('en-US')}`)).toBeTruthy();
    expect(screen.getByText(`Minimum Order Quantity: ${part.minqty}`)).toBeTruthy();
    expect(screen.getByText(`Price per piece: ${formatMoney(part.price)}`)).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(customerFixture.email);

    const quantity = screen.getByLabelText('Quantity') as HTMLInputElement;
    expect(quantity.value).toBe(String(part.minqty));
    const placeOrder = screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement;
    await user.clear(quantity);
    await user.type(quantity, String(part.available + 1));
    expect(
      await screen.findByText(
        `Minimm order quantity ${part.minqty} and maximum order quantity ${part.available}`,
      ),
    ).toBeTruthy();
    expect(placeOrder.disabled).toBe(true);

    await user.clear(quantity);
    await user.type(quantity, String(part.minqty));
    await user.click(placeOrder);
    expect(await screen.findByText('Address is Required')).toBeTruthy();
    await user.type(screen.getByLabelText('Shipping address'), '9 Dock Lane');
    await user.type(screen.getByLabelText('Phone number'), '555-0101');
    await user.click(placeOrder);
    expect(await screen.findByText('Successfull placed order')).toBeTruthy();
    expect(placed).toMatchObject({
      productId: part._id,
      quantity: part.minqty,
      address: '9 Dock Lane',
      phone: '555-0101',
      customerName: customerFixture.name,
      email: customerFixture.email,
    });
  });

  it('shows the pack size and quantity breaks, asks for whole packs, and totals at the break reached', async () => {
    const wholesale = {
      ...part,
      minqty: 20,
      available: 1000,
      price: 10,
      packSize: 4,
      priceBreaks: [
        { minQuantity: 100, price: 9.2 },
        { minQuantity: 400, price: 8.5 },
      ],
    };
    signedIn(
      customerFixture,
      http.get(`/api/parts/${part._id}`, () => HttpResponse.json(wholesale)),
    );
    const { user } = renderApp(`/purchase/${part._id}`);
    expect(await screen.findByText('Sold in packs of 4')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Quantity breaks' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['20+$10.00', '100+$9.20', '400+$8.50']);

    const quantity = screen.getByLabelText('Quantity');
    const placeOrder = screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement;
    expect(screen.getByText('Total: $200.00')).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '102');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Quantity must be a multiple of the pack size (4)',
    );
    expect(placeOrder.disabled).toBe(true);
    await user.clear(quantity);
    await user.type(quantity, '100');
    expect(await screen.findByText('Total: $920.00')).toBeTruthy();
    expect(placeOrder.disabled).toBe(false);
  });

  it("shows the server's refusal with the spec's failure toast", async () => {
    signedIn(
      customerFixture,
      http.post('/api/order', () => apiError(409, 'Not enough stock', { code: 'CONFLICT' })),
    );
    const { user } = renderApp(`/purchase/${part._id}`);
    await user.type(await screen.findByLabelText('Shipping address'), '9 Dock Lane');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Faild to place order')).toBeTruthy();
    expect(screen.getByText('Not enough stock')).toBeTruthy();
  });

  it('fetches the part again after a refused order, so the stock shown is current', async () => {
    let available = part.available;
    signedIn(
      customerFixture,
      http.get(`/api/parts/${part._id}`, () => HttpResponse.json({ ...part, available })),
      http.post('/api/order', () => {
        available = 30;
        return apiError(409, 'Not enough stock', { code: 'CONFLICT' });
      }),
    );
    const { user } = renderApp(`/purchase/${part._id}`);
    await user.type(await screen.findByLabelText('Shipping address'), '9 Dock Lane');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Available Quantity: 30')).toBeTruthy();
    expect(screen.getByText('Not enough stock')).toBeTruthy();
  });

  it('moves the focus to the placed order, with Pay now and My Orders', async () => {
    signedIn(customerFixture, orderPlacedHandler);
    const { user } = renderApp(`/purchase/${part._id}`);
    await user.type(await screen.findByLabelText('Shipping address'), '9 Dock Lane');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Your order is placed' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      `/dashboard/payment/${ORDER_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Go to My Orders' }).getAttribute('href')).toBe(
      '/dashboard/myorders',
    );
  });

  it('offers no order form for a part whose minimum order is above its stock, and says why', async () => {
    signedIn(
      customerFixture,
      http.get(`/api/parts/${part._id}`, () => HttpResponse.json({ ...part, available: 5, minqty: 20 })),
    );
    renderApp(`/purchase/${part._id}`);
    expect(await screen.findByText('Minimum order 20 exceeds stock')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });

  it('shows a not-found state for an unknown part', async () => {
    signedIn(customerFixture);
    renderApp('/purchase/7b1f6a3e-0c4d-4e8a-9f1b-0000000000ff');
    expect(await screen.findByText('Part not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });
});

describe('/dashboard/myorders', () => {
  it('shows Paid with the transaction id, or Pay and Cancel; cancelling asks first', async () => {
    const paid = order({
      _id: '7b1f6a3e-0c4d-4e8a-9f1b-00000000000b',
      productName: 'Oil Filter',
      paid: true,
      status: 'pending',
      transactionId: 'sandbox_pi_abc123',
    });
    let orders = [order(), paid];
    const { log } = signedIn(
      customerFixture,
      http.get('/api/order', () => page(orders)),
      http.delete(`/api/order/${ORDER_ID}`, () => {
        orders = [paid];
        return HttpResponse.json({ deletedCount: 1 });
      }),
    );
    const { user } = renderApp('/dashboard/myorders');
    const paidRow = (await screen.findByText('Oil Filter')).closest('tr')!;
    expect(within(paidRow).getByText('Paid')).toBeTruthy();
    expect(within(paidRow).getByText('Transaction id: sandbox_pi_abc123')).toBeTruthy();
    expect(screen.getByRole('link', { name: `Pay: ${part.name}` }).getAttribute('href')).toBe(
      `/dashboard/payment/${ORDER_ID}`,
    );

    await user.click(screen.getByRole('button', { name: `Cancel: ${part.name}` }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order PF-100001?' });
    expect(
      within(dialog).getByText(
        'Order PF-100001: 1 line, $779.80 will be cancelled and its quantities returned to stock.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(log.some((request) => request.startsWith('DELETE '))).toBe(false);

    await user.click(screen.getByRole('button', { name: `Cancel: ${part.name}` }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(`${part.name} is deleted`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: `Pay: ${part.name}` })).toBeNull());
  });

  it('shows a shipped order as Shipped, with its transaction id', async () => {
    const shipped = order({ paid: true, status: 'shipped', transactionId: 'sandbox_pi_7' });
    signedIn(
      customerFixture,
      http.get('/api/order', () => page([shipped])),
    );
    renderApp('/dashboard/myorders');
    const row = (await screen.findByText(part.name)).closest('tr')!;
    expect(within(row).getByText('Shipped')).toBeTruthy();
    expect(within(row).getByText('Transaction id: sandbox_pi_7')).toBeTruthy();
    expect(within(row).queryByRole('link', { name: /Pay/ })).toBeNull();
  });

  it('lists each order by number (a link to its page), date, lines, total and status', async () => {
    const twoLines = order({
      _id: '7b1f6a3e-0c4d-4e8a-9f1b-00000000000d',
      number: 'PF-100002',
      productName: 'Oil Filter and 1 more',
      createdAt: '2026-11-22T10:00:00.000Z',
      lines: [order().lines[0]!, { ...order().lines[0]!, sku: 'FLT-OL-2210', name: 'Oil Filter' }],
      totalPrice: 1500,
      total: 1500,
      status: 'cancelled',
    });
    signedIn(
      customerFixture,
      http.get('/api/order', () => page([twoLines, order()])),
    );
    renderApp('/dashboard/myorders');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Order', 'Date', 'Lines', 'Total', 'Status', 'Actions']);
    const link = within(table).getByRole('link', { name: 'PF-100002' });
    expect(link.getAttribute('href')).toBe(`/dashboard/orders/${twoLines._id}`);
    const row = link.closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', formatDate(twoLines.createdAt), '2', '$1,500.00', 'Cancelled', '']);
    expect(within(row).getByText('Oil Filter and 1 more')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'PF-100001' }).closest('tr')!.textContent).toContain(
      'Unpaid',
    );
  });

  it('shows an expired order as Expired, with its refund, and offers neither Pay nor Cancel', async () => {
    const expired = order({
      status: 'expired',
      refundedAmount: 1234.5,
      refundedAt: '2026-11-21T11:05:00.000Z',
    });
    signedIn(
      customerFixture,
      http.get('/api/order', () => page([expired])),
    );
    renderApp('/dashboard/myorders');
    const row = (await screen.findByText(part.name)).closest('tr')!;
    expect(within(row).getByText('Expired')).toBeTruthy();
    expect(within(row).getByText('Refunded $1,234.50')).toBeTruthy();
    expect(within(row).queryByRole('link', { name: /Pay/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Cancel/ })).toBeNull();
  });

  it('shows totals as money with two decimals and thousands separators', async () => {
    const big = order({ quantity: 100, price: 69, totalPrice: 6900 });
    signedIn(
      customerFixture,
      http.get('/api/order', () => page([big])),
    );
    renderApp('/dashboard/myorders');
    const row = (await screen.findByText(part.name)).closest('tr')!;
    expect(within(row).getByText('$6,900.00')).toBeTruthy();
  });

  it('past the last page says so and links to page 1, not "Page 9 of 2" over "No orders yet."', async () => {
    signedIn(
      customerFixture,
      http.get('/api/order', () => page([], 30)),
    );
    renderApp('/dashboard/myorders?page=9');
    expect(await screen.findByText('There is no page 9 of this list.')).toBeTruthy();
    expect(screen.queryByText('No orders yet.')).toBeNull();
    expect(screen.queryByText(/^Page 9 of/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe(
      '/dashboard/myorders',
    );
  });

  it('signs the user out and goes home on a 403', async () => {
    const { signedOut } = signedIn(
      customerFixture,
      http.get('/api/order', () => apiError(403, 'Forbidden', { code: 'FORBIDDEN' })),
    );
    const { router } = renderApp('/dashboard/myorders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(signedOut()).toBe(true);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('/dashboard/payment/:id (sandbox)', () => {
  it('keeps Pay disabled until the client secret exists, shows a decline, then the success and transaction id', async () => {
    let declines = 1;
    const secret = deferred();
    let markedPaid: unknown;
    const confirmations: unknown[] = [];
    signedIn(
      customerFixture,
      orderHandler(order()),
      http.patch(`/api/order/${ORDER_ID}`, async ({ request }) => {
        markedPaid = await request.json();
        return HttpResponse.json({ modifiedCount: 1 });
      }),
      sandboxPaymentsHandler,
      http.post('/api/create-payment-intent', async () => {
        await secret.promise;
        return HttpResponse.json({ clientSecret: 'sandbox_pi_1_secret_2' });
      }),
      http.post('/api/payments/sandbox/confirm', async ({ request }) => {
        confirmations.push(await request.json());
        return declines-- > 0
          ? apiError(402, 'Your card was declined.', { code: 'card_declined' })
          : HttpResponse.json({ paymentIntent: { id: 'sandbox_pi_1', status: 'succeeded' } });
      }),
    );
    const { user } = renderApp(`/dashboard/payment/${ORDER_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay order PF-100001: 1 line, $779.80' }),
    ).toBeTruthy();
    expect(screen.getByText('Please pay: $779.80')).toBeTruthy();
    expect((await screen.findByRole('note')).textContent).toContain('Test mode');
    const pay = screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    secret.resolve();
    await waitFor(() => expect(pay.disabled).toBe(false));

    await user.type(screen.getByLabelText('Card number'), '4000 0000 0000 0002');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(pay);
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');

    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.click(pay);
    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeTruthy();
    expect(screen.getByText('Your transaction id: sandbox_pi_1')).toBeTruthy();
    expect(pay.disabled).toBe(true);
    // What comes next: the order's page and its invoice.
    expect(screen.getByRole('link', { name: 'View order PF-100001' }).getAttribute('href')).toBe(
      `/dashboard/orders/${ORDER_ID}`,
    );
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeTruthy();
    expect(markedPaid).toEqual({ transactionId: 'sandbox_pi_1' });
    expect(confirmations).toHaveLength(2);
    expect(confirmations[1]).toMatchObject({
      clientSecret: 'sandbox_pi_1_secret_2',
      billingName: customerFixture.name,
      billingEmail: customerFixture.email,
    });
  });
});

describe('/dashboard/payment/:id (paid)', () => {
  it('offers no payment for a paid order: it says it is paid and links back to My Orders', async () => {
    signedIn(
      customerFixture,
      orderHandler(order({ paid: true, status: 'pending', transactionId: 'sandbox_pi_5' })),
      sandboxPaymentsHandler,
    );
    renderApp(`/dashboard/payment/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order PF-100001 is paid' })).toBeTruthy();
    expect(screen.getByText('This order is already paid.')).toBeTruthy();
    expect(screen.getByText('Your transaction id: sandbox_pi_5')).toBeTruthy();
    expect(screen.queryByText(/Please pay/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to My Orders' }).getAttribute('href')).toBe(
      '/dashboard/myorders',
    );
    expect(screen.getByRole('link', { name: 'View order PF-100001' }).getAttribute('href')).toBe(
      `/dashboard/orders/${ORDER_ID}`,
    );
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeTruthy();
  });
});

describe('/dashboard/payment/:id (several lines)', () => {
  it('names the order by number, PO number, line count and total, never "… and 2 more"', async () => {
    const line = order().lines[0]!;
    signedIn(
      customerFixture,
      orderHandler(
        order({
          productName: `${line.name} and 2 more`,
          quantity: 115,
          poNumber: 'PO-7781',
          lines: [line, { ...line, sku: 'FLT-OL-2210' }, { ...line, sku: 'IGN-SP-0318' }],
          totalPrice: 4177,
          total: 4177,
        }),
      ),
      sandboxPaymentsHandler,
    );
    renderApp(`/dashboard/payment/${ORDER_ID}`);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Pay order PF-100001 (PO PO-7781): 3 lines, $4,177.00',
      }),
    ).toBeTruthy();
    expect(screen.queryByText(/and 2 more/)).toBeNull();
    expect(screen.queryByText(/115/)).toBeNull();
  });
});

describe('/dashboard/payment/:id (shipped)', () => {
  it('shows a shipped order as paid and Shipped', async () => {
    signedIn(
      customerFixture,
      orderHandler(order({ paid: true, status: 'shipped', transactionId: 'sandbox_pi_6' })),
      sandboxPaymentsHandler,
    );
    renderApp(`/dashboard/payment/${ORDER_ID}`);
    expect(await screen.findByText('This order is already paid.')).toBeTruthy();
    expect(screen.getByText('Shipped')).toBeTruthy();
  });
});

describe('/dashboard/payment/:id (expired)', () => {
  it('offers no payment for an expired order', async () => {
    signedIn(customerFixture, orderHandler(order({ status: 'expired' })), sandboxPaymentsHandler);
    renderApp(`/dashboard/payment/${ORDER_ID}`);
    expect(await screen.findByText('This order can no longer be paid.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });
});

describe('/dashboard/manageorders', () => {
  it('shows Unpaid, and a Pending button that ships a paid order on the server after a confirmation', async () => {
    const paid = order({ paid: true, status: 'pending', transactionId: 'sandbox_pi_9' });
    let shipped = false;
    let statusBody: unknown;
    signedIn(
      adminFixture,
      http.get(`/api/order/${encodeURIComponent(adminFixture.email)}`, () =>
        page([
          order({ _id: '7b1f6a3e-0c4d-4e8a-9f1b-00000000000c', productName: 'Wiper Blade' }),
          shipped ? { ...paid, status: 'shipped' as const } : paid,
        ]),
      ),
      http.patch(`/api/order/${ORDER_ID}/status`, async ({ request }) => {
        statusBody = await request.json();
        shipped = true;
        return HttpResponse.json({ ...paid, status: 'shipped' });
      }),
    );
    const { user } = renderApp('/dashboard/manageorders');
    const unpaidRow = (await screen.findByText('Wiper Blade')).closest('tr')!;
    expect(within(unpaidRow).getByText('Unpaid')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: `Pending: ${part.name}, ${customerFixture.email}` }));
    const dialog = screen.getByRole('dialog', { name: 'Mark PF-100001 shipped?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep pending' }));
    expect(shipped).toBe(false);
    await user.click(screen.getByRole('button', { name: `Pending: ${part.name}, ${customerFixture.email}` }));
    await user.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));
    expect(await screen.findByText('Shipped')).toBeTruthy();
    expect(statusBody).toEqual({ status: 'shipped' });
  });
});
