import { formatMoney, type Order } from '@partsforge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { partsFixture } from '@/testing/api-fixtures';
import { renderApp } from '@/testing/render-app';
import {
  adminFixture,
  customerFixture,
  deferred,
  jsonResponse,
  signedInHandlers,
  stubApi,
  type StubUser,
} from '@/testing/stub-api';

const part = partsFixture[0]!;
const ORDER_ID = '7b1f6a3e-0c4d-4e8a-9f1b-00000000000a';

function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: ORDER_ID,
    productId: part._id,
    productName: part.name,
    quantity: part.minqty,
    price: part.price,
    totalPrice: part.minqty * part.price,
    customerName: customerFixture.name,
    email: customerFixture.email,
    phone: null,
    address: '1 Depot Road',
    paid: false,
    status: 'unpaid',
    transactionId: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    refundedAmount: null,
    refundedAt: null,
    ...overrides,
  };
}

type Handlers = Parameters<typeof stubApi>[0];

/** Signed in as `user` (until sign-out), with extra API handlers. */
function signedIn(user: StubUser, handlers: Handlers = {}) {
  let session = true;
  const identity = signedInHandlers(user);
  const fetchMock = stubApi({
    ...identity,
    '/api/auth/get-session': (url, init) =>
      session ? identity['/api/auth/get-session']!(url, init) : jsonResponse(null),
    '/api/auth/sign-out': () => {
      session = false;
      return jsonResponse({ success: true });
    },
    ...handlers,
  });
  return { fetchMock, signedOut: () => !session };
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('/purchase/:productId', () => {
  it('shows the bounds toast and disables Place Order outside minqty..available, then places the order', async () => {
    const { fetchMock } = signedIn(customerFixture, {
      [`/api/parts/${part._id}`]: () => jsonResponse(part),
      '/api/order': () => jsonResponse({ acknowledged: true, insertedId: ORDER_ID }, { status: 201 }),
    });
    const { user } = renderApp(`/purchase/${part._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: part.name })).toBeTruthy();
    expect(screen.getByText(`Available Quantity: ${part.available}`)).toBeTruthy();
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
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/order')!;
    expect(bodyOf(init)).toMatchObject({
      productId: part._id,
      quantity: part.minqty,
      address: '9 Dock Lane',
      phone: '555-0101',
      customerName: customerFixture.name,
      email: customerFixture.email,
    });
  });

  it("shows the server's refusal with the spec's failure toast", async () => {
    signedIn(customerFixture, {
      [`/api/parts/${part._id}`]: () => jsonResponse(part),
      '/api/order': () => jsonResponse({ message: 'Not enough stock', code: 'CONFLICT' }, { status: 409 }),
    });
    const { user } = renderApp(`/purchase/${part._id}`);
    await user.type(await screen.findByLabelText('Shipping address'), '9 Dock Lane');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Faild to place order')).toBeTruthy();
    expect(screen.getByText('Not enough stock')).toBeTruthy();
  });

  it('fetches the part again after a refused order, so the stock shown is current', async () => {
    let available = part.available;
    signedIn(customerFixture, {
      [`/api/parts/${part._id}`]: () => jsonResponse({ ...part, available }),
      '/api/order': () => {
        available = 30;
        return jsonResponse({ message: 'Not enough stock', code: 'CONFLICT' }, { status: 409 });
      },
    });
    const { user } = renderApp(`/purchase/${part._id}`);
    await user.type(await screen.findByLabelText('Shipping address'), '9 Dock Lane');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Available Quantity: 30')).toBeTruthy();
    expect(screen.getByText('Not enough stock')).toBeTruthy();
  });

  it('moves the focus to the placed order, with Pay now and My Orders', async () => {
    signedIn(customerFixture, {
      [`/api/parts/${part._id}`]: () => jsonResponse(part),
      '/api/order': () => jsonResponse({ acknowledged: true, insertedId: ORDER_ID }, { status: 201 }),
    });
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
    signedIn(customerFixture, {
      [`/api/parts/${part._id}`]: () => jsonResponse({ ...part, available: 5, minqty: 20 }),
    });
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
    const { fetchMock } = signedIn(customerFixture, {
      '/api/order': () => jsonResponse(orders, { headers: { 'X-Total-Count': String(orders.length) } }),
      [`/api/order/${ORDER_ID}`]: () => {
        orders = [paid];
        return jsonResponse({ deletedCount: 1 });
      },
    });
    const { user } = renderApp('/dashboard/myorders');
    const paidRow = (await screen.findByText('Oil Filter')).closest('tr')!;
    expect(within(paidRow).getByText('Paid')).toBeTruthy();
    expect(within(paidRow).getByText('Transaction id: sandbox_pi_abc123')).toBeTruthy();
    expect(screen.getByRole('link', { name: `Pay: ${part.name}` }).getAttribute('href')).toBe(
      `/dashboard/payment/${ORDER_ID}`,
    );

    await user.click(screen.getByRole('button', { name: `Cancel: ${part.name}` }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: `Cancel: ${part.name}` }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(`${part.name} is deleted`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: `Pay: ${part.name}` })).toBeNull());
  });

  it('shows a shipped order as Paid and Shipped', async () => {
    const shipped = order({ paid: true, status: 'shipped', transactionId: 'sandbox_pi_7' });
    signedIn(customerFixture, {
      '/api/order': () => jsonResponse([shipped], { headers: { 'X-Total-Count': '1' } }),
    });
    renderApp('/dashboard/myorders');
    const row = (await screen.findByText(part.name)).closest('tr')!;
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(within(row).getByText('Shipped')).toBeTruthy();
  });

  it('shows an expired order as Expired, with its refund, and offers neither Pay nor Cancel', async () => {
    const expired = order({
      status: 'expired',
      refundedAmount: 1234.5,
      refundedAt: '2026-11-21T11:05:00.000Z',
    });
    signedIn(customerFixture, {
      '/api/order': () => jsonResponse([expired], { headers: { 'X-Total-Count': '1' } }),
    });
    renderApp('/dashboard/myorders');
    const row = (await screen.findByText(part.name)).closest('tr')!;
    expect(within(row).getByText('Expired')).toBeTruthy();
    expect(within(row).getByText('Refunded $1,234.50')).toBeTruthy();
    expect(within(row).queryByRole('link', { name: /Pay/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Cancel/ })).toBeNull();
  });

  it('shows totals as money with two decimals and thousands separators', async () => {
    const big = order({ quantity: 100, price: 69, totalPrice: 6900 });
    signedIn(customerFixture, {
      '/api/order': () => jsonResponse([big], { headers: { 'X-Total-Count': '1' } }),
    });
    renderApp('/dashboard/myorders');
    const row = (await screen.findByText(part.name)).closest('tr')!;
    expect(within(row).getByText('$6,900.00')).toBeTruthy();
  });

  it('past the last page says so and links to page 1, not "Page 9 of 2" over "No orders yet."', async () => {
    signedIn(customerFixture, {
      '/api/order': () => jsonResponse([], { headers: { 'X-Total-Count': '30' } }),
    });
    renderApp('/dashboard/myorders?page=9');
    expect(await screen.findByText('There is no page 9 of this list.')).toBeTruthy();
    expect(screen.queryByText('No orders yet.')).toBeNull();
    expect(screen.queryByText(/^Page 9 of/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe(
      '/dashboard/myorders',
    );
  });

  it('signs the user out and goes home on a 403', async () => {
    const { signedOut } = signedIn(customerFixture, {
      '/api/order': () => jsonResponse({ message: 'Forbidden', code: 'FORBIDDEN' }, { status: 403 }),
    });
    const { router } = renderApp('/dashboard/myorders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(signedOut()).toBe(true);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('/dashboard/payment/:id (sandbox)', () => {
  it('keeps Pay disabled until the client secret exists, shows a decline, then the success and transaction id', async () => {
    let declines = 1;
    const secret = deferred<void>();
    const { fetchMock } = signedIn(customerFixture, {
      [`/api/order/${ORDER_ID}`]: (_url, init) =>
        init?.method === 'PATCH' ? jsonResponse({ modifiedCount: 1 }) : jsonResponse(order()),
      '/api/payments/config': () => jsonResponse({ provider: 'sandbox', publishableKey: null }),
      '/api/create-payment-intent': async () => {
        await secret.promise;
        return jsonResponse({ clientSecret: 'sandbox_pi_1_secret_2' });
      },
      '/api/payments/sandbox/confirm': () =>
        declines-- > 0
          ? jsonResponse({ message: 'Your card was declined.', code: 'card_declined' }, { status: 402 })
          : jsonResponse({ paymentIntent: { id: 'sandbox_pi_1', status: 'succeeded' } }),
    });
    const { user } = renderApp(`/dashboard/payment/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: `Pay for ${part.name}` })).toBeTruthy();
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
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(bodyOf(patch[1])).toEqual({ transactionId: 'sandbox_pi_1' });
    const [, confirmInit] = fetchMock.mock.calls.filter(([input]) =>
      String(input).endsWith('/sandbox/confirm'),
    )[1]!;
    expect(bodyOf(confirmInit)).toMatchObject({
      clientSecret: 'sandbox_pi_1_secret_2',
      billingName: customerFixture.name,
      billingEmail: customerFixture.email,
    });
  });
});

