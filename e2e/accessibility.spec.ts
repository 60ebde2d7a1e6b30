/**
 * Automated accessibility checks (axe-core, WCAG 2.1 A and AA rules) of every page a visitor, a customer and
 * an admin can open, on the running shop with its demo catalogue. A page passes with no violation of impact
 * "serious" or "critical" (contrast, names of controls, landmarks, ARIA misuse and the like).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminAccount, apiAccessToken, ensureAccount, logIn, newCustomer } from './support/accounts';

test.describe.configure({ mode: 'serial' });

interface ApiPart {
  _id: string;
  minqty: number;
}

/** Runs axe on the page as it is now and fails with a readable list of serious and critical violations. */
async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join('\n  ')}`,
    );
  expect(serious, `${label}:\n${serious.join('\n')}`).toEqual([]);
}

/** Opens `path`, waits for its level-1 heading (the page has rendered its data), then checks it. */
async function checkPage(page: Page, path: string, heading?: string | RegExp) {
  await page.goto(path);
  const h1 = page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) });
  await expect(h1.first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoSeriousViolations(page, path);
}

async function firstPart(request: APIRequestContext): Promise<ApiPart> {
  const parts = (await (await request.get('/api/parts?limit=1')).json()) as ApiPart[];
  return parts[0]!;
}

test('public pages have no serious or critical accessibility violations', async ({ page, request }) => {
  test.setTimeout(120_000);
  const part = await firstPart(request);
  for (const [path, heading] of [
    ['/', undefined],
    ['/parts', 'Parts Catalogue'],
    ['/parts?q=brake', 'Parts Catalogue'],
    ['/login', 'Login'],
    ['/signup', undefined],
    ['/forgot-password', 'Forgot password'],
    ['/reset-password?token=e2e-not-a-token', 'Reset password'],
    ['/verify-email?token=e2e-not-a-token', 'Verify your email'],
    ['/invitations/e2e-not-a-token', undefined],
    ['/aboutus', undefined],
    ['/contactus', undefined],
    ['/blogs', undefined],
    ['/myportfolio', undefined],
    ['/no-such-page', undefined],
  ] as const)
    await checkPage(page, path, heading);
  // A guarded page sends a visitor to /login with the reason shown.
  await page.goto(`/purchase/${part._id}`);
  await expect(page.getByText('Please sign in to continue.')).toBeVisible();
  await expectNoSeriousViolations(page, 'login with a reason');
});

test('customer pages have no serious or critical accessibility violations', async ({ page, request }) => {
  test.setTimeout(120_000);
  const customer = await ensureAccount(request, newCustomer('Axel Access'));
  const part = await firstPart(request);
  const token = await apiAccessToken(request, customer);
  const order = await request.post('/api/order', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      productId: part._id,
      quantity: part.minqty,
      address: '1 Depot Road',
      phone: '555-0100',
      customerName: customer.name,
      email: customer.email,
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { insertedId } = (await order.json()) as { insertedId: string };

  await logIn(page, customer);
  for (const [path, heading] of [
    [`/purchase/${part._id}`, undefined],
    ['/dashboard/myprofile', 'My Profile'],
    ['/dashboard/myorders', 'My Orders'],
    ['/dashboard/returns', 'My Returns'],
    ['/dashboard/addreview', 'Add A Review'],
    ['/updateprofile', 'Update Profile'],
    [`/dashboard/payment/${insertedId}`, /Pay order/],
    ['/dashboard/company', undefined],
  ] as const)
    await checkPage(page, path, heading);

  // A company's owner (docs/requirements.md §14): the company with its members, invitations and address book, and
  // the approvals page.
  const auth = { authorization: `Bearer ${token}` };
  expect(
    (await request.post('/api/companies', { headers: auth, data: { name: 'Axel Access Ltd' } })).status(),
  ).toBe(201);
  const depot = {
    label: 'Main depot',
    line1: '1 Depot Road',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
    country: 'US',
    phone: '555-0100',
  };
  expect((await request.post('/api/companies/mine/addresses', { headers: auth, data: depot })).status()).toBe(
    201,
  );
  const invited = await request.post('/api/companies/mine/invitations', {
    headers: auth,
    data: { email: newCustomer().email, role: 'buyer', spendingLimit: 250 },
  });
  expect(invited.status()).toBe(201);
  for (const [path, heading] of [
    ['/dashboard/company', undefined],
    ['/dashboard/approvals', undefined],
  ] as const)
    await checkPage(page, path, heading);
});

test('admin pages have no serious or critical accessibility violations', async ({ page, request }) => {
  test.setTimeout(120_000);
  await ensureAccount(request, adminAccount);
  const part = await firstPart(request);
  // A company for the admin's company page (docs/requirements.md §14, with its trade terms §15).
  const owner = await ensureAccount(request, newCustomer('Ada Access'));
  const created = await request.post('/api/companies', {
    headers: { authorization: `Bearer ${await apiAccessToken(request, owner)}` },
    data: { name: 'Ada Access Ltd' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const company = (await created.json()) as { _id: string };
  await logIn(page, adminAccount);
  for (const [path, heading] of [
    ['/dashboard/overview', 'Overview'],
    ['/dashboard/users', 'All Users'],
    ['/dashboard/manageorders', 'Manage All Orders'],
    ['/dashboard/manage-returns', 'Manage Returns'],
    ['/dashboard/addproduct', 'Add A Product'],
    ['/dashboard/manageproducts', 'Manage Products'],
    [`/dashboard/manageproducts/${part._id}`, /^Edit /],
    ['/dashboard/companies', 'Companies'],
    [`/dashboard/companies/${company._id}`, 'Ada Access Ltd'],
    // docs/requirements.md §15 "Trade terms".
    ['/dashboard/price-levels', 'Price levels'],
    ['/dashboard/receivables', 'Receivables'],
  ] as const)
    await checkPage(page, path, heading);
});
