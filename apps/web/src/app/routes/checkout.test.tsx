import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { partsFixture } from '@/testing/api-fixtures';
import { cartHandler, cartLineFixture, cartOf } from '@/testing/handlers/cart';
import {
  ADDRESS_ID,
  myCompanyFixture,
  myCompanyHandler,
  OTHER_ADDRESS_ID,
} from '@/testing/handlers/companies';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { ORDER_ID, orderFixture, orderHandler } from '@/testing/handlers/orders';
import { profileHandler, savedProfileFixture } from '@/testing/handlers/profiles';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const [brakePads, oilFilter] = partsFixture as [(typeof partsFixture)[number], (typeof partsFixture)[number]];
const cart = cartOf([cartLineFixture(brakePads._id, 20), cartLineFixture(oilFilter._id, 100)]);

/** Signed in as the customer fixture with a saved profile and a two-line cart, plus `handlers`. */
function signedIn(...handlers: RequestHandler[]) {
  server.use(
    ...sessionOf(customerFixture).handlers,
    profileHandler(customerFixture, { ...savedProfileFixture, phone: '555-0100' }),
    cartHandler(cart),
    ...handlers,
  );
}

describe('/checkout', () => {
  it("prefills the profile's address and phone, shows the lines and total, and places the order", async () => {
    const bodies: unknown[] = [];
    const keys: (string | null)[] = [];
    let attempts = 0;
    signedIn(
      http.post('/api/checkout', async ({ request }) => {
        bodies.push(await request.json());
        keys.push(request.headers.get('Idempotency-Key'));
        // The first attempt gets no answer (a gateway error); its retry places the order.
        if (++attempts === 1) return apiError(502, 'Bad gateway');
        return HttpResponse.json(orderFixture({ poNumber: 'PO-77' }), { status: 201 });
      }),
      orderHandler(orderFixture({ poNumber: 'PO-77' })),
    );
    const { user, router } = renderApp('/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    const address = (await screen.findByLabelText('Shipping address')) as HTMLInputElement;
    expect(address.value).toBe(savedProfileFixture.address);
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('555-0100');
    const summary = screen.getByRole('region', { name: 'Your order' });
    expect(within(summary).getByText(brakePads.name)).toBeTruthy();
    expect(within(summary).getByText('$779.80')).toBeTruthy();
    expect(within(summary).getByText('$1,428.80')).toBeTruthy();

    await user.type(screen.getByLabelText('PO number'), 'PO-77');
    await user.type(screen.getByLabelText('Note'), 'Deliver to dock 4');
    await user.click(screen.getByLabelText('Save address and phone to my profile'));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/orders/${ORDER_ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order PF-100001' })).toBeTruthy();
    expect(bodies[1]).toEqual({
      address: savedProfileFixture.address,
      phone: '555-0100',
      poNumber: 'PO-77',
      note: 'Deliver to dock 4',
      saveToProfile: true,
    });
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    // The retry of the same attempt sends the same key.
    expect(keys[1]).toBe(keys[0]);
  });

  it("shows a 409's message and each line's reason next to the line, and keeps the cart", async () => {
    const keys: (string | null)[] = [];
    signedIn(
      http.post('/api/checkout', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return apiError(409, 'Some lines cannot be ordered as they are. Nothing was reserved.', {
          code: 'LINES_UNAVAILABLE',
          lines: [{ partId: oilFilter._id, message: 'Only 60 in stock' }],
        });
      }),
    );
    const { user } = renderApp('/checkout');
    await user.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Some lines cannot be ordered as they are. Nothing was reserved.',
    );
    const summary = screen.getByRole('region', { name: 'Your order' });
    const line = within(summary).getByText(oilFilter.name).closest('li')!;
    expect(within(line).getByText('Only 60 in stock')).toBeTruthy();
    const other = within(summary).getByText(brakePads.name).closest('li')!;
    expect(within(other).queryByText('Only 60 in stock')).toBeNull();

    // A new attempt after an answer has a new key.
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('refuses a PO number longer than 35 characters', async () => {
    signedIn();
    const { user } = renderApp('/checkout');
    const po = await screen.findByLabelText('PO number');
    po.removeAttribute('maxlength');
    await user.type(po, 'P'.repeat(36));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('PO number must be at most 35 characters')).toBeTruthy();
  });

  it('says the cart is empty instead of offering Place Order', async () => {
    server.use(
      ...sessionOf(customerFixture).handlers,
      profileHandler(customerFixture),
      cartHandler(cartOf([])),
    );
    renderApp('/checkout');
    expect(await screen.findByText('Your cart is empty: add parts before checking out.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });

  it('sends a visitor to login first, and back to checkout after it', async () => {
    localStorage.setItem('cart', JSON.stringify([{ partId: brakePads._id, quantity: 20 }]));
    const { user, router } = renderApp('/cart');
    await user.click(await screen.findByRole('link', { name: 'Checkout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(screen.getByText('Please sign in to continue.')).toBeTruthy();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/checkout' } });
  });
});

/** Signed in as a buyer of Acme Garage (two addresses in its book); each checkout's body goes to `bodies`. */
function signedInAsBuyer(bodies: unknown[]) {
  signedIn(
    myCompanyHandler(myCompanyFixture('buyer')),
    http.post('/api/checkout', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(orderFixture(), { status: 201 });
    }),
    orderHandler(orderFixture()),
  );
}

describe('/checkout of a company member', () => {
  it('ships to the last used address of the book by default and sends its addressId', async () => {
    const bodies: unknown[] = [];
    localStorage.setItem(`shipTo:${customerFixture.email}`, OTHER_ADDRESS_ID);
    signedInAsBuyer(bodies);
    const { user, router } = renderApp('/checkout');
    const shipTo = await screen.findByRole('group', { name: 'Ship to' });
    const branch = within(shipTo).getByRole('radio', { name: 'North branch' }) as HTMLInputElement;
    expect(branch.checked).toBe(true);
    expect(within(shipTo).getByText(/9 Mill Lane, Unit 4, Shelbyville, IL 62565, US/)).toBeTruthy();
    expect(screen.queryByLabelText('Shipping address')).toBeNull();

    await user.click(within(shipTo).getByRole('radio', { name: 'Main depot' }));
    await user.type(screen.getByLabelText('PO number'), 'PO-9');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/orders/${ORDER_ID}`));
    // The cheapest delivery of the quote is chosen by default (docs/requirements.md §16).
    expect(bodies).toEqual([{ addressId: ADDRESS_ID, poNumber: 'PO-9', shippingMethod: 'ground' }]);
    expect(localStorage.getItem(`shipTo:${customerFixture.email}`)).toBe(ADDRESS_ID);
  });

  it('lets a member type an address instead', async () => {
    const bodies: unknown[] = [];
    signedInAsBuyer(bodies);
    const { user, router } = renderApp('/checkout');
    const shipTo = await screen.findByRole('group', { name: 'Ship to' });
    // No address used before: the book's first.
    expect((within(shipTo).getByRole('radio', { name: 'Main depot' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(within(shipTo).getByRole('radio', { name: 'Type an address' }));
    const address = (await screen.findByLabelText('Shipping address')) as HTMLInputElement;
    await user.clear(address);
    await user.type(address, '7 Site Road');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/orders/${ORDER_ID}`));
    expect(bodies).toEqual([{ address: '7 Site Road', phone: '555-0100', shippingMethod: 'ground' }]);
  });
});
