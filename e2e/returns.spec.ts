/**
 * Returns (docs/requirements.md §17 "Returns"): a buyer whose order of an alternator (sold with a refundable core)
 * and brake pads has shipped returns the old alternator as a core and two pad sets as the wrong part from the
 * order's page; the admin approves the return on Manage Returns, receives the parts, and the credit shows on the
 * return for the admin and for the buyer.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  adminAccount,
  apiAccessToken,
  dashboardMenu,
  ensureAccount,
  logIn,
  newCustomer,
  signOut,
} from './support/accounts';
import { checkoutPaidByCard } from './support/orders';

/** Demo-catalogue alternators (a $45.00 core charge each, at least 2) and brake pads (at least 20). */
const ALTERNATOR = { sku: 'ALT-TOY-27060', minqty: 2 };
const PADS = { sku: 'BP-TOY-48210', minqty: 20 };

/** A card-paid order of `token`'s buyer, shipped in full by the admin: its id and number. */
async function shippedOrder(request: APIRequestContext, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const imported = await request.post('/api/cart/import', {
    headers: auth,
    data: { text: `${ALTERNATOR.sku} ${ALTERNATOR.minqty}\n${PADS.sku} ${PADS.minqty}` },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const order = await checkoutPaidByCard(request, auth);
  const admin = { authorization: `Bearer ${await apiAccessToken(request, adminAccount)}` };
  const shipped = await request.patch(`/api/order/${order._id}/status`, {
    headers: admin,
    data: { status: 'shipped', carrier: 'UPS' },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);
  return order;
}

test('a buyer returns a core and a wrong part; the admin approves, receives and credits them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await ensureAccount(request, adminAccount);
  const buyer = await ensureAccount(request, newCustomer('Rita Returns'));
  const order = await shippedOrder(request, await apiAccessToken(request, buyer));

  // The buyer asks for the return from the order's page.
  await logIn(page, buyer);
  await page.goto(`/dashboard/orders/${order._id}`);
  await page.getByRole('button', { name: 'Return items' }).click();
  const form = page.getByRole('region', { name: `Return items of ${order.number}` });
  await form.getByLabel(`Quantity of ${ALTERNATOR.sku} to return`).fill('1');
  await form.getByLabel(`Reason for returning ${ALTERNATOR.sku}`).selectOption({ label: 'Core return' });
  await form.getByLabel(`Quantity of ${PADS.sku} to return`).fill('2');
  await form.getByLabel(`Reason for returning ${PADS.sku}`).selectOption({ label: 'Wrong part' });
  await form.getByLabel('Note (optional)').fill('Old alternator, and pads for the wrong axle');
  await form.getByRole('button', { name: 'Ask for the return' }).click();
  const requested = page.getByRole('alert').filter({ hasText: /Return RMA-\d{6} requested\./ });
  await expect(requested).toBeVisible();
  const number = (await requested.textContent())!.match(/RMA-\d{6}/)![0];
  await dashboardMenu(page).getByRole('link', { name: 'My Returns' }).click();
  const mine = page.getByRole('table', { name: 'Returns, newest first' });
  await expect(mine.getByRole('row').filter({ hasText: number })).toContainText('Requested');
  await signOut(page);

  // The admin approves it, then receives the parts.
  await logIn(page, adminAccount);
  await page.goto('/dashboard/manage-returns');
  await page.getByLabel('Status').selectOption({ label: 'Requested' });
  const list = page.getByRole('table', { name: 'Returns, newest first' });
  await list.getByRole('button', { name: `Approve ${number}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Return ${number} approved` })).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'All statuses' });
  const row = list.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Approved');
  await row.getByRole('button', { name: `Receive ${number}` }).click();
  const receive = page.getByRole('dialog', { name: `Receive ${number}` });
  await expect(receive.getByLabel(`Units of ${PADS.sku} received`)).toHaveValue('2');
  await receive.getByLabel(`Condition of ${ALTERNATOR.sku}`).selectOption({ label: 'Resellable' });
  await receive.getByRole('button', { name: 'Receive and credit' }).click();
  await expect(row).toContainText('Credited');
  await expect(row).toContainText(/CM-\d{4}-\d{6}/);
  await signOut(page);

  // The buyer sees the credit on the return.
  await logIn(page, buyer);
  await page.goto('/dashboard/returns');
  await page.getByRole('link', { name: `View return ${number}` }).click();
  await expect(page.getByRole('heading', { name: `Return ${number}` })).toBeVisible();
  await expect(page.getByText(/Credit memo CM-\d{4}-\d{6}: \$[\d,.]+/)).toBeVisible();
  await expect(page.getByText('Credited')).toBeVisible();
});
