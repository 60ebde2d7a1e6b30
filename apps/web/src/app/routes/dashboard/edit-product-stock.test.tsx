import type { Part } from '@partsforge/shared/catalog';
import type { StockMovement } from '@partsforge/shared/stock';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { partsFixture } from '@/testing/api-fixtures';
import { fitmentHandler, vehicleChoicesHandlers } from '@/testing/handlers/fitment';
import { adminFixture, sessionOf } from '@/testing/handlers/identity';
import { stockMovementsFixture, stockMovementsHandler } from '@/testing/handlers/inventory';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { requestLog, server } from '@/testing/server';

/** The brake pads with 20 in stock, no category or make (the form takes ids, the fixtures have names). */
const basePart: Part = { ...partsFixture[0]!, category: null, make: null, available: 20 };

/**
 * Signed in as the admin on the part's Edit Product page: the part (its stock follows each adjustment), no fitment
 * rows, the part's `movements`; `POST .../stock-adjustments` answers `answer` (by default: the change applied, and
 * the part's stock moved), and every body sent is in `sent`.
 */
function stockApi(
  movements: StockMovement[] = [],
  answer?: (body: { change: number; note: string }) => Response,
) {
  const part = { ...basePart };
  const sent: unknown[] = [];
  server.use(
    ...sessionOf(adminFixture).handlers,
    ...vehicleChoicesHandlers,
    http.get('/api/parts/:id', () => HttpResponse.json(part)),
    fitmentHandler({ [part._id]: [] }),
    stockMovementsHandler({ [part._id]: movements }),
    http.post('/api/admin/parts/:id/stock-adjustments', async ({ request }) => {
      const body = (await request.json()) as { change: number; note: string };
      sent.push(body);
      if (answer) return answer(body);
      part.available += body.change;
      const movement: StockMovement = {
        id: movements.length + 1,
        at: new Date().toISOString(),
        change: body.change,
        levelAfter: part.available,
        reason: 'admin_adjustment',
        orderId: null,
        orderNumber: null,
        userId: adminFixture.id,
        userName: adminFixture.name,
        note: body.note,
      };
      movements.unshift(movement);
      return HttpResponse.json({ available: part.available, movement });
    }),
  );
  return { part, sent, log: requestLog() };
}

