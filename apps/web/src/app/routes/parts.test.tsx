import type { Part } from '@partsforge/shared/catalog';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { camryFixture, categoriesFixture, makesFixture, partsFixture } from '@/testing/api-fixtures';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { apiError, page } from '@/testing/handlers/respond';
import { garageApi } from '@/testing/handlers/vehicles';
import { renderApp } from '@/testing/render-app';
import { requestLog, server } from '@/testing/server';

/** 30 parts: the fixtures with numbered names and part numbers, so pages differ. */
const catalogue: Part[] = Array.from({ length: 30 }, (_, index) => {
  const base = partsFixture[index % partsFixture.length]!;
  return {
    ...base,
    _id: `${base._id}-${index}`,
    name: `${base.name} #${index + 1}`,
    sku: `${base.sku}-${index + 1}`,
    // The second part sells in packs of 2 with quantity breaks.
    ...(index === 1
      ? {
          packSize: 2,
          priceBreaks: [
            { minQuantity: 100, price: 5.99 },
            { minQuantity: 200, price: 5.5 },
          ],
        }
      : {}),
  };
});
const [brakes] = categoriesFixture;
const [toyota] = makesFixture;

/** The API: `q=nothing` matches nothing; otherwise the 30 parts, paged by limit/offset. Logs the requests. */
function catalogueApi() {
  server.use(
    http.get('/api/parts', ({ request }) => {
      const { searchParams } = new URL(request.url);
      const limit = Number(searchParams.get('limit'));
      const offset = Number(searchParams.get('offset'));
      const matches = searchParams.get('q') === 'nothing' ? [] : catalogue;
      return page(matches.slice(offset, offset + limit), matches.length);
    }),
  );
  return requestLog();
}

/** The parameters of every `GET /api/parts` in `log`. */
function partsRequests(log: string[]) {
  return log
    .filter((request) => request.startsWith('GET '))
    .map((request) => new URL(request.slice('GET '.length), 'http://localhost'))
    .filter((url) => url.pathname === '/api/parts')
    .map((url) => Object.fromEntries(url.searchParams));
}

const cards = () => within(screen.getByRole('region', { name: 'Results' })).getAllByRole('article');

