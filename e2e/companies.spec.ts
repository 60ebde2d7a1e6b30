/**
 * Company accounts (docs/requirements.md §14): an owner creates a company, adds a ship-to location and invites a
 * buyer with a spending limit; the buyer accepts the mailed invitation, checks out above the limit to the company's
 * address, and the order waits for approval; the owner approves it on the approvals page; the buyer pays it.
 */
import { expect, test } from '@playwright/test';
import type { Order } from '@partsforge/shared';
import {
  apiAccessToken,
  dashboardMenu,
  ensureAccount,
  invitationPathFromOutbox,
  logIn,
  mainNav,
  newCustomer,
  signOut,
} from './support/accounts';

/** Demo-catalogue brake pads (apps/server/src/db/seed-data): a minimum of 20 costs far more than $100. */
const PADS = { sku: 'BP-TOY-48210', minqty: 20 };

test('an owner invites a buyer, the buyer orders above the limit, the owner approves, the buyer pays', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const owner = await ensureAccount(request, newCustomer('Olivia Owner'));
  const buyer = await ensureAccount(request, newCustomer('Bruno Buyer'));
  const companyName = `Olivia Motors ${buyer.email.slice(9, 17)}`;

  // The owner creates the company, adds the depot to the address book and invites the buyer with a $100 limit.
  await logIn(page, owner);
  await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
  await dashboardMenu(page).getByRole('link', { name: 'Company' }).click();
  await page.getByLabel('Company name').fill(companyName);
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Members' })).toBeVisible();

  await page.getByRole('button', { name: 'Add address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an address' });
  await dialog.getByLabel('Label').fill('Main depot');
  await dialog.getByLabel('Address line 1').fill('4 Depot Road');
  await dialog.getByLabel('City').fill('Springfield');
  await dialog.getByLabel('Region').fill('IL');
  await dialog.getByLabel('Postal code').fill('62701');
  await dialog.getByLabel('Country (two-letter code)').fill('US');
  await dialog.getByLabel('Phone').fill('555-0100');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('4 Depot Road').first()).toBeVisible();

  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Role').selectOption({ label: 'Buyer' });
  await page.getByLabel('Spending limit').fill('100');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${buyer.email}`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Revoke the invitation to ${buyer.email}` })).toBeVisible();
  await signOut(page);

  // The buyer opens the mailed link, signs in and accepts.
  const invitation = await invitationPathFromOutbox(buyer.email);
  await logIn(page, buyer);
  await page.goto(invitation);
  await expect(page.getByRole('heading', { name: `Join ${companyName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL(/\/dashboard\/company$/);
  await expect(page.getByText(`You joined ${companyName}`)).toBeVisible();

  // Checkout above the limit, shipped to the company's depot: the order waits for approval.
  const token = await apiAccessToken(request, buyer);
  const imported = await request.post('/api/cart/import', {
    headers: { authorization: `Bearer ${token}` },
    data: { text: `${PADS.sku} ${PADS.minqty}` },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  await page.goto('/checkout');
  const shipTo = page.getByRole('group', { name: 'Ship to' });
  await shipTo.getByRole('radio', { name: 'Main depot' }).check();
  await page.getByLabel('PO number').fill('PO-COMPANY-1');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]+$/);
  const orderId = page.url().split('/').pop()!;
  const placed = (await (
    await request.get(`/api/order/${orderId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Order;
  expect(placed).toMatchObject({
    status: 'awaiting-approval',
    company: { name: companyName },
    placedBy: { name: buyer.name },
    shipTo: { label: 'Main depot', line1: '4 Depot Road' },
  });
  await expect(page.getByText('Awaiting approval').first()).toBeVisible();
  await signOut(page);

  // The owner approves it on the approvals page.
  await logIn(page, owner);
  await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
  await dashboardMenu(page).getByRole('link', { name: 'Approvals' }).click();
  await expect(page.getByRole('row', { name: new RegExp(placed.number) })).toContainText(buyer.name);
  await page.getByRole('button', { name: `Approve ${placed.number}` }).click();
  await expect(page.getByText(`Order ${placed.number} was approved`)).toBeVisible();
  await expect(page.getByText('No orders are waiting for approval.')).toBeVisible();
  await signOut(page);

  // The buyer pays it with the sandbox card.
  await logIn(page, buyer);
  await page.goto(`/dashboard/payment/${orderId}`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  await expect
    .poll(async () => {
      const now = await request.get(`/api/order/${orderId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await now.json()) as Order).status;
    })
    .toBe('pending');
});
