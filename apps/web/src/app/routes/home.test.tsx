import { FEATURED_PARTS_COUNT, TRUST_TILES } from '@partsforge/shared/constants';
import { formatMoney } from '@partsforge/shared/money';
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { categoriesFixture, makesFixture, partsFixture, reviewsFixture } from '@/testing/api-fixtures';
import { renderApp } from '@/testing/render-app';
import { partsHandler } from '@/testing/handlers/catalog';
import { apiError } from '@/testing/handlers/respond';
import { deferred, requestLog, server } from '@/testing/server';

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('home page', () => {
  it('shows the hero, six featured parts, the trust tiles, reviews, categories and makes', async () => {
    const log = requestLog();
    renderApp('/');

    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to PartsForge' })).toBeTruthy();
    expect(
      screen.getByText(
        'Find the right parts faster on over 88,000+ replacement parts and accessories. Best deals on top sellers.',
      ),
    ).toBeTruthy();
    expect(
      within(section('Welcome to PartsForge')).getByRole('link', { name: 'Shop Now' }).getAttribute('href'),
    ).toBe('/parts');

    // The API answered 8 parts: only the first 6 are shown, in order.
    const featured = section('Featured Parts');
    const cards = await within(featured).findAllByRole('article');
    expect(partsFixture.length).toBeGreaterThan(FEATURED_PARTS_COUNT);
    expect(cards).toHaveLength(FEATURED_PARTS_COUNT);
    cards.forEach((card, index) => {
      const part = partsFixture[index]!;
      const inCard = within(card);
      expect(inCard.getByRole('heading', { level: 3 }).textContent).toBe(part.name);
      expect(inCard.getByRole('img', { name: part.name }).getAttribute('src')).toBe(part.img);
      expect(inCard.getByText(part.description)).toBeTruthy();
      expect(inCard.getByText(`Minimum Order Quantity: ${part.minqty}`)).toBeTruthy();
      expect(inCard.getByText(`Available Quantity: ${part.available.toLocaleString('en-US')}`)).toBeTruthy();
      expect(inCard.getByText(`Price: ${formatMoney(part.price)}`)).toBeTruthy();
      expect(inCard.getByRole('link', { name: 'Buy Now' }).getAttribute('href')).toBe(
        `/purchase/${part._id}`,
      );
    });
    expect(within(featured).queryByText(partsFixture[6]!.name)).toBeNull();
    expect(within(featured).queryByText(partsFixture[7]!.name)).toBeNull();

    const trust = section('Millions Business Trust Us');
    const tiles = within(trust)
      .getAllByRole('listitem')
      .map((tile) => tile.textContent);
    expect(tiles).toEqual([
      '2787788+ Reviews',
      '98.85% Positive Feedback',
      '88,000+ Parts',
      '10k+ Happy customers',
    ]);
    expect(tiles).toEqual(TRUST_TILES.map((tile) => `${tile.number} ${tile.text}`));
    expect(within(trust).getByRole('heading', { name: 'Have any question about us?' })).toBeTruthy();
    expect(within(trust).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contactus');

    const reviews = section('What Our Customers Say!');
    for (const review of reviewsFixture) {
      expect(await within(reviews).findByText(review.name)).toBeTruthy();
      expect(within(reviews).getByText(review.description)).toBeTruthy();
      expect(within(reviews).getByRole('img', { name: review.name }).getAttribute('src')).toBe(review.img);
    }
    expect(within(reviews).getByText('5 stars')).toBeTruthy();
    expect(within(reviews).getByText('4 stars')).toBeTruthy();
    expect(within(reviews).getByText('3 stars')).toBeTruthy();

    for (const [name, items, filter] of [
      ['Shop by Categories', categoriesFixture, 'category'],
      ['Parts by Make', makesFixture, 'make'],
    ] as const) {
      const tiles = within(section(name)).getAllByRole('article');
      expect(tiles.map((tile) => within(tile).getByRole('heading', { level: 3 }).textContent)).toEqual(
        items.map((item) => item.name),
      );
      tiles.forEach((tile, index) => {
        expect(within(tile).getByRole('img', { name: items[index]!.name }).getAttribute('src')).toBe(
          items[index]!.img,
        );
        // "Shop Now" opens the catalogue filtered by this category or make (docs/design.md item 5).
        expect(within(tile).getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe(
          `/parts?${filter}=${items[index]!._id}`,
        );
      });
    }

    // The sections come in the spec's order, after the vehicle selector (docs/requirements.md §12), and the page
    // has exactly one h1.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.slice(0, 6)).toEqual([
      'Find parts for your vehicle',
      'Featured Parts',
      'Millions Business Trust Us',
      'What Our Customers Say!',
      'Shop by Categories',
      'Parts by Make',
    ]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    expect(log).toContain('GET /api/parts?limit=6&offset=0');
    expect(log).toEqual(expect.arrayContaining(['GET /api/review', 'GET /api/category', 'GET /api/make']));
  });

  it('shows a full-screen spinner until reviews, categories and makes have loaded', async () => {
    const makes = deferred();
    server.use(
      http.get('/api/make', async () => {
        await makes.promise;
        return HttpResponse.json(makesFixture);
      }),
    );
    renderApp('/');

    const spinner = await screen.findByRole('status', { name: 'Loading…' });
    // Reviews and categories are in, makes are not: still loading.
    await within(section('What Our Customers Say!')).findByText(reviewsFixture[0]!.name);
    await within(section('Shop by Categories')).findByText(categoriesFixture[0]!.name);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBe(spinner);

    makes.resolve();
    await waitForElementToBeRemoved(() => screen.queryByRole('status', { name: 'Loading…' }));
    expect(within(section('Parts by Make')).getByText('Toyota')).toBeTruthy();
  });

  it('offers no Buy Now for a part whose minimum order is above its stock, and says why', async () => {
    const [scarce, ...rest] = partsFixture;
    const parts = [{ ...scarce!, available: 10, minqty: 20 }, ...rest];
    server.use(partsHandler(parts));
    renderApp('/');
    const card = (await screen.findByRole('heading', { level: 3, name: scarce!.name })).closest('article')!;
    expect(within(card).getByText('Minimum order 20 exceeds stock')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Buy Now' })).toBeNull();
    const other = screen.getByRole('heading', { level: 3, name: rest[0]!.name }).closest('article')!;
    expect(within(other).getByRole('link', { name: 'Buy Now' })).toBeTruthy();
  });

  it('shows a clear error when the featured parts cannot be loaded', async () => {
    server.use(
      http.get('/api/parts', () => apiError(503, 'The database is unavailable. Please try again shortly.')),
    );
    renderApp('/');

    const alert = await within(section('Featured Parts')).findByRole('alert');
    expect(alert.textContent).toContain('The featured parts could not be loaded.');
    expect(alert.textContent).toContain('The database is unavailable. Please try again shortly.');
    expect(within(section('Featured Parts')).queryByRole('link', { name: 'Buy Now' })).toBeNull();
    // The other sections still work.
    expect(await within(section('Parts by Make')).findByText('Toyota')).toBeTruthy();
  });

  it('opens the parts catalogue from the hero Shop Now', async () => {
    const { user, router } = renderApp('/');
    await waitForElementToBeRemoved(() => screen.queryByRole('status', { name: 'Loading…' }));

    await user.click(within(section('Welcome to PartsForge')).getByRole('link', { name: 'Shop Now' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Parts Catalogue' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/parts');
  });

  it('is also served at /home, with the shop name from the page meta tag', async () => {
    const meta = document.createElement('meta');
    meta.name = 'partsforge:shop-name';
    meta.content = 'Axle & Co';
    document.head.append(meta);
    renderApp('/home');

    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Axle & Co' })).toBeTruthy();
    expect(await within(section('Featured Parts')).findAllByRole('link', { name: 'Buy Now' })).toHaveLength(
      6,
    );
    await waitFor(() => expect(document.title).toBe('Axle & Co'));
  });

  it('finds parts for a vehicle: the selector saves it to My Garage and opens the catalogue filtered by it', async () => {
    const log = requestLog();
    const { user, router } = renderApp('/');
    const finder = section('Find parts for your vehicle');
    // Without a vehicle, the featured cards offer "Check fit".
    expect(
      await within(section('Featured Parts')).findAllByRole('button', { name: 'Check fit' }),
    ).toHaveLength(FEATURED_PARTS_COUNT);

    const year = within(finder).getByRole('combobox', { name: 'Year' });
    await within(year).findByRole('option', { name: '2020' });
    await user.selectOptions(year, '2020');
    const make = within(finder).getByRole('combobox', { name: 'Make' });
    await within(make).findByRole('option', { name: 'Honda' });
    await user.selectOptions(make, 'Honda');
    const model = within(finder).getByRole('combobox', { name: 'Model' });
    await within(model).findByRole('option', { name: 'Civic' });
    await user.selectOptions(model, 'Civic');
    await user.click(within(finder).getByRole('button', { name: 'Shop for this vehicle' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Parts Catalogue' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/parts');
    expect(await screen.findByText('Showing parts that fit your 2020 Honda Civic')).toBeTruthy();
    await waitFor(() =>
      expect(log).toContain('GET /api/parts?limit=12&offset=0&year=2020&make=honda&model=civic'),
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', {
        name: 'My Garage 2020 Honda Civic',
      }),
    ).toBeTruthy();
  });

  it('offers to shop for the active vehicle at once', async () => {
    localStorage.setItem(
      'garage',
      JSON.stringify({
        vehicles: [
          {
            year: 2019,
            make: 'toyota',
            makeName: 'Toyota',
            model: 'camry',
            modelName: 'Camry',
            engine: null,
          },
        ],
        active: 0,
      }),
    );
    renderApp('/');
    const link = within(section('Find parts for your vehicle')).getByRole('link', {
      name: 'Shop parts that fit your 2019 Toyota Camry',
    });
    expect(link.getAttribute('href')).toBe('/parts');
    // The featured list is not filtered by the vehicle: its cards show no guessed fit.
    await within(section('Featured Parts')).findAllByRole('link', { name: 'Buy Now' });
    expect(within(section('Featured Parts')).queryByRole('button', { name: 'Check fit' })).toBeNull();
  });
});