describe('parts catalogue (/parts)', () => {
  it('shows the first page of parts as cards with Buy Now, wholesale terms, a live count and paging', async () => {
    const log = catalogueApi();
    renderApp('/parts');

    expect(await screen.findByRole('heading', { level: 1, name: 'Parts Catalogue' })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(screen.getByText('30 parts found, showing 1–12')).toBeTruthy();
    const first = within(cards()[0]!);
    expect(first.getByRole('heading', { level: 3 }).textContent).toBe(catalogue[0]!.name);
    expect(first.getByText(`Part number: ${catalogue[0]!.sku}`)).toBeTruthy();
    expect(first.getByText(`Minimum Order Quantity: ${catalogue[0]!.minqty}`)).toBeTruthy();
    expect(first.getByRole('link', { name: 'Buy Now' }).getAttribute('href')).toBe(
      `/purchase/${catalogue[0]!._id}`,
    );
    expect(first.queryByText(/packs of|From \$/)).toBeNull();
    const second = within(cards()[1]!);
    expect(second.getByText('Sold in packs of 2')).toBeTruthy();
    expect(second.getByText('From $5.50 at 200+')).toBeTruthy();

    expect(screen.getByRole('searchbox', { name: 'Search parts' })).toBeTruthy();
    const category = screen.getByRole('combobox', { name: 'Category' });
    await waitFor(() =>
      expect(
        within(category)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All categories', ...categoriesFixture.map((item) => item.name)]),
    );
    expect(screen.getByRole('combobox', { name: 'Make' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('relevance');

    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(pages).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(pages).queryByRole('link', { name: 'Previous' })).toBeNull();
    expect(partsRequests(log)).toEqual([{ limit: '12', offset: '0' }]);
  });

  it('searches as the buyer types, with one request after the pause and the text in the URL', async () => {
    const log = catalogueApi();
    const { user, router } = renderApp('/parts');
    await waitFor(() => expect(cards()).toHaveLength(12));

    await user.type(screen.getByRole('searchbox', { name: 'Search parts' }), 'brake pads');
    await waitFor(() => expect(router.state.location.search).toBe('?q=brake+pads'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() =>
      expect(partsRequests(log).filter((request) => request.q)).toEqual([
        { limit: '12', offset: '0', q: 'brake pads' },
      ]),
    );
  });

  it('pushes filter, sort and page changes to the history and restores them with Back', async () => {
    const log = catalogueApi();
    const { user, router } = renderApp('/parts');
    await waitFor(() => expect(cards()).toHaveLength(12));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), brakes!.name);
    expect(router.state.historyAction).toBe('PUSH');
    expect(router.state.location.search).toBe(`?category=${brakes!._id}`);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Make' }), toyota!.name);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: low to high');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Next' }),
    );

    await waitFor(() => expect(screen.getByText('30 parts found, showing 13–24')).toBeTruthy());
    expect(cards()[0]!.textContent).toContain(catalogue[12]!.name);
    expect(partsRequests(log).at(-1)).toEqual({
      limit: '12',
      offset: '12',
      category: brakes!._id,
      make: toyota!._id,
      sort: 'price-asc',
    });
    // Focus moves to the top of the results, so keyboard users continue from there.
    expect(document.activeElement).toBe(screen.getByText('30 parts found, showing 13–24'));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByText('30 parts found, showing 1–12')).toBeTruthy());
    await act(() => router.navigate(-1));
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('relevance');
    expect((screen.getByRole('combobox', { name: 'Make' }) as HTMLSelectElement).value).toBe(toyota!._id);
  });

  it('opens a shared link in the state it describes, and Back restores the search box', async () => {
    const log = catalogueApi();
    const { router } = renderApp(`/parts?q=rotor&category=${brakes!._id}&sort=name-desc&page=3`);

    await waitFor(() => expect(cards()).toHaveLength(6));
    expect((screen.getByRole('searchbox', { name: 'Search parts' }) as HTMLInputElement).value).toBe('rotor');
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('name-desc');
    expect(partsRequests(log)[0]).toEqual({
      limit: '12',
      offset: '24',
      q: 'rotor',
      category: brakes!._id,
      sort: 'name-desc',
    });

    await act(() => router.navigate('/parts?q=caliper'));
    await waitFor(() =>
      expect((screen.getByRole('searchbox', { name: 'Search parts' }) as HTMLInputElement).value).toBe(
        'caliper',
      ),
    );
    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect((screen.getByRole('searchbox', { name: 'Search parts' }) as HTMLInputElement).value).toBe(
        'rotor',
      ),
    );
  });

  it('ignores invalid values in a hand-edited link', async () => {
    const log = catalogueApi();
    renderApp('/parts?category=brakes&sort=cheapest&page=-2');
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(partsRequests(log)[0]).toEqual({ limit: '12', offset: '0' });
  });

  it('says what to change when nothing matches, and clears the search and filters', async () => {
    catalogueApi();
    const { user, router } = renderApp(`/parts?q=nothing&make=${toyota!._id}`);

    expect(await screen.findByRole('heading', { name: 'No parts match “nothing”' })).toBeTruthy();
    expect(screen.getByText('0 parts found')).toBeTruthy();
    expect(screen.getByText('Check the spelling or the part number, or use fewer words.')).toBeTruthy();
    expect(screen.getByText(/Choose “All categories” or “All makes”/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(router.state.location.search).toBe('');
    expect((screen.getByRole('searchbox', { name: 'Search parts' }) as HTMLInputElement).value).toBe('');
  });

  it('offers the first page when the page number is past the end', async () => {
    catalogueApi();
    const { user } = renderApp('/parts?page=9');
    expect(await screen.findByText('There is no page 9 for this search.')).toBeTruthy();
    expect(screen.queryByText(/^Page 9 of/)).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Go to the first page' }));
    await waitFor(() => expect(cards()).toHaveLength(12));
  });

  it('shows the API error and retries on request', async () => {
    let fail = true;
    server.use(
      http.get('/api/parts', () =>
        fail
          ? apiError(503, 'The database is unavailable. Please try again shortly.')
          : page(catalogue.slice(0, 12), 30),
      ),
    );
    const { user } = renderApp('/parts');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The parts could not be loaded.');
    expect(alert.textContent).toContain('The database is unavailable. Please try again shortly.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(12));
  });
});

describe('parts catalogue and the shopper’s vehicle (docs/requirements.md §12)', () => {
  const camry = camryFixture;
  const [pads, filter, plug] = partsFixture;
  /** With a vehicle: the pads fit (front, with a note), the filter fits, the plug is universal. */
  const fitting: Part[] = [
    { ...pads!, fitment: { status: 'fits', position: 'Front', note: 'With electronic parking brake' } },
    { ...filter!, fitment: { status: 'fits' } },
    { ...plug!, universal: true, fitment: { status: 'universal' } },
  ];
  const civic = {
    year: 2015,
    make: { slug: 'honda', name: 'Honda' },
    model: { slug: 'civic', name: 'Civic' },
    label: '2015 Honda Civic',
    remainder: 'brake pads',
  };

  /**
   * The API: with year, make and model the parts that fit; a `q` naming "2015 honda civic" is read as that
   * vehicle (X-Search-Vehicle); otherwise every fixture part.
   */
  function vehicleApi() {
    server.use(
      http.get('/api/parts', ({ request }) => {
        const search = new URL(request.url).searchParams;
        if (search.get('q')?.includes('2015 honda civic'))
          return HttpResponse.json(fitting.slice(0, 1), {
            headers: {
              'X-Total-Count': '1',
              'X-Search-Vehicle': encodeURIComponent(JSON.stringify(civic)),
            },
          });
        return search.has('year') ? page(fitting) : page(partsFixture);
      }),
    );
    return requestLog();
  }

  it('lists what fits the active vehicle, with badges, and "Show all parts" lifts the filter', async () => {
    localStorage.setItem('garage', JSON.stringify({ vehicles: [camry], active: 0 }));
    const log = vehicleApi();
    const { user, router } = renderApp('/parts');

    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByText('Showing parts that fit your 2019 Toyota Camry 2.5L 4-cyl')).toBeTruthy();
    expect(partsRequests(log)).toEqual([
      { limit: '12', offset: '0', year: '2019', make: 'toyota', model: 'camry', engine: '2.5L 4-cyl' },
    ]);
    const [first, second, third] = cards().map((card) => within(card));
    expect(first!.getByText('Fits your 2019 Toyota Camry — Front')).toBeTruthy();
    expect(first!.getByText('With electronic parking brake')).toBeTruthy();
    expect(second!.getByText('Fits your 2019 Toyota Camry')).toBeTruthy();
    expect(third!.getByText('Universal fit')).toBeTruthy();
    expect(first!.queryByRole('button', { name: 'Check fit' })).toBeNull();
    // The title and the picture open the part's page (the picture's link is out of the tab order).
    const title = within(first!.getByRole('heading', { level: 3 })).getByRole('link', { name: pads!.name });
    expect(title.getAttribute('href')).toBe(`/parts/${pads!._id}`);
    const picture = first!.getByRole('img', { name: pads!.name }).closest('a')!;
    expect(picture.getAttribute('href')).toBe(`/parts/${pads!._id}`);
    expect(picture.tabIndex).toBe(-1);
    // The make filter gives way to the vehicle's make.
    expect((screen.getByRole('combobox', { name: 'Make' }) as HTMLSelectElement).disabled).toBe(true);

    await user.click(screen.getByRole('switch', { name: 'Show all parts' }));
    await waitFor(() => expect(cards()).toHaveLength(partsFixture.length));
    expect(router.state.location.search).toBe('?all=1');
    expect(partsRequests(log).at(-1)).toEqual({ limit: '12', offset: '0' });
    expect(
      screen.getByText('Showing all parts, not only those that fit your 2019 Toyota Camry 2.5L 4-cyl'),
    ).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Show all parts' }) as HTMLInputElement).checked).toBe(true);
    // Without the vehicle's list, the fit is not known: no badge but on a universal part.
    expect(within(cards()[0]!).queryByText(/Fits your/)).toBeNull();
  });

  it('offers "Check fit" without a vehicle, which opens My Garage, and chooses one from "Choose a vehicle"', async () => {
    const log = vehicleApi();
    const { user } = renderApp('/parts');
    await waitFor(() => expect(cards()).toHaveLength(partsFixture.length));
    expect(screen.queryByText(/Showing parts that fit/)).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Show all parts' })).toBeNull();

    await user.click(within(cards()[0]!).getByRole('button', { name: 'Check fit' }));
    const dialog = await screen.findByRole('dialog', { name: 'My Garage' });
    expect(within(dialog).getByRole('combobox', { name: 'Year' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The catalogue's own selector, collapsed until asked for.
    expect(screen.queryByRole('combobox', { name: 'Year' })).toBeNull();
    const choose = screen.getByRole('button', { name: 'Choose a vehicle' });
    expect(choose.getAttribute('aria-expanded')).toBe('false');
    await user.click(choose);
    const year = screen.getByRole('combobox', { name: 'Year' });
    await within(year).findByRole('option', { name: '2019' });
    await user.selectOptions(year, '2019');
    const makes = screen.getAllByRole('combobox', { name: 'Make' });
    // The catalogue's make filter comes after the selector's Make.
    await within(makes[0]!).findByRole('option', { name: 'Toyota' });
    await user.selectOptions(makes[0]!, 'Toyota');
    await within(screen.getByRole('combobox', { name: 'Model' })).findByRole('option', { name: 'Camry' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'Camry');
    await user.click(screen.getByRole('button', { name: 'Shop for this vehicle' }));

    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByText('Showing parts that fit your 2019 Toyota Camry')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Year' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change vehicle' })).toBeTruthy();
    expect(partsRequests(log).at(-1)).toEqual({
      limit: '12',
      offset: '0',
      year: '2019',
      make: 'toyota',
      model: 'camry',
    });
  });

  it('shows the vehicle the search was read as, and searches without it on request', async () => {
    const log = vehicleApi();
    const { user, router } = renderApp('/parts?q=2015+honda+civic+brake+pads');

    expect(await screen.findByText('Showing results for 2015 Honda Civic')).toBeTruthy();
    expect(within(cards()[0]!).getByText(pads!.name)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search without 2015 Honda Civic' }));

    await waitFor(() => expect(router.state.location.search).toBe('?q=brake+pads'));
    await waitFor(() => expect(cards()).toHaveLength(partsFixture.length));
    expect(screen.queryByText('Showing results for 2015 Honda Civic')).toBeNull();
    expect((screen.getByRole('searchbox', { name: 'Search parts' }) as HTMLInputElement).value).toBe(
      'brake pads',
    );
    expect(partsRequests(log).map((request) => request.q)).toEqual([
      '2015 honda civic brake pads',
      'brake pads',
    ]);
  });

  it("waits for a signed-in shopper's garage, then filters by its active vehicle", async () => {
    const garage = garageApi({ vehicles: [{ year: 2019, make: 'toyota', model: 'camry' }], active: 0 });
    server.use(...sessionOf(customerFixture).handlers, ...garage.handlers);
    const log = vehicleApi();
    renderApp('/parts');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(partsRequests(log)).toEqual([
      { limit: '12', offset: '0', year: '2019', make: 'toyota', model: 'camry' },
    ]);
  });
});
