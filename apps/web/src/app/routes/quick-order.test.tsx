import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { partsFixture } from '@/testing/api-fixtures';
import { addedResult, cartLineFixture, cartOf } from '@/testing/handlers/cart';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { renderApp } from '@/testing/render-app';
import { requestLog, server } from '@/testing/server';

const [brakePads, oilFilter] = partsFixture as [(typeof partsFixture)[number], (typeof partsFixture)[number]];

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('/quick-order', () => {
  it('previews every line without changing the cart, then adds the lines and links to the cart', async () => {
    const imports: { dryRun: string | null; body: unknown }[] = [];
    const results = [
      addedResult(1, brakePads._id, 20),
      { line: 2, sku: 'NOPE-1', quantity: 5, status: 'error' as const, message: 'Unknown SKU NOPE-1' },
      addedResult(3, oilFilter._id, 100),
    ];
    server.use(
      ...sessionOf(customerFixture).handlers,
      http.post('/api/cart/import', async ({ request }) => {
        const dryRun = new URL(request.url).searchParams.get('dryRun');
        imports.push({ dryRun, body: await request.json() });
        const cart = dryRun
          ? cartOf([])
          : cartOf([cartLineFixture(brakePads._id, 20), cartLineFixture(oilFilter._id, 100)]);
        return HttpResponse.json({ cart, results });
      }),
    );
    const log = requestLog();
    const { user } = renderApp('/quick-order');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quick order' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Paste lines of SKU and quantity, or choose a CSV file')).toBeTruthy();
    expect(log.some((request) => request.includes('/api/cart/import'))).toBe(false);

    const text = `${brakePads.sku} 20\nNOPE-1 5\n${oilFilter.sku};100`;
    await user.type(screen.getByLabelText('Lines (SKU quantity)'), text);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('table', { name: 'Preview of your lines' });
    expect(rows(preview)).toEqual([
      ['1', brakePads.sku, brakePads.name, '20', '$38.99', '$779.80'],
      ['2', 'NOPE-1', 'Unknown SKU NOPE-1', '5', '', ''],
      ['3', oilFilter.sku, oilFilter.name, '100', '$6.49', '$649.00'],
    ]);
    expect(imports).toEqual([{ dryRun: 'true', body: { text } }]);

    await user.click(screen.getByRole('button', { name: 'Add 2 lines to cart' }));
    expect(await screen.findByText('2 lines were added to your cart.')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'What was added to your cart' })).toBeTruthy();
    expect(imports[1]).toEqual({ dryRun: null, body: { text } });
    expect(screen.getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Cart (2)' })).toBeTruthy());
  });

  it('shows the merged total of one SKU and its reason on the merged line, with the part named', async () => {
    const merged = `Lines 1 and 2 merged: 121 in all. Quantity must be a multiple of the pack size (2)`;
    const part = { partId: brakePads._id, name: brakePads.name, sku: brakePads.sku };
    server.use(
      ...sessionOf(customerFixture).handlers,
      http.post('/api/cart/import', () =>
        HttpResponse.json({
          cart: cartOf([]),
          results: [
            { line: 1, quantity: 121, status: 'error', message: merged, ...part },
            {
              line: 2,
              quantity: 21,
              status: 'error',
              message: 'Same SKU as line 1: quantities merged',
              ...part,
            },
            {
              line: 3,
              quantity: null,
              status: 'error',
              message: 'Quantity must be a whole number above 0',
              ...part,
            },
          ],
        }),
      ),
    );
    const { user } = renderApp('/quick-order');
    await user.type(
      await screen.findByLabelText('Lines (SKU quantity)'),
      `${brakePads.sku} 100\n${brakePads.sku} 21\n${brakePads.sku} 2x`,
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('table', { name: 'Preview of your lines' });
    expect(rows(preview)).toEqual([
      ['1', brakePads.sku, `${brakePads.name}${merged}`, '121', '', ''],
      ['2', brakePads.sku, `${brakePads.name}Same SKU as line 1: quantities merged`, '21', '', ''],
      ['3', brakePads.sku, `${brakePads.name}Quantity must be a whole number above 0`, '', '', ''],
    ]);
    expect(screen.getByRole('button', { name: 'Add 0 lines to cart' })).toHaveProperty('disabled', true);
  });

  it('reads a CSV file into the lines, in the browser', async () => {
    server.use(...sessionOf(customerFixture).handlers);
    const { user } = renderApp('/quick-order');
    const csv = `sku,quantity\n${brakePads.sku},20\n`;
    await user.upload(
      await screen.findByLabelText('CSV file'),
      new File([csv], 'order.csv', { type: 'text/csv' }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Lines (SKU quantity)') as HTMLTextAreaElement).value).toBe(csv),
    );
  });

  it('is for customers: a visitor signs in first', async () => {
    renderApp('/quick-order');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
  });
});
