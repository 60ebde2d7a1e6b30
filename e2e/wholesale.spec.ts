/**
 * Wholesale ordering (docs/requirements.md §11): a visitor's cart joins the account at sign-in, quick order by SKU
 * previews every line before adding, the cart names a quantity that is not whole packs, checkout places one order
 * of every line with a PO number, the order's page shows its number, lines and timeline, Reorder fills the cart
 * again, and the admin finds the order by its number in Manage All Orders.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatMoney, type Cart, type Order } from '@partsforge/shared';
import {
  adminAccount,
  apiAccessToken,
  ensureAccount,
  logIn,
  mainNav,
  newCustomer,
  signOut,
} from './support/accounts';

test.describe.configure({ mode: 'serial' });

/** Demo-catalogue parts with known wholesale terms (apps/server/src/db/seed-data; catalog-generator.ts). */
const PADS = { sku: 'BP-TOY-48210', minqty: 20, packSize: 2, priceAt100: 32.77 };
const COILS = { sku: 'IC-FRD-26740', minqty: 12, packSize: 6 };

async function cartOf(request: APIRequestContext, token: string): Promise<Cart> {
  const response = await request.get('/api/cart', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Cart;
}

test('a buyer fills a cart as a visitor and by quick order, checks out with a PO number and reorders', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await ensureAccount(request, newCustomer('Wanda Wholesale'));

  // A visitor adds the brake pads from the catalogue: the minimum, in whole packs.
  await page.goto(`/parts?q=${PADS.sku}`);
  const card = page.getByRole('article').filter({ hasText: 'Toyota Camry' }).first();
  await card.getByRole('button', { name: /Add to cart/ }).click();
  await expect(mainNav(page).getByRole('link', { name: 'Cart (1)' })).toBeVisible();

  // Signing in merges the browser cart into the account's.
  await logIn(page, customer);
  const token = await apiAccessToken(request, customer);
  await expect
    .poll(async () => (await cartOf(request, token)).lines.map((line) => [line.sku, line.quantity]))
    .toEqual([[PADS.sku, PADS.minqty]]);

  // Quick order: a preview of every line, then the valid ones are added.
  await page.goto('/quick-order');
  await page
    .getByLabel('Lines (SKU quantity)')
    .fill(`SKU;Quantity\n${PADS.sku} 80\n${COILS.sku};12\nNOPE-1 3`);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('table', { name: 'Preview of your lines' });
  await expect(preview.getByRole('row', { name: /NOPE-1/ })).toContainText('Unknown SKU NOPE-1');
  await expect(preview.getByRole('row', { name: new RegExp(COILS.sku) })).toBeVisible();
  expect((await cartOf(request, token)).lines).toHaveLength(1);
  await page.getByRole('button', { name: 'Add 2 lines to cart' }).click();
  await expect(page.getByText('2 lines were added to your cart.')).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Cart (2)' })).toBeVisible();

  // The cart: 100 pads reach the 100+ break; an odd quantity is refused on the line.
  await mainNav(page).getByRole('link', { name: 'Cart (2)' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const padsQuantity = page.getByLabel(/^Quantity of .*Toyota Camry/);
  await expect(padsQuantity).toHaveValue('100');
  await expect(page.getByText(formatMoney(PADS.priceAt100)).first()).toBeVisible();
  await padsQuantity.fill('101');
  await expect(
    page.getByText(`Quantity must be a multiple of the pack size (${PADS.packSize})`),
  ).toBeVisible();
  await padsQuantity.fill('100');
  await expect(page.getByText(`Quantity must be a multiple of the pack size (${PADS.packSize})`)).toHaveCount(
    0,
  );

  // Checkout: one order of both lines, with a PO number.
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByLabel('Shipping address').fill('7 Workshop Lane, Leeds');
  await page.getByLabel('Phone number').fill('555-0107');
  await page.getByLabel('PO number').fill('PO-4471');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]+$/);
  const orderId = page.url().split('/').pop()!;
  const order = (await (
    await request.get(`/api/order/${orderId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Order;
  expect(order).toMatchObject({ poNumber: 'PO-4471', status: 'unpaid' });
  expect(order.lines.map((line) => [line.sku, line.quantity, line.unitPrice])).toEqual([
    [PADS.sku, 100, PADS.priceAt100],
    [COILS.sku, 12, expect.any(Number)],
  ]);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await expect(page.getByText('PO-4471')).toBeVisible();
  const lines = page.getByRole('table', { name: 'Lines of this order' });
  await expect(lines.getByRole('row', { name: new RegExp(COILS.sku) })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Status history' });
  await expect(timeline.getByText('Unpaid')).toBeVisible();
  await expect(timeline.getByText(/by Wanda Wholesale/)).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Cart (0)' })).toBeVisible();

  // Reorder puts both lines back in the cart.
  await page.getByRole('button', { name: 'Reorder' }).click();
  await expect(page.getByText('2 lines were added to your cart.')).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Cart (2)' })).toBeVisible();

  // The admin finds the order by its number and opens its page.
  await signOut(page);
  await ensureAccount(request, adminAccount);
  await logIn(page, adminAccount);
  await page.goto('/dashboard/manageorders');
  await page.getByRole('link', { name: order.number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await expect(page.getByText('7 Workshop Lane, Leeds')).toBeVisible();
});

test('the cart refuses Checkout while a line is invalid, and Checkout at once after a change orders the new quantity', async ({
  page,
  request,
}) => {
  const customer = await ensureAccount(request, newCustomer('Quentin Quick'));
  const token = await apiAccessToken(request, customer);
  const imported = await request.post('/api/cart/import', {
    headers: { authorization: `Bearer ${token}` },
    data: { text: `${PADS.sku} ${PADS.minqty}` },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  await logIn(page, customer);
  await page.goto('/cart');
  const quantity = page.getByLabel(/^Quantity of .*Toyota Camry/);
  await expect(quantity).toHaveValue(String(PADS.minqty));

  // An odd quantity: the line says why and that the cart keeps the saved one; Checkout is refused.
  await quantity.fill(String(PADS.minqty + 1));
  await expect(quantity).toHaveAccessibleDescription(
    `Quantity must be a multiple of the pack size (${PADS.packSize}) Not saved: your cart keeps ${PADS.minqty}.`,
  );
  await expect(page.getByText('Subtotal: Not priced yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await expect(page.getByText('Fix the quantities marked in red before checking out.')).toBeVisible();

  // A valid change and Checkout at once, before the save's delay: the new quantity is saved first and ordered.
  const changed = PADS.minqty + PADS.packSize * 5;
  await quantity.fill(String(changed));
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  expect((await cartOf(request, token)).lines.map((line) => line.quantity)).toEqual([changed]);
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText(String(changed));
});
