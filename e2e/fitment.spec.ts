/**
 * Vehicle fitment (docs/requirements.md §12) as a buyer uses it, on a phone (390 px) and a desktop (1440 px): the
 * home page's selector chooses a 2019 Toyota Camry, the catalogue then lists what fits with its badges, "Show all
 * parts" lifts the filter, a part page shows its fitment table and says whether it fits, a search that names
 * another vehicle says which it understood, and My Garage keeps, switches and removes vehicles and joins the
 * account at sign-in.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAccessToken, ensureAccount, logIn, mainNav, newCustomer } from './support/accounts';

test.describe.configure({ mode: 'serial' });

/** Demo-catalogue parts with known fitment (apps/server/src/db/seed-data). */
const CAMRY_PADS = 'Ceramic Front Brake Pad Set — Toyota Camry 2018-2024';

/** Chooses a vehicle in the (first) selector inside `scope` and shops for it. */
async function chooseVehicle(scope: Page | Locator, year: string, make: string, model: string) {
  const selector = scope.getByRole('form', { name: 'Choose your vehicle' }).first();
  await selector.getByRole('combobox', { name: 'Year' }).selectOption(year);
  await expect(selector.getByRole('option', { name: make, exact: true })).toBeAttached();
  await selector.getByRole('combobox', { name: 'Make' }).selectOption({ label: make });
  await expect(selector.getByRole('option', { name: model, exact: true })).toBeAttached();
  await selector.getByRole('combobox', { name: 'Model' }).selectOption({ label: model });
  await selector.getByRole('button', { name: 'Shop for this vehicle' }).click();
}

/** The catalogue card of the part named `name`. */
const card = (page: Page, name: string) => page.getByRole('article').filter({ hasText: name }).first();

for (const width of [390, 1440])
  test(`at ${width} px a visitor shops by vehicle, reads the badges and a part page`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Find parts for your vehicle' })).toBeVisible();
    // A card without a vehicle offers to check the fit.
    await expect(page.getByRole('button', { name: 'Check fit' }).first()).toBeVisible();

    await chooseVehicle(page, '2019', 'Toyota', 'Camry');
    await expect(page).toHaveURL(/\/parts/);
    await expect(page.getByText('Showing parts that fit your 2019 Toyota Camry')).toBeVisible();
    await expect(card(page, CAMRY_PADS).getByText(/Fits your 2019 Toyota Camry/)).toBeVisible();
    await expect(page.getByText('Universal fit').first()).toBeVisible();
    // Only fitting and universal parts are listed: no card says anything else.
    const badges = await page
      .getByRole('article')
      .evaluateAll((cards) =>
        cards.map((element) => (element.textContent ?? '').match(/Fits your|Universal fit/)?.[0] ?? 'none'),
      );
    expect(badges.length).toBeGreaterThan(0);
    expect(badges).not.toContain('none');
    // The navbar names the active vehicle.
    await expect(mainNav(page).getByRole('button', { name: /My Garage.*2019 Toyota Camry/ })).toBeVisible();

    // "Show all parts" lifts the filter, and turning it off again restores it.
    await page.getByRole('switch', { name: 'Show all parts' }).click();
    await expect(
      page.getByText('Showing all parts, not only those that fit your 2019 Toyota Camry'),
    ).toBeVisible();
    await expect(page).toHaveURL(/all=1/);
    await page.getByRole('switch', { name: 'Show all parts' }).click();
    await expect(page.getByText('Showing parts that fit your 2019 Toyota Camry')).toBeVisible();

    // The part page: details, its badge with the position, and the fitment table.
    await card(page, CAMRY_PADS).getByRole('link', { name: CAMRY_PADS }).first().click();
    await expect(page).toHaveURL(/\/parts\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: CAMRY_PADS })).toBeVisible();
    await expect(page.getByText('SKU: BP-TOY-48210')).toBeVisible();
    await expect(page.getByText(/Fits your 2019 Toyota Camry/).first()).toBeVisible();
    const table = page.getByRole('table', { name: /fitment/i });
    await expect(table.getByRole('row', { name: /Toyota.*Camry.*2018–2024/ }).first()).toBeVisible();

    // A search naming another vehicle says which vehicle it understood, and can drop it.
    await page.goto('/parts');
    const search = page.getByRole('searchbox', { name: 'Search parts' });
    await search.fill('2008 civic brake pads');
    await search.press('Enter');
    await expect(page.getByText('Showing results for 2008 Honda Civic')).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.getByRole('button', { name: 'Search without 2008 Honda Civic' }).click();
    await expect(search).toHaveValue('brake pads');
    await expect(page.getByText('Showing results for 2008 Honda Civic')).toHaveCount(0);
  });

for (const width of [390, 1440])
  test(`at ${width} px a part that does not fit says so, and My Garage switches, removes (and joins the account)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await chooseVehicle(page, '2019', 'Ford', 'F-150');
    await expect(page.getByText('Showing parts that fit your 2019 Ford F-150')).toBeVisible();

    // Add a second vehicle from the garage dialog, then switch back.
    await mainNav(page)
      .getByRole('button', { name: /My Garage/ })
      .click();
    let dialog = page.getByRole('dialog', { name: 'My Garage' });
    await expect(dialog.getByRole('button', { name: 'Shop for 2019 Ford F-150' })).toBeVisible();
    await chooseVehicle(dialog, '2019', 'Toyota', 'Camry');
    await expect(page.getByText('Showing parts that fit your 2019 Toyota Camry')).toBeVisible();

    // The Camry pads do not fit the F-150.
    await mainNav(page)
      .getByRole('button', { name: /My Garage/ })
      .click();
    dialog = page.getByRole('dialog', { name: 'My Garage' });
    await dialog.getByRole('button', { name: 'Shop for 2019 Ford F-150' }).click();
    await expect(page.getByText('Showing parts that fit your 2019 Ford F-150')).toBeVisible();
    await page.goto('/parts?q=BP-TOY-48210&all=1');
    await card(page, CAMRY_PADS).getByRole('link', { name: CAMRY_PADS }).first().click();
    await expect(page.getByText('Does not fit your 2019 Ford F-150')).toBeVisible();

    // Remove the Camry; the F-150 stays active.
    await mainNav(page)
      .getByRole('button', { name: /My Garage/ })
      .click();
    dialog = page.getByRole('dialog', { name: 'My Garage' });
    await dialog.getByRole('button', { name: 'Remove 2019 Toyota Camry' }).click();
    await expect(dialog.getByRole('button', { name: /Toyota Camry/ })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Signing in keeps the visitor's garage in the account (once, on the wide screen: sign-ins from one address
    // are limited to 30 a minute, and the whole suite signs in from this one).
    if (width !== 1440) return;
    const customer = await ensureAccount(request, newCustomer('Gary Garage'));
    await logIn(page, customer);
    const token = await apiAccessToken(request, customer);
    await expect
      .poll(async () => {
        const response = await request.get('/api/garage', { headers: { authorization: `Bearer ${token}` } });
        const garage = (await response.json()) as { vehicles: { label: string }[]; active: number | null };
        return { labels: garage.vehicles.map((vehicle) => vehicle.label), active: garage.active };
      })
      .toEqual({ labels: ['2019 Ford F-150'], active: 0 });
    await expect(mainNav(page).getByRole('button', { name: /My Garage.*2019 Ford F-150/ })).toBeVisible();
  });