describe('/dashboard/payment/:id (paid)', () => {
  it('offers no payment for a paid order: it says it is paid and links back to My Orders', async () => {
    signedIn(customerFixture, {
      [`/api/order/${ORDER_ID}`]: () =>
        jsonResponse(order({ paid: true, status: 'pending', transactionId: 'sandbox_pi_5' })),
      '/api/payments/config': () => jsonResponse({ provider: 'sandbox', publishableKey: null }),
    });
    renderApp(`/dashboard/payment/${ORDER_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: `Your order of ${part.name} is paid` }),
    ).toBeTruthy();
    expect(screen.getByText('This order is already paid.')).toBeTruthy();
    expect(screen.getByText('Your transaction id: sandbox_pi_5')).toBeTruthy();
    expect(screen.queryByText(/Please pay/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to My Orders' }).getAttribute('href')).toBe(
      '/dashboard/myorders',
    );
  });
});

describe('/dashboard/payment/:id (shipped)', () => {
  it('shows a shipped order as paid and Shipped', async () => {
    signedIn(customerFixture, {
      [`/api/order/${ORDER_ID}`]: () =>
        jsonResponse(order({ paid: true, status: 'shipped', transactionId: 'sandbox_pi_6' })),
      '/api/payments/config': () => jsonResponse({ provider: 'sandbox', publishableKey: null }),
    });
    renderApp(`/dashboard/payment/${ORDER_ID}`);
    expect(await screen.findByText('This order is already paid.')).toBeTruthy();
    expect(screen.getByText('Shipped')).toBeTruthy();
  });
});

describe('/dashboard/payment/:id (expired)', () => {
  it('offers no payment for an expired order', async () => {
    signedIn(customerFixture, {
      [`/api/order/${ORDER_ID}`]: () => jsonResponse(order({ status: 'expired' })),
      '/api/payments/config': () => jsonResponse({ provider: 'sandbox', publishableKey: null }),
    });
    renderApp(`/dashboard/payment/${ORDER_ID}`);
    expect(await screen.findByText('This order can no longer be paid.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });
});

describe('/dashboard/manageorders', () => {
  it('shows Unpaid, and a Pending button that ships a paid order on the server after a confirmation', async () => {
    const paid = order({ paid: true, status: 'pending', transactionId: 'sandbox_pi_9' });
    let shipped = false;
    signedIn(adminFixture, {
      [`/api/order/${encodeURIComponent(adminFixture.email)}`]: () => {
        const list = [
          order({ _id: '7b1f6a3e-0c4d-4e8a-9f1b-00000000000c', productName: 'Wiper Blade' }),
          shipped ? { ...paid, status: 'shipped' as const } : paid,
        ];
        return jsonResponse(list, { headers: { 'X-Total-Count': '2' } });
      },
      [`/api/order/${ORDER_ID}/status`]: (_url, init) => {
        expect(bodyOf(init)).toEqual({ status: 'shipped' });
        shipped = true;
        return jsonResponse({ ...paid, status: 'shipped' });
      },
    });
    const { user } = renderApp('/dashboard/manageorders');
    const unpaidRow = (await screen.findByText('Wiper Blade')).closest('tr')!;
    expect(within(unpaidRow).getByText('Unpaid')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: `Pending: ${part.name}, ${customerFixture.email}` }));
    const dialog = screen.getByRole('dialog', { name: 'Mark this order as shipped?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep pending' }));
    expect(shipped).toBe(false);
    await user.click(screen.getByRole('button', { name: `Pending: ${part.name}, ${customerFixture.email}` }));
    await user.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));
    expect(await screen.findByText('Shipped')).toBeTruthy();
  });
});
