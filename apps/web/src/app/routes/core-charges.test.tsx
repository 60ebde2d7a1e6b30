import type { Part } from '@partsforge/shared/catalog';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { partsFixture } from '@/testing/api-fixtures';
import { cartHandler, cartLineFixture, cartOf } from '@/testing/handlers/cart';
import { adminFixture, customerFixture, sessionOf } from '@/testing/handlers/identity';
import { ORDER_ID, orderFixture, orderHandler } from '@/testing/handlers/orders';
import { profileHandler, savedProfileFixture } from '@/testing/handlers/profiles';
import { apiError, page } from '@/testing/handlers/respond';
import { usersHandlers } from '@/testing/handlers/users';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const [brakePads, oilFilter] = partsFixture as [(typeof partsFixture)[number], (typeof partsFixture)[number]];

/** The brake pads sold with a $45.00 refundable core (docs/requirements.md §17 "Core charges"). */
const corePads: Part = { ...brakePads, coreCharge: 45 };

/** The catalogue with the brake pads carrying their core deposit. */
function coreCatalogue() {
  server.use(
    http.get('/api/parts', () => page([corePads, ...partsFixture.slice(1)])),
    http.get('/api/parts/:id', ({ params }) =>
      params.id === corePads._id
        ? HttpResponse.json(corePads)
        : params.id === oilFilter._id
          ? HttpResponse.json(oilFilter)
          : apiError(404, 'Not found'),
    ),
  );
}

/** A cart of 20 brake pads with their core and 100 oil filters without one: $900.00 of core deposits. */
const coreCart = cartOf([
  cartLineFixture(brakePads._id, 20, { coreCharge: 45 }),
  cartLineFixture(oilFilter._id, 100),
]);

describe('core charges (docs/requirements.md §17)', () => {
  it('a card shows the refundable core beside the price of a part that has one, and nothing for the others', async () => {
    coreCatalogue();
    renderApp('/parts');
    const note = await screen.findByText('+ $45.00 refundable core');
    expect(within(note.closest('article')!).getByText(brakePads.name)).toBeTruthy();
    expect(screen.getAllByText(/refundable core/)).toHaveLength(1);
  });

  it('the part page shows the refundable core under the price', async () => {
    coreCatalogue();
    renderApp(`/parts/${corePads._id}`);
    expect(await screen.findByText('+ $45.00 refundable core')).toBeTruthy();
  });

  it('a part without a core says nothing of one on its page', async () => {
    coreCatalogue();
    renderApp(`/parts/${oilFilter._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: oilFilter.name })).toBeTruthy();
    expect(screen.queryByText(/refundable core/)).toBeNull();
  });

  it('the purchase page shows the core deposits of the quantity beside its total', async () => {
    server.use(...sessionOf(customerFixture).handlers);
    coreCatalogue();
    const { user } = renderApp(`/purchase/${corePads._id}`);
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '20');
    expect(await screen.findByText('Core deposits: $900.00')).toBeTruthy();
  });

  it('the cart shows the core deposits on their own line, apart from the subtotal', async () => {
    server.use(...sessionOf(customerFixture).handlers, cartHandler(coreCart));
    renderApp('/cart');
    expect(await screen.findByText('Core deposits:')).toBeTruthy();
    expect(screen.getByText('$900.00')).toBeTruthy();
    expect(screen.getByText('$1,428.80')).toBeTruthy();
  });

  it('the checkout shows the core deposits and a total that includes them', async () => {
    server.use(
      ...sessionOf(customerFixture).handlers,
      profileHandler(customerFixture, savedProfileFixture),
      cartHandler(coreCart),
    );
    renderApp('/checkout');
    const summary = await screen.findByRole('region', { name: 'Your order' });
    expect(within(summary).getByText('Core deposits')).toBeTruthy();
    expect(within(summary).getByText('$900.00')).toBeTruthy();
    // $1,428.80 of lines and $900.00 of cores.
    expect(within(summary).getByText('$2,328.80')).toBeTruthy();
  });

  it('the order page shows the core deposits between the subtotal and the total', async () => {
    const order = orderFixture({
      lines: [
        { ...orderFixture().lines[0]!, quantity: 20, unitPrice: 38.99, lineTotal: 779.8, coreCharge: 45 },
      ],
      subtotal: 779.8,
      coreTotal: 900,
      total: 1679.8,
      totalPrice: 1679.8,
    });
    server.use(...sessionOf(customerFixture).handlers, orderHandler(order));
    renderApp(`/dashboard/orders/${ORDER_ID}`);
    const table = await screen.findByRole('table', { name: 'Lines of this order' });
    const totals = within(table)
      .getAllByRole('row')
      .slice(-3)
      .map((row) => row.textContent);
    expect(totals).toEqual(['Subtotal$779.80', 'Core deposits$900.00', 'Total$1,679.80']);
  });

  it('Add Product sends the core charge in dollars, 0 by default, and refuses a negative one', async () => {
    server.use(
      ...sessionOf(adminFixture).handlers,
      ...usersHandlers(),
      profileHandler(adminFixture, savedProfileFixture),
    );
    let sent: unknown;
    server.use(
      http.post('/api/parts', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ insertedId: '7b1f6a3e-0c4d-4e8a-9f1b-0000000000ac' }, { status: 201 });
      }),
    );
    const { user } = renderApp('/dashboard/addproduct');
    await user.type(await screen.findByLabelText('Title'), 'Alternator');
    await user.type(screen.getByLabelText('Description'), '160 A, remanufactured.');
    await user.type(screen.getByLabelText('Available quantity'), '12');
    await user.type(screen.getByLabelText('Minimum order quantity'), '1');
    await user.type(screen.getByLabelText('Price (USD)'), '189');
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/a.png');
    const core = screen.getByLabelText('Core charge') as HTMLInputElement;
    expect(core.value).toBe('0');
    await user.clear(core);
    await user.type(core, '-5');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Core charge cannot be negative')).toBeTruthy();
    expect(sent).toBeUndefined();
    await user.clear(core);
    await user.type(core, '45');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(sent).toMatchObject({ name: 'Alternator', coreCharge: 45 }));
  });
});
