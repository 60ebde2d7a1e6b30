import { expect, test, type Page } from '@playwright/test';
import { formatMoney } from '@partsforge/shared';

/**
 * Visitor journeys on the public pages (docs/requirements.md §2), against the running shop and its demo catalogue.
 * Expected card texts come from the live API, so the spec's exact templates are checked against real data.
 */

interface ApiPart {
  _id: string;
  name: string;
  description: string;
  available: number;
  minqty: number;
  price: number;
}

/** Brings every image into view so lazy ones load, then waits until all of them have decoded. */
async function loadEveryImage(page: Page) {
  await expect(
    section(page, 'Parts by Make').getByRole('heading', { name: 'Toyota', exact: true }),
  ).toBeVisible();
  await page.evaluate(async () => {
    for (const image of Array.from(document.images)) {
      image.scrollIntoView();
      // A lazy image scrolled past before it starts loading stays unloaded: wait for each one in view.
      await Promise.race([
        image.decode().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 2000)),
      ]);
    }
    window.scrollTo(0, 0);
  });
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.images)
          .filter((image) => !(image.complete && image.naturalWidth > 0))
          .map((image) => image.src),
      ),
    )
    .toEqual([]);
}

function section(page: Page, heading: string) {
  return page.locator('section', { has: page.getByRole('heading', { name: heading, exact: true }) });
}

test('home page shows the hero, six featured parts with working Buy Now links, trust tiles, reviews, categories and makes', async ({
  page,
  request,
}) => {
  const partsResponse = await request.get('/api/parts?limit=6');
  expect(partsResponse.ok()).toBe(true);
  const parts = (await partsResponse.json()) as ApiPart[];
  expect(parts).toHaveLength(6);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PartsForge' })).toBeVisible();
  await expect(
    page.getByText(
      'Find the right parts faster on over 88,000+ replacement parts and accessories. Best deals on top sellers.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shop Now' }).first()).toHaveAttribute('href', '/parts');

  const featured = section(page, 'Featured Parts');
  const buyNow = featured.getByRole('link', { name: 'Buy Now' });
  await expect(buyNow).toHaveCount(6);
  for (const [index, part] of parts.entries()) {
    const card = featured
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: part.name, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('img', { name: part.name })).toBeVisible();
    await expect(card.getByText(part.description)).toBeVisible();
    await expect(card.getByText(`Minimum Order Quantity: ${part.minqty}`, { exact: true })).toBeVisible();
    await expect(
      card.getByText(`Available Quantity: ${part.available.toLocaleString('en-US')}`, { exact: true }),
    ).toBeVisible();
    await expect(card.getByText(`Price: ${formatMoney(part.price)}`, { exact: true })).toBeVisible();
    await expect(buyNow.nth(index)).toHaveAttribute('href', `/purchase/${part._id}`);
  }

  const trust = section(page, 'Millions Business Trust Us');
  for (const tile of ['2787788+', '98.85%', '88,000+', '10k+']) {
    await expect(trust.getByText(tile, { exact: true })).toBeVisible();
  }
  for (const label of ['Reviews', 'Positive Feedback', 'Parts', 'Happy customers']) {
    await expect(trust.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('Have any question about us?')).toBeVisible();

  const reviews = (await (await request.get('/api/review')).json()) as { name: string; rating: number }[];
  expect(reviews.length).toBeGreaterThanOrEqual(6);
  const reviewSection = section(page, 'What Our Customers Say!');
  for (const review of reviews) {
    const card = reviewSection.getByRole('listitem').filter({ hasText: review.name });
    await expect(card.getByText(`${review.rating} stars`, { exact: true })).toBeVisible();
  }

  const categories = (await (await request.get('/api/category')).json()) as { name: string }[];
  const categorySection = section(page, 'Shop by Categories');
  expect(categories.length).toBeGreaterThanOrEqual(8);
  for (const category of categories) {
    await expect(categorySection.getByRole('heading', { name: category.name, exact: true })).toBeVisible();
  }
  const makes = (await (await request.get('/api/make')).json()) as { name: string }[];
  const makeSection = section(page, 'Parts by Make');
  expect(makes.length).toBeGreaterThanOrEqual(12);
  for (const make of makes) {
    await expect(makeSection.getByRole('heading', { name: make.name, exact: true })).toBeVisible();
  }

  // /purchase/:productId is for signed-in users (docs/requirements.md §2): a visitor is asked to log in first.
  await buyNow.first().click();
  await expect(page).toHaveURL(/\/login$/);
});

test('Contact us button in the trust block opens the contact page', async ({ page }) => {
  await page.goto('/');
  await section(page, 'Millions Business Trust Us').getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contactus$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
});

test('/home is the home page too', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PartsForge' })).toBeVisible();
});

test('the home page paints its first screen before it asks for the app, which then takes over', async ({
  page,
}) => {
  await page.goto('/');
  // The app's own content: the featured parts come only from its first render.
  await expect(
    section(page, 'Parts by Make').getByRole('heading', { name: 'Toyota', exact: true }),
  ).toBeVisible();
  const timings = await page.evaluate(() => ({
    firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    entryRequested: performance
      .getEntriesByType('resource')
      .find((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name))?.startTime,
  }));
  expect(timings.firstContentfulPaint).toBeGreaterThan(0);
  expect(timings.entryRequested).toBeGreaterThan(timings.firstContentfulPaint!);
});

test('blog shows its five questions', async ({ page }) => {
  await page.goto('/blogs');
  const questions = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(questions).toHaveCount(5);
  const texts = (await questions.allTextContents()).join(' | ');
  expect(texts).toMatch(/performance/i);
  expect(texts).toMatch(/state/i);
  expect(texts).toMatch(/prototypal inheritance/i);
  expect(texts).toMatch(/search/i);
  expect(texts).toMatch(/unit test/i);
});

test('navbar links reach every public page', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: /main/i });
  for (const [label, path, heading] of [
    ['About Us', '/aboutus', 'About Us'],
    ['Contact Us', '/contactus', 'Contact Us'],
    ['Blogs', '/blogs', null],
    ['My Portfolio', '/myportfolio', null],
    ['Home', '/', 'Welcome to PartsForge'],
  ] as const) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
});

test('an unknown path shows the 404 page whose button goes home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('404-PAGE NOT FOUND', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: /home/i }).last().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PartsForge' })).toBeVisible();
});

test('footer shows the tagline and the current year', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(/manufacturing since 1992/i)).toBeVisible();
  await expect(footer.getByText(new RegExp(`©\\s*${new Date().getFullYear()}`))).toBeVisible();
});

test('home page screenshots at desktop and phone width', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await expect(section(page, 'Featured Parts').getByRole('link', { name: 'Buy Now' })).toHaveCount(6);
  await expect(page.getByRole('status')).toHaveCount(0);
  await loadEveryImage(page);
  await page.screenshot({ path: 'docs/screenshots/home-desktop.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(section(page, 'Featured Parts').getByRole('link', { name: 'Buy Now' })).toHaveCount(6);
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /menu/i })).toBeVisible();
  await loadEveryImage(page);
  await page.screenshot({ path: 'docs/screenshots/home-phone.png', fullPage: true });
});
