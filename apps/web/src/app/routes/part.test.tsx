import type { Part } from '@partsforge/shared/catalog';
import type { FitmentRow, NamedVehicle } from '@partsforge/shared/fitment';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { camryFixture, partsFixture } from '@/testing/api-fixtures';
import { fitmentHandler, fitmentRowsFixture } from '@/testing/handlers/fitment';
import { adminFixture, customerFixture, sessionOf } from '@/testing/handlers/identity';
import { apiError } from '@/testing/handlers/respond';
import { partReviewsFixture, reviewsHandler } from '@/testing/handlers/reviews';
import { renderApp } from '@/testing/render-app';
import { deferred, requestLog, server } from '@/testing/server';

/** The brake pads, sold in pairs with quantity breaks, replacing two OE numbers. */
const pads: Part = {
  ...partsFixture[0]!,
  packSize: 2,
  priceBreaks: [
    { minQuantity: 100, price: 35.5 },
    { minQuantity: 200, price: 33 },
  ],
  interchangeNumbers: ['04465-33471', 'D1210'],
};

/** The API: `part` by id and its `rows`; logs the requests from now on. */
function partApi(part: Part, rows = fitmentRowsFixture(45)) {
  server.use(
    http.get('/api/parts/:id', ({ params }) =>
      params.id === part._id ? HttpResponse.json(part) : apiError(404, 'Not found'),
    ),
    fitmentHandler({ [part._id]: rows }),
  );
  return requestLog();
}

