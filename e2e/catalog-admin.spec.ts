/**
 * Catalogue administration (docs/decisions/009-catalogue-admin-uploads-and-profiles.md; docs/requirements.md §2, §5, §8): an admin sees each Add A Product message for
 * its empty field, adds a product with an uploaded image, finds it in Manage Products, edits its price, and
 * deletes it after confirming. A customer cannot reach the admin pages.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { adminAccount, dashboardMenu, ensureAccount, logIn, newCustomer } from './support/accounts';

/** A 1x1 PNG, generated here rather than read from a file. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test.describe.configure({ mode: 'serial' });

test('an admin adds a product with an uploaded image, edits its price and deletes it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await ensureAccount(request, adminAccount);
  await logIn(page, adminAccount);
  await page.goto('/dashboard');
  await dashboardMenu(page).getByRole('link', { name: 'Add A Product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add A Product' })).toBeVisible();

  // Each empty field shows its spec message.
  await page.getByRole('button', { name: 'Add Product' }).click();
  for (const message of [
    'Title is Required',
    'Description is Required',
    'Quantity is Required',
    'Minimum Order Quantity is Required',
    'Price is Required',
    'Image is Required',
  ])
    await expect(page.getByText(message, { exact: true })).toBeVisible();

  const name = `E2E Turbo Hose ${randomBytes(3).toString('hex')}`;
  await page.getByLabel('Title').fill(name);
  await page.getByLabel('Description').fill('Silicone hose, <b>reinforced</b> & heat proof.');
  await page.getByLabel('Available quantity').fill('50');
  await page.getByLabel('Minimum order quantity').fill('5');
  await page.getByLabel('Price (USD)').fill('19.99');
  await page.getByLabel(/Or upload an image/).setInputFiles({
    name: 'hose.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await expect(page.getByLabel('Image URL')).toHaveValue(/^\/uploads\/[0-9a-f]{32}\.png$/);
  await page.getByRole('button', { name: 'Add Product' }).click();
  // A description with a tag is refused (plain text only); without it the product is added.
  await expect(page.getByText('Description must be plain text without HTML tags')).toBeVisible();
  await page.getByLabel('Description').fill('Silicone hose, reinforced & heat proof.');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Successfully added your product')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('');

  // Manage Products finds it with the catalogue's search; its uploaded image loads from the shop.
  await dashboardMenu(page).getByRole('link', { name: 'Manage Products' }).click();
  await page.getByRole('searchbox').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('$19.99');
  const image = row.locator('img');
  await expect(image).toHaveAttribute('src', /^\/uploads\//);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBe(1);

  // Edit: the form is pre-filled; the new price shows in the table.
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByLabel('Title')).toHaveValue(name);
  await page.getByLabel('Price (USD)').fill('24.5');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved your changes')).toBeVisible();
  await page.getByRole('searchbox').fill(name);
  await expect(page.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(3)).toHaveText('$24.50');

  // Delete: Escape cancels the dialog; confirming deletes.
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this product?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} is deleted`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByText('No products match.')).toBeVisible();
});

test('a customer cannot reach the admin pages', async ({ page, request }) => {
  const customer = await ensureAccount(request, newCustomer());
  await logIn(page, customer);
  await page.goto('/dashboard');
  await expect(dashboardMenu(page).getByRole('link', { name: 'Add A Product' })).toHaveCount(0);
  for (const path of ['/dashboard/addproduct', '/dashboard/manageproducts']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  }
});
