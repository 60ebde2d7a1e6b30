/**
 * Ordering and paying (docs/decisions/008-orders-stock-and-payments.md; docs/requirements.md §2, §4, §5, §8): a customer orders a featured part within its bounds,
 * pays for it in the sandbox (a declined card first), cancels another order whose stock comes back, and an
 * admin ships the paid order, which stays shipped after a reload.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatMoney } from '@partsforge/shared';
import {
  adminAccount,
  apiAccessToken,
  dashboardMenu,
  ensureAccount,
  logIn,
  mainNav,
  newCustomer,
  signOut,
} from './support/accounts';

interface ApiPart {
  _id: string;
  name: string;
  available: number;
  minqty: number;
  price: number;
}

test.describe.configure({ mode: 'serial' });

async function partById(request: APIRequestContext, id: string): Promise<ApiPart> {
  const response = await request.get(`/api/parts/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiPart;
}

async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  await pay.click();
}

test('a customer orders a featured part, pays by card after a decline, cancels another order; the admin ships it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await ensureAccount(request, newCustomer('Olga Orders'));
  const featured = ((await (await request.get('/api/parts?limit=6')).json()) as ApiPart[]).slice(0, 2);
  const [part, other] = [featured[0]!, featured[1]!];

  // A visitor's Buy Now asks to log in first, then comes back to the part (docs/requirements.md §2 and §4).
  await page.goto('/');
  await page
    .locator('section', { has: page.getByRole('heading', { name: 'Featured Parts', exact: true }) })
    .getByRole('link', { name: 'Buy Now' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, customer);
  await expect(page).toHaveURL(new RegExp(`/purchase/${part._id}$`));
  const before = await partById(request, part._id);
  const count = (units: number) => units.toLocaleString('en-US');
  await expect(page.getByText(`Available Quantity: ${count(before.available)}`)).toBeVisible();
  await expect(page.getByText(`Minimum Order Quantity: ${before.minqty}`)).toBeVisible();
  await expect(page.getByText(`Price per piece: ${formatMoney(before.price)}`)).toBeVisible();
  await expect(page.getByLabel('Product')).toHaveValue(before.name);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(customer.name);
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);
  const quantity = page.getByLabel('Quantity');
  await expect(quantity).toHaveValue(String(before.minqty));

  // Below the minimum: the spec's toast, and Place Order is disabled.
  await quantity.fill(String(before.minqty - 1));
  await expect(
    page.getByText(`Minimm order quantity ${before.minqty} and maximum order quantity ${before.available}`),
  ).toBeVisible();
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await expect(placeOrder).toBeDisabled();

  await quantity.fill(String(before.minqty));
  await page.getByLabel('Phone number').fill('555-0142');
  await page.getByLabel('Shipping address').fill('42 Harbour Road, Portsmouth');
  await expect(placeOrder).toBeEnabled();
  await placeOrder.click();
  await expect(page.getByText('Successfull placed order')).toBeVisible();
  await expect(
    page.getByText(`Available Quantity: ${count(before.available - before.minqty)}`),
  ).toBeVisible();

  // My Orders: unpaid, with Pay and Cancel.
  await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
  await dashboardMenu(page).getByRole('link', { name: 'My Orders' }).click();
  await page.getByRole('link', { name: `Pay: ${part.name}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]+$/);
  const orderId = page.url().split('/').pop()!;
  // The order is named by its number, line count and total.
  await expect(
    page.getByRole('heading', { level: 1, name: /^Pay order PF-\d+: 1 line, \$[\d,]+\.\d\d$/ }),
  ).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Test mode');

  // A declined card shows the provider's message and leaves the order unpaid.
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'declined' })).toHaveText('Your card was declined.');
  const token = await apiAccessToken(request, customer);
  const stored = await request.get(`/api/order/${orderId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await stored.json()).toMatchObject({ paid: false, status: 'unpaid', transactionId: null });

  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  const transaction = page.getByText(/^Your transaction id: sandbox_pi_[0-9a-f]+$/);
  await expect(transaction).toBeVisible();
  const transactionId = (await transaction.textContent())!.replace('Your transaction id: ', '');
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
  // Next: the order's invoice and its page.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download invoice' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await page.getByRole('link', { name: /^View order PF-\d+$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Order PF-\d+$/ })).toBeVisible();

  await dashboardMenu(page).getByRole('link', { name: 'My Orders' }).click();
  const paidRow = page.getByRole('row', { name: new RegExp(part.name) });
  await expect(paidRow.getByText('Paid', { exact: true })).toBeVisible();
  await expect(paidRow.getByText(`Transaction id: ${transactionId}`)).toBeVisible();

  // Another order, cancelled after confirming: it disappears and its stock comes back.
  const otherBefore = await partById(request, other._id);
  const placed = await request.post('/api/order', {
    headers: { authorization: `Bearer ${token}` },
    data: { productId: other._id, quantity: otherBefore.minqty, address: '42 Harbour Road, Portsmouth' },
  });
  expect(placed.status()).toBe(201);
  expect((await partById(request, other._id)).available).toBe(otherBefore.available - otherBefore.minqty);
  await page.reload();
  await page.getByRole('button', { name: `Cancel: ${other.name}` }).click();
  const dialog = page.getByRole('dialog', { name: /^Cancel order PF-\d+\?$/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText(`${other.name} is deleted`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(other.name) })).toHaveCount(0);
  expect((await partById(request, other._id)).available).toBe(otherBefore.available);

  // The admin ships the paid order; it stays shipped after a reload.
  await signOut(page);
  await ensureAccount(request, adminAccount);
  await logIn(page, adminAccount);
  await page.goto('/dashboard/manageorders');
  await page.getByRole('button', { name: `Pending: ${part.name}, ${customer.email}` }).click();
  const shipDialog = page.getByRole('dialog', { name: /^Mark PF-\d+ shipped\?$/ });
  await expect(shipDialog).toBeVisible();
  await shipDialog.getByRole('button', { name: 'Mark as shipped' }).click();
  const shippedRow = page.getByRole('row', { name: new RegExp(customer.email) });
  await expect(shippedRow.getByText('Shipped', { exact: true })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('row', { name: new RegExp(customer.email) }).getByText('Shipped', { exact: true }),
  ).toBeVisible();
});
