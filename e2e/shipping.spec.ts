/**
 * Shipping (docs/requirements.md §16): a buyer types the destination at checkout, chooses next-day delivery and sees
 * its price and dates there and on the order; an admin ships a paid order of two lines in two shipments from the
 * order's page (Ship items) and downloads a shipment's packing slip.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminAccount, apiAccessToken, ensureAccount, logIn, newCustomer } from './support/accounts';
import { checkoutPaidByCard } from './support/orders';

/** Demo-catalogue brake pads ($34.50, at least 20, 1.2 kg each) and ignition coils (at least 12). */
const PADS = { sku: 'BP-TOY-48210', minqty: 20 };
const COILS = { sku: 'IC-FRD-26740', minqty: 12 };

/** Fills `token`'s cart with `text` (quick order lines "SKU quantity"). */
async function cartOf(request: APIRequestContext, token: string, text: string) {
  const imported = await request.post('/api/cart/import', {
    headers: { authorization: `Bearer ${token}` },
    data: { text },
  });
  expect(imported.status(), await imported.text()).toBe(200);
}

test('a buyer chooses next-day delivery and sees its price and dates at checkout and on the order', async ({
  page,
  request,
}) => {
  const buyer = await ensureAccount(request, newCustomer('Nina Nextday'));
  await cartOf(request, await apiAccessToken(request, buyer), `${PADS.sku} ${PADS.minqty}`);
  await logIn(page, buyer);
  await page.goto('/checkout');

  await page.getByLabel('Shipping address').fill('4 Depot Road, Springfield');
  await page.getByLabel('Country', { exact: true }).fill('US');
  await page.getByLabel('State / region').fill('IL');
  await page.getByLabel('Postal code').fill('62701');
  const delivery = page.getByRole('group', { name: 'Delivery' });
  const nextDay = delivery.getByRole('radio', { name: /Next-day/ });
  await expect(nextDay).toBeVisible();
  // 20 pads weigh 24 kg: next-day's band up to 50 kg.
  const option = delivery.locator('label').filter({ hasText: 'Next-day' });
  await expect(option).toContainText('$119.95');
  await expect(option).toContainText(/Arrives \w{3}, \w{3} \d{1,2}/);
  const arrives = (await option.textContent())!.match(/Arrives [^$]*$/)![0].trim();
  await nextDay.check();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]+$/);
  const lines = page.getByRole('table', { name: 'Lines of this order' });
  await expect(lines).toContainText('Shipping (Next-day)');
  await expect(lines).toContainText(arrives);
  await expect(lines).toContainText('$119.95');
  await expect(lines).toContainText(/Tax \([\d.]+%, IL\)/);
});

test('an admin ships an order in two shipments and downloads a packing slip', async ({ page, request }) => {
  const buyer = await ensureAccount(request, newCustomer('Sam Shipped'));
  const token = await apiAccessToken(request, buyer);
  const auth = { authorization: `Bearer ${token}` };
  await cartOf(request, token, `${PADS.sku} ${PADS.minqty}\n${COILS.sku} ${COILS.minqty}`);
  const order = await checkoutPaidByCard(request, auth);

  await ensureAccount(request, adminAccount);
  await logIn(page, adminAccount);
  await page.goto(`/dashboard/orders/${order._id}`);
  const ship = page.getByRole('region', { name: 'Ship items' });
  // First shipment: the pads only.
  await ship.getByLabel(`Quantity of ${COILS.sku} to ship`).fill('0');
  await ship.getByLabel('Carrier').fill('UPS');
  await ship.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await ship.getByRole('button', { name: 'Create shipment' }).click();
  const shipments = page.getByRole('region', { name: 'Shipments' });
  await expect(shipments.getByText(/SH-\d+ · UPS/)).toBeVisible();
  await expect(shipments.getByRole('link', { name: /Track 1Z999AA10123456784/ })).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );
  await expect(shipments.getByText('Still to ship')).toBeVisible();
  await expect(shipments).toContainText(`${COILS.sku}`);

  // Second shipment: the rest.
  await ship.getByLabel('Carrier').fill('FedEx');
  await ship.getByLabel('Tracking number').fill('794612345678');
  await ship.getByRole('button', { name: 'Create shipment' }).click();
  await expect(shipments.getByText(/SH-\d+ · FedEx/)).toBeVisible();
  await expect(shipments.getByText('Still to ship')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Ship items' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await shipments.getByRole('button', { name: 'Packing slip' }).first().click();
  expect((await download).suggestedFilename()).toMatch(/^SH-\d+\.pdf$/);
});