const stockSection = () => screen.getByRole('region', { name: 'Stock' });
const historyTable = () => within(stockSection()).getByRole('table', { name: /stock movements/i });
const bodyRows = () => within(historyTable()).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Edit Product: Stock', () => {
  it('shows the current stock and the history, newest first, with readable reasons and order links', async () => {
    const { part } = stockApi(stockMovementsFixture(25, 20));
    const { user } = renderApp(`/dashboard/manageproducts/${part._id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Stock' })).toBeTruthy();
    expect(within(stockSection()).getByText('Current stock: 20')).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(
      within(historyTable())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Change', 'Level', 'Reason', 'Order', 'By', 'Note']);
    // Newest first: #25 is an order (taking 2 to 20), #24 an admin's count (adding 10).
    const [newest, second] = bodyRows();
    expect(cells(newest!).slice(1)).toEqual(['-2', '20', 'Order placed', 'PF-100025', 'Casey Customer', '—']);
    expect(cells(second!).slice(1)).toEqual([
      '+10',
      '22',
      'Admin adjustment',
      '—',
      'Ada Admin',
      'Cycle count 24',
    ]);
    expect(cells(newest!)[0]).toMatch(/2026/);
    expect(within(newest!).getByRole('link', { name: 'PF-100025' }).getAttribute('href')).toBe(
      '/dashboard/orders/order-25',
    );

    const pages = within(stockSection()).getByRole('navigation', { name: 'Pages of stock history' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    expect((within(pages).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(within(pages).getByText('Page 2 of 2')).toBeTruthy();
    expect(cells(bodyRows()[4]!)[1]).toBe('-2');
    expect(within(bodyRows()[4]!).getByRole('link', { name: 'PF-100001' })).toBeTruthy();
    expect((within(pages).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(within(pages).getByText('Page 1 of 2')).toBeTruthy());
  });

  it('says so when the part has no stock movements yet', async () => {
    const { part } = stockApi([]);
    renderApp(`/dashboard/manageproducts/${part._id}`);
    expect(await screen.findByText('No stock movements yet.')).toBeTruthy();
    expect(within(stockSection()).queryByRole('table')).toBeNull();
  });

  it('adjusts the stock with a reason: toast, new level, a new history row, and the product form follows', async () => {
    const { part, sent } = stockApi(stockMovementsFixture(2, 20));
    const { user } = renderApp(`/dashboard/manageproducts/${part._id}`);
    const change = await screen.findByLabelText('Change');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect((screen.getByLabelText('Available quantity') as HTMLInputElement).value).toBe('20');
    await user.type(change, '-5');
    await user.type(within(stockSection()).getByLabelText('Reason'), 'Damaged in warehouse');
    await user.click(within(stockSection()).getByRole('button', { name: 'Adjust stock' }));

    expect(await screen.findByText('Stock adjusted: 15 in stock')).toBeTruthy();
    expect(sent).toEqual([{ change: -5, note: 'Damaged in warehouse' }]);
    await waitFor(() => expect(within(stockSection()).getByText('Current stock: 15')).toBeTruthy());
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(cells(bodyRows()[0]!).slice(1)).toEqual([
      '-5',
      '15',
      'Admin adjustment',
      '—',
      'Ada Admin',
      'Damaged in warehouse',
    ]);
    // The form is ready for the next adjustment, and saving the product form would keep the new stock.
    expect((change as HTMLInputElement).value).toBe('');
    expect((within(stockSection()).getByLabelText('Reason') as HTMLInputElement).value).toBe('');
    await waitFor(() =>
      expect((screen.getByLabelText('Available quantity') as HTMLInputElement).value).toBe('15'),
    );
  });

  it("shows the server's refusal on the Change field and keeps what was typed", async () => {
    const message = 'Stock cannot go below 0: 20 in stock, change -30.';
    const { part, sent } = stockApi([], () =>
      apiError(400, message, { code: 'STOCK_BELOW_ZERO', errors: { change: message } }),
    );
    const { user } = renderApp(`/dashboard/manageproducts/${part._id}`);
    const change = await screen.findByLabelText('Change');
    await user.type(change, '-30');
    await user.type(within(stockSection()).getByLabelText('Reason'), 'Cycle count');
    await user.click(within(stockSection()).getByRole('button', { name: 'Adjust stock' }));
    expect(await within(stockSection()).findByText(message)).toBeTruthy();
    expect(change.getAttribute('aria-invalid')).toBe('true');
    expect((change as HTMLInputElement).value).toBe('-30');
    expect(sent).toHaveLength(1);
    expect(screen.queryByText(/Stock adjusted/)).toBeNull();
    expect(within(stockSection()).getByText('Current stock: 20')).toBeTruthy();
  });

  it('shows any other failure under the form', async () => {
    const { part } = stockApi([], () => apiError(404, 'Part not found', { code: 'NOT_FOUND' }));
    const { user } = renderApp(`/dashboard/manageproducts/${part._id}`);
    await user.type(await screen.findByLabelText('Change'), '3');
    await user.type(within(stockSection()).getByLabelText('Reason'), 'Found in the back');
    await user.click(within(stockSection()).getByRole('button', { name: 'Adjust stock' }));
    expect((await within(stockSection()).findByRole('alert')).textContent).toBe('Part not found');
  });

  it('checks the fields before sending: a whole non-zero change and a reason', async () => {
    const { part, sent } = stockApi();
    const { user } = renderApp(`/dashboard/manageproducts/${part._id}`);
    const change = await screen.findByLabelText('Change');
    await user.click(within(stockSection()).getByRole('button', { name: 'Adjust stock' }));
    expect(await within(stockSection()).findByText('Change must be a whole number')).toBeTruthy();
    expect(within(stockSection()).getByText('Reason is Required')).toBeTruthy();
    await user.type(change, '0');
    await user.click(within(stockSection()).getByRole('button', { name: 'Adjust stock' }));
    expect(await within(stockSection()).findByText('Change must not be 0')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('says when the history could not be loaded, and tries again', async () => {
    const { part } = stockApi();
    let fail = true;
    server.use(
      http.get('/api/admin/parts/:id/stock-movements', () =>
        fail
          ? apiError(503, 'The database is unavailable. Please try again shortly.')
          : HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 }),
      ),
    );
    const { user } = renderApp(`/dashboard/manageproducts/${part._id}`);
    expect(await screen.findByText('The stock history could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(within(stockSection()).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No stock movements yet.')).toBeTruthy();
  });
});

describe('Edit Product: saving while the stock moves (docs/requirements.md §13)', () => {
  const quantity = () => screen.getByLabelText('Available quantity') as HTMLInputElement;
  const saveButton = () => screen.getByRole('button', { name: 'Save changes' });

  /** `PUT /parts/{id}` answers each body in turn with `answers` (then 200), and every body sent is in `saved`. */
  function saveApi(answers: ((body: { available: number }) => Response)[]) {
    const saved: unknown[] = [];
    server.use(
      http.put('/api/parts/:id', async ({ request }) => {
        const body = (await request.json()) as { available: number };
        saved.push(body);
        return answers[saved.length - 1]?.(body) ?? HttpResponse.json({ modifiedCount: 1 });
      }),
      http.get('/api/parts', () => HttpResponse.json([])),
    );
    return saved;
  }

  it('sends the stock the form started from with an untouched quantity', async () => {
    const { part } = stockApi();
    const saved = saveApi([]);
    const { user, router } = renderApp(`/dashboard/manageproducts/${part._id}`);
    await screen.findByLabelText('Available quantity');
    await user.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manageproducts'));
    expect(saved).toEqual([expect.objectContaining({ available: 20, expectedAvailable: 20 })]);
  });

  it('says the stock changed meanwhile, saves nothing, and lets the admin take the current stock and save again', async () => {
    const { part } = stockApi();
    const message = 'The stock changed while you were editing: 14 in stock now. Nothing was saved.';
    const saved = saveApi([
      () => {
        // An order took 6 while the form was open.
        part.available = 14;
        return apiError(409, message, { code: 'STOCK_CHANGED', available: 14 });
      },
    ]);
    const { user, router } = renderApp(`/dashboard/manageproducts/${part._id}`);
    await screen.findByLabelText('Available quantity');
    await user.clear(quantity());
    await user.type(quantity(), '50');
    await user.click(saveButton());

    expect((await screen.findByText(message)).closest('[role="alert"]')).toBeTruthy();
    expect(saved).toEqual([expect.objectContaining({ available: 50, expectedAvailable: 20 })]);
    // Still on the form, with what was typed; the Stock section shows the stock now.
    expect(router.state.location.pathname).toBe(`/dashboard/manageproducts/${part._id}`);
    expect(quantity().value).toBe('50');
    await waitFor(() => expect(within(stockSection()).getByText('Current stock: 14')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Use the current stock (14)' }));
    expect(quantity().value).toBe('14');
    expect(screen.queryByText(message)).toBeNull();
    await user.clear(quantity());
    await user.type(quantity(), '50');
    await user.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manageproducts'));
    expect(saved[1]).toEqual(expect.objectContaining({ available: 50, expectedAvailable: 14 }));
  });
});
