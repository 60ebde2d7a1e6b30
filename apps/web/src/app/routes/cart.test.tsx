import type { Cart } from '@partsforge/shared/cart';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { partsFixture } from '@/testing/api-fixtures';
import { cartHandler, cartLineFixture, cartOf } from '@/testing/handlers/cart';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { profileHandler, savedProfileFixture } from '@/testing/handlers/profiles';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { deferred, requestLog, server } from '@/testing/server';

const [brakePads, oilFilter, sparkPlug] = partsFixture as [
  (typeof partsFixture)[number],
  (typeof partsFixture)[number],
  (typeof partsFixture)[number],
];

/** Signed in as the customer fixture, with extra API handlers; logs the requests from now on. */
function signedIn(...handlers: RequestHandler[]) {
  server.use(...sessionOf(customerFixture).handlers, ...handlers);
  return requestLog();
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const lineOf = (name: string) => screen.getByRole('link', { name }).closest('li')!;
const subtotal = () => screen.getByText('Subtotal:').parentElement!.textContent;
/** The texts the quantity field of `name` is described by (aria-describedby), as a screen reader reads them. */
const descriptionOf = (name: string) =>
  screen
    .getByLabelText(`Quantity of ${name}`)
    .getAttribute('aria-describedby')!
    .split(' ')
    .map((id) => document.getElementById(id)!.textContent)
    .filter(Boolean);

describe('/cart (customer)', () => {
  it('shows each line with its price, total and the subtotal; a bad quantity says why and is not saved', async () => {
    // Spark plugs sell in packs of 4 here, 50 at least, at $9.75 (and $9.00 from 100).
    const plugs = cartLineFixture(sparkPlug._id, 52, { packSize: 4, minqty: 50 });
    let cart = cartOf([cartLineFixture(brakePads._id, 20), plugs]);
    const saved: unknown[] = [];
    signedIn(
      http.get('/api/cart', () => HttpResponse.json(cart)),
      http.put('/api/cart/lines/:partId', async ({ params, request }) => {
        const { quantity } = (await request.json()) as { quantity: number };
        saved.push({ partId: params.partId, quantity });
        cart = cartOf([cart.lines[0]!, { ...plugs, quantity, unitPrice: 9, lineTotal: quantity * 9 }]);
        return HttpResponse.json(cart);
      }),
    );
    const { user } = renderApp('/cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeTruthy();
    await screen.findByRole('link', { name: sparkPlug.name });
    const line = lineOf(sparkPlug.name);
    expect(within(line).getByText(sparkPlug.sku)).toBeTruthy();
    expect(within(line).getByText('Unit price: $9.75')).toBeTruthy();
    expect(within(line).getByText('$507.00')).toBeTruthy();
    expect(screen.getByText('Subtotal:').parentElement!.textContent).toBe('Subtotal: $1,286.80');
    expect(within(mainNav()).getByRole('link', { name: 'Cart (2)' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('link', { name: sparkPlug.name }).getAttribute('href')).toBe(
      `/purchase/${sparkPlug._id}`,
    );

    const quantity = screen.getByLabelText(`Quantity of ${sparkPlug.name}`);
    await user.clear(quantity);
    await user.type(quantity, '102');
    expect(await within(line).findByText('Quantity must be a multiple of the pack size (4)')).toBeTruthy();
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    await user.clear(quantity);
    await user.type(quantity, '40');
    expect(await within(line).findByText('Minimum order quantity is 50')).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '8804');
    expect(await within(line).findByText('Only 8,800 in stock')).toBeTruthy();
    expect(saved).toEqual([]);
    // The cart still holds 52: the line says so and prices nothing it does not hold; Checkout refuses.
    expect(descriptionOf(sparkPlug.name)).toEqual(['Only 8,800 in stock', 'Not saved: your cart keeps 52.']);
    expect(within(line).queryByText('$507.00')).toBeNull();
    expect(within(line).getAllByText(/Not priced yet/)).toHaveLength(2);
    expect(subtotal()).toBe('Subtotal: Not priced yet');
    const checkout = screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement;
    expect(checkout.disabled).toBe(true);
    expect(document.getElementById(checkout.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Fix the quantities marked in red before checking out.',
    );

    await user.clear(quantity);
    await user.type(quantity, '100');
    expect(await within(line).findByText('$900.00')).toBeTruthy();
    expect(subtotal()).toBe('Subtotal: $1,679.80');
    expect(within(line).getByText('Unit price: $9.00')).toBeTruthy();
    expect(saved).toEqual([{ partId: sparkPlug._id, quantity: 100 }]);
    expect(quantity.getAttribute('aria-invalid')).toBeNull();
    expect(descriptionOf(sparkPlug.name)).toEqual([]);
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
  });

  it('says a changed quantity is not saved yet, and Checkout saves it before going on', async () => {
    let cart = cartOf([cartLineFixture(brakePads._id, 20)]);
    const answer = deferred();
    const log = signedIn(
      profileHandler(customerFixture, savedProfileFixture),
      http.get('/api/cart', () => HttpResponse.json(cart)),
      http.put('/api/cart/lines/:partId', async ({ request }) => {
        const { quantity } = (await request.json()) as { quantity: number };
        await answer.promise;
        cart = cartOf([cartLineFixture(brakePads._id, quantity)]);
        return HttpResponse.json(cart);
      }),
    );
    const { user, router } = renderApp('/cart');
    const quantity = await screen.findByLabelText(`Quantity of ${brakePads.name}`);
    const line = lineOf(brakePads.name);
    await user.clear(quantity);
    await user.type(quantity, '40');
    // At once, before the save: the line says the cart does not hold 40 yet, and prices nothing.
    expect(descriptionOf(brakePads.name)).toEqual(['Not saved yet: saving 40…']);
    expect(within(line).queryByText('$779.80')).toBeNull();
    expect(subtotal()).toBe('Subtotal: Not priced yet');

    await user.click(screen.getByRole('link', { name: 'Checkout' }));
    expect(await screen.findByRole('link', { name: 'Saving your changes…' })).toBeTruthy();
    expect(log).toContain(`PUT /api/cart/lines/${brakePads._id}`);
    expect(router.state.location.pathname).toBe('/cart');
    answer.resolve();
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(cart.lines[0]!.quantity).toBe(40);
    expect(log.filter((request) => request.startsWith('PUT /api/cart/'))).toHaveLength(1);
  });

  it('shows a refused save on its line and keeps Checkout refused until it is fixed', async () => {
    signedIn(
      cartHandler(cartOf([cartLineFixture(oilFilter._id, 100)])),
      http.put('/api/cart/lines/:partId', () => apiError(409, 'Only 160 in stock')),
    );
    const { user } = renderApp('/cart');
    const quantity = await screen.findByLabelText(`Quantity of ${oilFilter.name}`);
    await user.clear(quantity);
    await user.type(quantity, '200');
    await user.click(screen.getByRole('link', { name: 'Checkout' }));
    expect(await within(lineOf(oilFilter.name)).findByText('Only 160 in stock')).toBeTruthy();
    expect(descriptionOf(oilFilter.name)).toEqual(['Only 160 in stock', 'Not saved: your cart keeps 100.']);
    expect((screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Fix the quantities marked in red before checking out.')).toBeTruthy();
  });

  it("shows the server's problem of a line, and refuses Checkout", async () => {
    signedIn(
      cartHandler(
        cartOf([cartLineFixture(oilFilter._id, 200, { problem: 'Only 120 in stock', available: 120 })]),
      ),
    );
    renderApp('/cart');
    expect(await screen.findByText('Only 120 in stock')).toBeTruthy();
    expect(descriptionOf(oilFilter.name)).toEqual(['Only 120 in stock']);
    expect((screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('removes a line, and empties the cart after a confirmation', async () => {
    let cart: Cart = cartOf([cartLineFixture(brakePads._id, 20), cartLineFixture(oilFilter._id, 100)]);
    const log = signedIn(
      http.get('/api/cart', () => HttpResponse.json(cart)),
      http.delete('/api/cart/lines/:partId', ({ params }) => {
        cart = cartOf(cart.lines.filter((line) => line.partId !== params.partId));
        return HttpResponse.json(cart);
      }),
      http.delete('/api/cart', () => {
        cart = cartOf([]);
        return HttpResponse.json(cart);
      }),
    );
    const { user } = renderApp('/cart');
    await user.click(await screen.findByRole('button', { name: `Remove ${brakePads.name}` }));
    await waitFor(() => expect(screen.queryByRole('link', { name: brakePads.name })).toBeNull());
    expect(screen.getByRole('link', { name: oilFilter.name })).toBeTruthy();
    expect(within(mainNav()).getByRole('link', { name: 'Cart (1)' })).toBeTruthy();
    expect(log).toContain(`DELETE /api/cart/lines/${brakePads._id}`);

    await user.click(screen.getByRole('button', { name: 'Empty cart' }));
    const dialog = screen.getByRole('dialog', { name: 'Empty your cart?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep cart' }));
    expect(log).not.toContain('DELETE /api/cart');
    await user.click(screen.getByRole('button', { name: 'Empty cart' }));
    await user.click(within(dialog).getByRole('button', { name: 'Empty cart' }));
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
    expect(log).toContain('DELETE /api/cart');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Browse parts' }).getAttribute('href')).toBe('/parts');
    expect(main.getByRole('link', { name: 'Quick order' }).getAttribute('href')).toBe('/quick-order');
  });
});

describe('/cart (visitor)', () => {
  it('keeps the cart in local storage, priced with the quantity breaks', async () => {
    server.use(
      http.get(`/api/parts/${sparkPlug._id}`, () =>
        HttpResponse.json({ ...sparkPlug, packSize: 10, priceBreaks: [{ minQuantity: 100, price: 9 }] }),
      ),
    );
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { partId: brakePads._id, quantity: 20 },
        { partId: sparkPlug._id, quantity: 50 },
      ]),
    );
    const { user } = renderApp('/cart');
    const line = (await screen.findByRole('link', { name: sparkPlug.name })).closest('li')!;
    expect(within(line).getByText('$487.50')).toBeTruthy();
    expect(within(mainNav()).getByRole('link', { name: 'Cart (2)' })).toBeTruthy();

    const quantity = screen.getByLabelText(`Quantity of ${sparkPlug.name}`);
    await user.clear(quantity);
    await user.type(quantity, '105');
    expect(await within(line).findByText('Quantity must be a multiple of the pack size (10)')).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '100');
    expect(await within(line).findByText('$900.00')).toBeTruthy();
    expect(within(line).getByText('Unit price: $9.00')).toBeTruthy();
    await waitFor(() => expect(subtotal()).toBe('Subtotal: $1,679.80'));
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([
      { partId: brakePads._id, quantity: 20 },
      { partId: sparkPlug._id, quantity: 100 },
    ]);

    await user.click(screen.getByRole('button', { name: `Remove ${brakePads.name}` }));
    await waitFor(() => expect(within(mainNav()).getByRole('link', { name: 'Cart (1)' })).toBeTruthy());
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([{ partId: sparkPlug._id, quantity: 100 }]);

    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
  });

  it('shows a quantity changed in another tab, and never writes the old one back', async () => {
    localStorage.setItem('cart', JSON.stringify([{ partId: brakePads._id, quantity: 20 }]));
    renderApp('/cart');
    const quantity = (await screen.findByLabelText(`Quantity of ${brakePads.name}`)) as HTMLInputElement;
    expect(quantity.value).toBe('20');

    const changed = JSON.stringify([{ partId: brakePads._id, quantity: 40 }]);
    localStorage.setItem('cart', changed);
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: changed }));
    await waitFor(() => expect(quantity.value).toBe('40'));
    await new Promise((resolve) => setTimeout(resolve, 600)); // past the save delay
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([{ partId: brakePads._id, quantity: 40 }]);
  });

  it('shows the empty cart with links to the catalogue and quick order', async () => {
    renderApp('/cart');
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
    expect(within(mainNav()).getByRole('link', { name: 'Cart (0)' })).toBeTruthy();
  });

  it('adds a part from its card with its minimum order in whole packs, and says so', async () => {
    server.use(
      http.get('/api/parts', () =>
        HttpResponse.json([{ ...oilFilter, minqty: 100, packSize: 12 }], {
          headers: { 'X-Total-Count': '1' },
        }),
      ),
    );
    const { user } = renderApp('/parts');
    const card = (await screen.findByRole('heading', { level: 3, name: oilFilter.name })).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText(`Added ${oilFilter.name} to your cart`)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([{ partId: oilFilter._id, quantity: 108 }]);
    expect(within(mainNav()).getByRole('link', { name: 'Cart (1)' })).toBeTruthy();
  });

  it('merges the browser cart into the account at sign-in, then clears it', async () => {
    localStorage.setItem('cart', JSON.stringify([{ partId: oilFilter._id, quantity: 100 }]));
    const { session, handlers } = sessionOf(customerFixture, { signedIn: false });
    let merged: unknown;
    server.use(
      ...handlers,
      profileHandler(customerFixture),
      http.post('/api/auth/sign-in/email', () => {
        session.signedIn = true;
        return HttpResponse.json({ redirect: false, token: 'session-token', user: customerFixture });
      }),
      http.post('/api/cart/merge', async ({ request }) => {
        merged = await request.json();
        return HttpResponse.json({
          cart: cartOf([cartLineFixture(brakePads._id, 20), cartLineFixture(oilFilter._id, 100)]),
          results: [],
        });
      }),
    );
    const { user } = renderApp('/login');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Cart (1)' })).toBeTruthy();
    await user.type(await screen.findByLabelText('Email'), customerFixture.email);
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await within(mainNav()).findByRole('link', { name: 'Cart (2)' })).toBeTruthy();
    expect(merged).toEqual({ lines: [{ partId: oilFilter._id, quantity: 100 }] });
    expect(localStorage.getItem('cart')).toBeNull();
  });
});
