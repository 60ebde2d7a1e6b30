import type { Part } from '@partsforge/shared/catalog';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { partsFixture } from '@/testing/api-fixtures';
import { addedResult, cartHandler, cartLineFixture, cartOf } from '@/testing/handlers/cart';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { apiError, page } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const brakePads = partsFixture[0]!;

/** What a member with 15% off sees of the brake pads: their price and breaks, and the list ones. */
const memberPads: Part = {
  ...brakePads,
  price: 33.14,
  priceBreaks: [
    { minQuantity: 100, price: 30.18 },
    { minQuantity: 200, price: 28.05 },
  ],
  listPrice: 38.99,
  listPriceBreaks: [
    { minQuantity: 100, price: 35.5 },
    { minQuantity: 200, price: 33 },
  ],
};
const listPads: Part = { ...brakePads, priceBreaks: memberPads.listPriceBreaks! };

/**
 * The catalogue as the server prices it (docs/requirements.md §15): a request with the member's token gets their
 * prices, one without gets list prices. Records each request's Authorization header.
 */
function pricedCatalogue() {
  const authorizations: (string | null)[] = [];
  const priced = (request: Request) => {
    const authorization = request.headers.get('Authorization');
    authorizations.push(authorization);
    return authorization ? memberPads : listPads;
  };
  server.use(
    http.get('/api/parts', ({ request }) => page([priced(request), ...partsFixture.slice(1)])),
    http.get('/api/parts/:id', ({ request, params }) =>
      params.id === brakePads._id ? HttpResponse.json(priced(request)) : apiError(404, 'Not found'),
    ),
  );
  return authorizations;
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('net prices (docs/requirements.md §15)', () => {
  it('a member’s catalogue carries their token and shows list and their price; signing out shows list prices only', async () => {
    server.use(...sessionOf(customerFixture).handlers);
    const authorizations = pricedCatalogue();
    const { user } = renderApp('/parts');
    const card = (await screen.findByText('List $38.99 · Your price $33.14')).closest('article')!;
    expect(within(card).getByText('From $28.05 at 200+')).toBeTruthy();
    expect(authorizations.at(-1)).toMatch(/^Bearer /);

    await user.click(screen.getAllByRole('button', { name: 'Sign Out' })[0]!);
    expect(await screen.findByText('Price: $38.99')).toBeTruthy();
    expect(screen.queryByText(/Your price/)).toBeNull();
    expect(authorizations.at(-1)).toBeNull();
  });

  it('a visitor’s catalogue is asked without a token and reads as before', async () => {
    const authorizations = pricedCatalogue();
    renderApp('/parts');
    expect(await screen.findByText('Price: $38.99')).toBeTruthy();
    expect(screen.getByText('From $33.00 at 200+')).toBeTruthy();
    expect(screen.queryByText(/Your price/)).toBeNull();
    expect(authorizations.every((value) => value === null)).toBe(true);
  });

  it('a member’s part page shows both prices and the breaks table with their prices and the list ones', async () => {
    server.use(...sessionOf(customerFixture).handlers);
    pricedCatalogue();
    renderApp(`/parts/${brakePads._id}`);
    expect(await screen.findByText('List $38.99 · Your price $33.14')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Quantity breaks' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Quantity', 'Your price', 'List price']);
    expect(within(table).getAllByRole('row').slice(1).map(cells)).toEqual([
      [`${brakePads.minqty}+`, '$33.14', '$38.99'],
      ['100+', '$30.18', '$35.50'],
      ['200+', '$28.05', '$33.00'],
    ]);
  });

  it('a visitor’s part page keeps the one price and the Unit price column', async () => {
    pricedCatalogue();
    renderApp(`/parts/${brakePads._id}`);
    expect(await screen.findByText('Price: $38.99')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Quantity breaks' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Quantity', 'Unit price']);
  });

  it('the cart line shows the list price beside the member’s', async () => {
    const line = cartLineFixture(brakePads._id, 20, {
      unitPrice: 33.14,
      lineTotal: 662.8,
      listUnitPrice: 38.99,
    });
    server.use(...sessionOf(customerFixture).handlers, cartHandler(cartOf([line])));
    renderApp('/cart');
    expect(await screen.findByText('List $38.99 · Your price $33.14')).toBeTruthy();
    expect(screen.getAllByText('$662.80').length).toBeGreaterThan(0);
  });

  it('quick order results show the list price beside the member’s', async () => {
    const added = {
      ...addedResult(1, brakePads._id, 20),
      unitPrice: 33.14,
      lineTotal: 662.8,
      listUnitPrice: 38.99,
    };
    server.use(
      ...sessionOf(customerFixture).handlers,
      http.post('/api/cart/import', () => HttpResponse.json({ cart: cartOf([]), results: [added] })),
    );
    const { user } = renderApp('/quick-order');
    await user.type(await screen.findByLabelText('Lines (SKU quantity)'), `${brakePads.sku} 20`);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('table', { name: 'Preview of your lines' });
    await waitFor(() =>
      expect(cells(within(preview).getAllByRole('row')[1]!)).toEqual([
        '1',
        brakePads.sku,
        brakePads.name,
        '20',
        'List $38.99 · Your price $33.14',
        '$662.80',
      ]),
    );
  });
});