/** The parameters of every `GET /api/parts/{id}/fitment` in `log`, in order. */
function fitmentRequests(log: string[]) {
  return log
    .map((request) => new URL(request.slice(request.indexOf(' ') + 1), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/fitment'))
    .map((url) => Object.fromEntries(url.searchParams));
}

/** A visitor's garage in the browser with `vehicle` active. */
function activeVehicle(vehicle: NamedVehicle) {
  localStorage.setItem('garage', JSON.stringify({ vehicles: [vehicle], active: 0 }));
}

const camry2019: NamedVehicle = { ...camryFixture, engine: null };

/** Two Camry rows: 2012-2017 (every engine), and 2018-2023 for the V6 only, rear, without a note. */
const camryRows: FitmentRow[] = [
  {
    _id: 1,
    make: 'toyota',
    makeName: 'Toyota',
    model: 'camry',
    modelName: 'Camry',
    yearFrom: 2012,
    yearTo: 2017,
    engine: null,
    submodel: null,
    position: 'Front',
    quantity: 1,
    note: 'With ABS',
  },
  {
    _id: 2,
    make: 'toyota',
    makeName: 'Toyota',
    model: 'camry',
    modelName: 'Camry',
    yearFrom: 2018,
    yearTo: 2023,
    engine: '3.5L V6',
    submodel: null,
    position: 'Rear',
    quantity: 1,
    note: null,
  },
];

const fitmentSection = () => screen.getByRole('region', { name: 'Vehicle fitment' });
const tableRows = () => within(within(fitmentSection()).getByRole('table')).getAllByRole('row').slice(1);

describe('part page (/parts/:id)', () => {
  it('shows the part: name, SKU, description, price and breaks, minimum, pack size, stock, interchange numbers, order action', async () => {
    partApi(pads);
    renderApp(`/parts/${pads._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: pads.name })).toBeTruthy();
    expect(screen.getByRole('img', { name: pads.name }).getAttribute('src')).toBe(pads.img);
    expect(screen.getByText(`SKU: ${pads.sku}`)).toBeTruthy();
    expect(screen.getByText(pads.description)).toBeTruthy();
    expect(screen.getByText('Price: $38.99')).toBeTruthy();
    const breaks = screen.getByRole('table', { name: 'Quantity breaks' });
    expect(
      within(breaks)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['20+$38.99', '100+$35.50', '200+$33.00']);
    expect(screen.getByText('Minimum Order Quantity: 20')).toBeTruthy();
    expect(screen.getByText('Sold in packs of 2')).toBeTruthy();
    expect(screen.getByText('In stock: 1,200')).toBeTruthy();
    expect(screen.getByText('Replaces: 04465-33471, D1210')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy Now' }).getAttribute('href')).toBe(`/purchase/${pads._id}`);
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${pads.name} | PartsForge`));
  });

  it('says when the part is out of stock, with no order action', async () => {
    partApi({ ...pads, available: 0 });
    renderApp(`/parts/${pads._id}`);
    expect(await screen.findByText('Out of stock')).toBeTruthy();
    expect(screen.getByText('This part cannot be ordered until it is restocked.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Buy Now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });

  it('pages the fitment table 20 rows at a time, with the offset in the request and the page in the URL', async () => {
    const rows = fitmentRowsFixture(45);
    const log = partApi(pads, rows);
    const { user, router } = renderApp(`/parts/${pads._id}`);
    await waitFor(() => expect(tableRows()).toHaveLength(20));
    const headers = within(fitmentSection())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Make', 'Model', 'Years', 'Engine', 'Submodel', 'Position', 'Qty', 'Note']);
    const first = rows[0]!;
    expect(tableRows()[0]!.textContent).toBe(
      [
        first.makeName,
        first.modelName,
        `${first.yearFrom}–${first.yearTo}`,
        first.engine ?? 'All engines',
        first.submodel ?? 'All',
        first.position ?? '',
        String(first.quantity),
        first.note ?? '',
      ].join(''),
    );
    expect(within(fitmentSection()).getByText('45 applications, showing 1–20')).toBeTruthy();

    const pages = within(fitmentSection()).getByRole('navigation', { name: 'Pages' });
    await user.click(within(pages).getByRole('link', { name: 'Page 3' }));
    await waitFor(() => expect(tableRows()).toHaveLength(5));
    expect(router.state.location.search).toBe('?page=3');
    expect(within(fitmentSection()).getByText('45 applications, showing 41–45')).toBeTruthy();
    expect(tableRows()[0]!.textContent).toContain(rows[40]!.modelName);
    expect(fitmentRequests(log)).toEqual([
      { limit: '100', offset: '0' },
      { limit: '20', offset: '0' },
      { limit: '20', offset: '40' },
    ]);
  });

  it("filters the table by the make and model of the part's own rows", async () => {
    const log = partApi(pads);
    const { user, router } = renderApp(`/parts/${pads._id}?page=2`);
    await waitFor(() => expect(tableRows()).toHaveLength(20));
    const make = within(fitmentSection()).getByRole('combobox', { name: 'Make' });
    const model = within(fitmentSection()).getByRole('combobox', { name: 'Model' });
    await waitFor(() =>
      expect(
        within(make)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All makes', 'Ford', 'Honda', 'Toyota']),
    );
    expect((model as HTMLSelectElement).disabled).toBe(true);

    await user.selectOptions(make, 'Toyota');
    expect(router.state.location.search).toBe('?make=toyota');
    await waitFor(() => expect(within(fitmentSection()).getByText(/^23 applications/)).toBeTruthy());
    expect(tableRows().every((row) => row.textContent!.startsWith('Toyota'))).toBe(true);
    expect(
      within(model)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All models', 'Camry', 'Corolla']);

    await user.selectOptions(model, 'Camry');
    expect(router.state.location.search).toBe('?make=toyota&model=camry');
    await waitFor(() =>
      expect(within(fitmentSection()).getByText('12 applications, showing 1–12')).toBeTruthy(),
    );
    expect(tableRows().every((row) => row.textContent!.startsWith('ToyotaCamry'))).toBe(true);
    expect(fitmentRequests(log).slice(-3)).toEqual([
      { limit: '20', offset: '20' },
      { make: 'toyota', limit: '20', offset: '0' },
      { make: 'toyota', model: 'camry', limit: '20', offset: '0' },
    ]);
  });

  it('says a universal part fits every vehicle, without asking for rows', async () => {
    const log = partApi({ ...pads, universal: true }, []);
    renderApp(`/parts/${pads._id}`);
    expect(await screen.findByText('This part fits every vehicle')).toBeTruthy();
    expect(within(fitmentSection()).queryByRole('combobox')).toBeNull();
    expect(fitmentRequests(log)).toEqual([]);
  });

  it('says so when a part lists no fitment', async () => {
    partApi(pads, []);
    renderApp(`/parts/${pads._id}`);
    expect(await screen.findByText('No fitment listed')).toBeTruthy();
    expect(within(fitmentSection()).queryByRole('table')).toBeNull();
  });

  it('shows a failed fitment request with a way to try again', async () => {
    partApi(pads);
    server.use(http.get('/api/parts/:id/fitment', () => apiError(503, 'The database is unavailable.')));
    renderApp(`/parts/${pads._id}`);
    const alert = await within(await screen.findByRole('region', { name: 'Vehicle fitment' })).findByRole(
      'alert',
    );
    expect(alert.textContent).toContain('The fitment could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows "Part not found" for an unknown part', async () => {
    partApi(pads);
    renderApp('/parts/7b1f6a3e-0c4d-4e8a-9f1b-0000000000ff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Part not found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'This part does not exist or was removed from the catalogue.',
    );
    expect(screen.getByRole('link', { name: 'Browse parts' }).getAttribute('href')).toBe('/parts');
  });

  describe('fit badge for the active vehicle', () => {
    it('says the part fits, with the position and note of the row, from the rows of that make and model', async () => {
      activeVehicle(camry2019);
      const log = partApi(pads, camryRows);
      renderApp(`/parts/${pads._id}`);
      const badge = await screen.findByText(/^Fits your 2019 Toyota Camry/);
      expect(badge.textContent).toBe('Fits your 2019 Toyota Camry — Rear3.5L V6 only');
      expect(within(badge).getByText('3.5L V6 only')).toBeTruthy();
      expect(fitmentRequests(log)).toContainEqual({
        make: 'toyota',
        model: 'camry',
        limit: '100',
        offset: '0',
      });
    });

    it('says the part does not fit a vehicle none of its rows covers', async () => {
      activeVehicle({ ...camry2019, year: 2008 });
      partApi(pads, camryRows);
      renderApp(`/parts/${pads._id}`);
      expect(await screen.findByText('Does not fit your 2008 Toyota Camry')).toBeTruthy();
    });

    it('says a universal part is a universal fit without asking for rows', async () => {
      activeVehicle(camry2019);
      const log = partApi({ ...pads, universal: true }, []);
      renderApp(`/parts/${pads._id}`);
      expect(await screen.findByText('Universal fit')).toBeTruthy();
      expect(fitmentRequests(log)).toEqual([]);
    });

    it('offers "Check fit" with no active vehicle', async () => {
      partApi(pads, camryRows);
      renderApp(`/parts/${pads._id}`);
      expect(await screen.findByRole('button', { name: 'Check fit' })).toBeTruthy();
    });
  });
});

describe('reviews of this part', () => {
  const reviewsSection = () => screen.findByRole('region', { name: 'Reviews of this part' });
  /** The names on the section's review cards, in order. */
  const cardNames = (section: HTMLElement) =>
    within(section)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('img').getAttribute('alt'));
  /** The `GET /api/review` requests in `log`. */
  const reviewRequests = (log: string[]) => log.filter((request) => request.startsWith('GET /api/review'));

  it("lists the part's reviews as review cards, newest first, from GET /api/review?part=", async () => {
    const log = partApi(pads);
    server.use(reviewsHandler({ [pads._id]: partReviewsFixture(pads._id, 3) }));
    renderApp(`/parts/${pads._id}`);
    const section = await reviewsSection();
    await waitFor(() => expect(cardNames(section)).toEqual(['Buyer 1', 'Buyer 2', 'Buyer 3']));
    expect(within(section).getByText('Review 1 of this part.')).toBeTruthy();
    expect(within(section).getByText('1 stars')).toBeTruthy();
    expect(within(section).queryByText('Maria Lopez')).toBeNull();
    expect(within(section).queryByRole('navigation')).toBeNull();
    expect(reviewRequests(log)).toEqual([`GET /api/review?part=${pads._id}&limit=10&offset=0`]);
    // A visitor is not offered to write one.
    expect(within(section).queryByRole('link', { name: 'Review this part' })).toBeNull();
  });

  it('says when the part has no reviews yet', async () => {
    partApi(pads);
    renderApp(`/parts/${pads._id}`);
    const section = await reviewsSection();
    expect(await within(section).findByText('No reviews of this part yet')).toBeTruthy();
    expect(within(section).queryByRole('list')).toBeNull();
  });

  it('shows a spinner while the reviews load', async () => {
    partApi(pads);
    const answer = deferred();
    server.use(
      http.get('/api/review', async () => {
        await answer.promise;
        return HttpResponse.json([], { headers: { 'X-Total-Count': '0' } });
      }),
    );
    renderApp(`/parts/${pads._id}`);
    const section = await reviewsSection();
    expect(within(section).getByRole('status', { name: 'Loading the reviews of this part' })).toBeTruthy();
    answer.resolve();
    expect(await within(section).findByText('No reviews of this part yet')).toBeTruthy();
    expect(within(section).queryByRole('status')).toBeNull();
  });

  it('shows a failed request with "Try again", which asks again', async () => {
    const log = partApi(pads);
    let calls = 0;
    server.use(
      http.get('/api/review', () => {
        calls += 1;
        return calls === 1
          ? apiError(503, 'The database is unavailable.')
          : HttpResponse.json(partReviewsFixture(pads._id, 1), { headers: { 'X-Total-Count': '1' } });
      }),
    );
    const { user } = renderApp(`/parts/${pads._id}`);
    const section = await reviewsSection();
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('The reviews of this part could not be loaded.');
    expect(alert.textContent).toContain('The database is unavailable.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cardNames(section)).toEqual(['Buyer 1']));
    expect(reviewRequests(log)).toHaveLength(2);
  });

  it('pages more than 10 reviews with "Previous reviews" and "Next reviews"', async () => {
    const log = partApi(pads);
    server.use(reviewsHandler({ [pads._id]: partReviewsFixture(pads._id, 12) }));
    const { user, router } = renderApp(`/parts/${pads._id}`);
    const section = await reviewsSection();
    await waitFor(() => expect(cardNames(section)).toHaveLength(10));
    const pager = within(section).getByRole('navigation', { name: 'Pages of reviews' });
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
    expect(
      (within(pager).getByRole('button', { name: 'Previous reviews' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(within(pager).getByRole('button', { name: 'Next reviews' }));
    await waitFor(() => expect(cardNames(section)).toEqual(['Buyer 11', 'Buyer 12']));
    expect(within(pager).getByText('Page 2 of 2')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Next reviews' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(reviewRequests(log)).toEqual([
      `GET /api/review?part=${pads._id}&limit=10&offset=0`,
      `GET /api/review?part=${pads._id}&limit=10&offset=10`,
    ]);
    // The fitment table's page in the URL is left alone.
    expect(router.state.location.search).toBe('');

    await user.click(within(pager).getByRole('button', { name: 'Previous reviews' }));
    await waitFor(() => expect(cardNames(section)).toHaveLength(10));
  });

  it('offers a signed-in customer "Review this part", to Add A Review for this part', async () => {
    partApi(pads);
    server.use(...sessionOf(customerFixture).handlers);
    const { user, router } = renderApp(`/parts/${pads._id}`);
    const section = await reviewsSection();
    const link = await within(section).findByRole('link', { name: 'Review this part' });
    expect(link.getAttribute('href')).toBe(`/dashboard/addreview?part=${pads._id}`);
    await user.click(link);
    expect(await screen.findByText(`Reviewing: ${pads.name}`)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/addreview');
  });

  it('does not offer "Review this part" to an admin', async () => {
    partApi(pads);
    server.use(...sessionOf(adminFixture).handlers);
    renderApp(`/parts/${pads._id}`);
    const section = await reviewsSection();
    expect(await within(section).findByText('No reviews of this part yet')).toBeTruthy();
    // The session, role flags included, has arrived once the navbar offers to sign out.
    await screen.findAllByRole('button', { name: 'Sign Out' });
    expect(within(section).queryByRole('link', { name: 'Review this part' })).toBeNull();
  });
});
