import type { Part } from '@partsforge/shared/catalog';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { partsFixture } from '@/testing/api-fixtures';
import { cartOf } from '@/testing/handlers/cart';
import { adminFixture, customerFixture, sessionOf } from '@/testing/handlers/identity';
import { apiError } from '@/testing/handlers/respond';
import { fitmentHandler, vehicleChoicesHandlers } from '@/testing/handlers/fitment';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

/** Superseded part numbers in the web app (docs/requirements.md §17). */
const [oldPads, newPads] = partsFixture as [Part, Part];
const superseded: Part = {
  ...oldPads,
  category: null,
  make: null,
  supersededBy: newPads.sku,
  replacement: { _id: newPads._id, sku: newPads.sku, name: newPads.name },
};

describe('superseded parts', () => {
  it("the old part's page says Replaced by <SKU> with a link, and offers no Add to cart", async () => {
    server.use(
      http.get('/api/parts/:id', ({ params }) =>
        params.id === superseded._id ? HttpResponse.json(superseded) : apiError(404, 'Not found'),
      ),
      fitmentHandler({ [superseded._id]: [] }),
    );
    renderApp(`/parts/${superseded._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: superseded.name })).toBeTruthy();
    expect(screen.getByRole('link', { name: newPads.sku }).getAttribute('href')).toBe(
      `/parts/${newPads._id}`,
    );
    expect(screen.getByText(/Replaced by/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View replacement' }).getAttribute('href')).toBe(
      `/parts/${newPads._id}`,
    );
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Buy Now' })).toBeNull();
  });

  it('Edit Product shows Superseded by (SKU), sends it, and shows the server’s 400 on the field', async () => {
    let sent: unknown;
    server.use(
      ...sessionOf(adminFixture).handlers,
      ...vehicleChoicesHandlers,
      http.get('/api/parts/:id', () => HttpResponse.json(superseded)),
      fitmentHandler({ [superseded._id]: [] }),
      http.put('/api/parts/:id', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          {
            message: 'Invalid request: cycle',
            code: 'VALIDATION_FAILED',
            errors: { supersededBy: 'BP-X cannot be superseded by a part that is replaced by it (a cycle)' },
          },
          { status: 400 },
        );
      }),
    );
    const { user } = renderApp(`/dashboard/manageproducts/${superseded._id}`);
    const field = (await screen.findByLabelText('Superseded by (SKU)')) as HTMLInputElement;
    expect(field.value).toBe(newPads.sku);
    await user.clear(field);
    await user.type(field, 'BP-X');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('BP-X cannot be superseded by a part that is replaced by it (a cycle)'),
    ).toBeTruthy();
    expect(sent).toMatchObject({ supersededBy: 'BP-X' });
  });

  it('quick order shows a replaced line: the old SKU, the new one, Replaced by ..., and its prices', async () => {
    server.use(
      ...sessionOf(customerFixture).handlers,
      http.post('/api/cart/import', () =>
        HttpResponse.json({
          cart: cartOf([]),
          results: [
            {
              line: 1,
              sku: newPads.sku,
              replacedSku: 'BP-OLD-1',
              quantity: 20,
              status: 'replaced',
              message: `Replaced by ${newPads.sku}`,
              partId: newPads._id,
              name: newPads.name,
              unitPrice: 4,
              lineTotal: 80,
            },
          ],
        }),
      ),
    );
    const { user } = renderApp('/quick-order');
    await user.type(await screen.findByLabelText('Lines (SKU quantity)'), 'BP-OLD-1 20');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('table', { name: 'Preview of your lines' });
    const cells = within(within(preview).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '1',
      `BP-OLD-1${newPads.sku}`,
      `${newPads.name}Replaced by ${newPads.sku}`,
      '20',
      '$4.00',
      '$80.00',
    ]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add 1 line to cart' })).toHaveProperty('disabled', false),
    );
  });
});
