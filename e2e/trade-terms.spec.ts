/**
 * Trade terms (docs/requirements.md §15): an admin gives a fresh company net 30 terms with credit and a contract
 * price on its admin page; a member sees "List … · Your price …" on the part's card and page and checks out on
 * account, the order accepted at once with its invoice's due date; the owner reads the balance and the invoice on
 * /dashboard/account; the admin records a partial payment on the company page and the balance drops.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  adminAccount,
  apiAccessToken,
  dashboardMenu,
  ensureAccount,
  invitationPathFromOutbox,
  logIn,
  mainNav,
  newCustomer,
  type Account,
} from './support/accounts';

/** Demo-catalogue brake pads (apps/server/src/db/seed-data): $34.50 each, at least 20. */
const PADS = { sku: 'BP-TOY-48210', list: '$34.50', minqty: 20 };
/** The company's contract price of the pads. */
const CONTRACT_PRICE = '27.00';

/** POSTs `data` with `token` and expects `status`; answers the body. */
async function post(request: APIRequestContext, path: string, token: string, data: object, status = 201) {
  const response = await request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as unknown;
}

/**
 * A fresh company: `owner` creates it with a depot in its address book and invites `buyer`, who accepts (no
 * spending limit worth the name, so the order needs no approval).
 */
async function companyOf(request: APIRequestContext, owner: Account, buyer: Account, name: string) {
  const ownerToken = await apiAccessToken(request, owner);
  await post(request, '/api/companies', ownerToken, { name });
  await post(request, '/api/companies/mine/addresses', ownerToken, {
    label: 'Main depot',
    line1: '4 Depot Road',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
    country: 'US',
    phone: '555-0100',
  });
  await post(request, '/api/companies/mine/invitations', ownerToken, {
    email: buyer.email,
    role: 'buyer',
    spendingLimit: 50_000,
  });
  const token = (await invitationPathFromOutbox(buyer.email)).split('/').pop()!;
  await post(request, `/api/invitations/${token}/accept`, await apiAccessToken(request, buyer), {}, 200);
}

/** The admin opens the company's page from Dashboard → Companies. */
async function openAdminCompany(page: Page, name: string) {
  await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
  await dashboardMenu(page).getByRole('link', { name: 'Companies', exact: true }).click();
  const search = page.getByRole('search', { name: 'Find companies' });
  await search.getByLabel('Search companies').fill(name);
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/**
 * Signs out and opens the home page: signing in on the login page an admin page sent them to would take the next
 * account back there (its history state, which a reload of the same URL keeps), and a customer is signed out there.
 */
async function signOut(page: Page) {
  await mainNav(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/');
}

test('an admin sets terms and a contract price, a member orders on account, the owner reads the statement, the admin records a payment', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await ensureAccount(request, adminAccount);
  const owner = await ensureAccount(request, newCustomer('Tara Terms'));
  const buyer = await ensureAccount(request, newCustomer('Nico Net'));
  const companyName = `Net Thirty Garage ${buyer.email.slice(9, 17)}`;
  await companyOf(request, owner, buyer, companyName);

  // The admin gives the company net 30 terms with $25,000 of credit, and a contract price for the pads.
  await logIn(page, adminAccount);
  await openAdminCompany(page, companyName);
  const terms = page.getByRole('region', { name: 'Trade terms' });
  await terms.getByLabel('Price level').selectOption('jobber');
  await terms.getByLabel('Payment terms').selectOption({ label: 'Net 30' });
  await terms.getByLabel('Credit limit (USD)').fill('25000');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByText(`Saved the trade terms of ${companyName}`)).toBeVisible();

  const prices = page.getByRole('region', { name: 'Contract prices' });
  await prices.getByRole('button', { name: 'Add price' }).click();
  await prices.getByLabel('SKU of row 1').fill(PADS.sku);
  await prices.getByLabel('Price of row 1').fill(CONTRACT_PRICE);
  await prices.getByRole('button', { name: 'Save contract prices' }).click();
  await expect(page.getByText('Saved 1 contract price')).toBeVisible();
  await signOut(page);

  // The member sees their price beside the list price on the card and the part page.
  const yourPrice = `List ${PADS.list} · Your price $${CONTRACT_PRICE}`;
  await logIn(page, buyer);
  await page.goto(`/parts?q=${PADS.sku}`);
  await expect(page.getByText(yourPrice).first()).toBeVisible();
  await page
    .getByRole('link', { name: /Ceramic Front Brake Pad Set/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/parts\/[0-9a-f-]+$/);
  await expect(page.getByText(yourPrice).first()).toBeVisible();

  // They check out on account: the order is accepted at once, with its invoice and due date.
  const buyerToken = await apiAccessToken(request, buyer);
  await post(request, '/api/cart/import', buyerToken, { text: `${PADS.sku} ${PADS.minqty}` }, 200);
  await page.goto('/checkout');
  await page.getByRole('group', { name: 'Ship to' }).getByRole('radio', { name: 'Main depot' }).check();
  await page.getByRole('radio', { name: 'On account (Net 30)' }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]+$/);
  const accepted = page.getByText(/^Accepted on account: invoice (INV-[\w-]+), due .+\.$/);
  await expect(accepted).toBeVisible();
  const invoice = /invoice (INV-[\w-]+)/.exec((await accepted.textContent())!)![1]!;
  await signOut(page);

  // The owner reads the company's account: the balance and the invoice.
  await logIn(page, owner);
  await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
  await dashboardMenu(page).getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  const invoiceRow = page.getByRole('row', { name: new RegExp(invoice) });
  await expect(invoiceRow).toBeVisible();
  const balance = balanceOf(page.getByRole('main'));
  await expect(balance).toHaveText(/^\$[1-9][\d,]*\.\d\d$/);
  const owed = Number((await balance.textContent())!.replace(/[$,]/g, ''));
  await signOut(page);

  // The admin records a partial payment on the company page, and the balance drops by it.
  await logIn(page, adminAccount);
  await openAdminCompany(page, companyName);
  const account = page.getByRole('region', { name: 'Account' });
  const adminBalance = account
    .getByText('Balance', { exact: true })
    .locator('xpath=following-sibling::dd[1]');
  await expect(adminBalance).toHaveText(money(owed));
  await account.getByRole('button', { name: `Record payment for ${invoice}` }).click();
  const dialog = page.getByRole('dialog', { name: `Record a payment for ${invoice}` });
  await dialog.getByLabel('Amount (USD)').fill('100');
  await dialog.getByLabel('Method').selectOption({ label: 'Check' });
  await dialog.getByLabel('Reference').fill('CHK 1042');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText(`Recorded $100.00 against ${invoice}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(adminBalance).toHaveText(money(owed - 100));
});

/** The amount after the "Balance" term of a statement. */
function balanceOf(scope: Locator) {
  return scope
    .locator('dt')
    .filter({ hasText: /^Balance$/ })
    .locator('xpath=following-sibling::dd[1]');
}

/** Dollars as the shop shows them ("$1,234.50"). */
function money(dollars: number): string {
  return dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}
