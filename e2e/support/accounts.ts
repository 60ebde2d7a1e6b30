/**
 * Accounts of the browser journeys. The shop is started with ADMIN_EMAILS = E2E_ADMIN_EMAIL
 * (playwright.config.ts), so that account is an admin once its email is verified (docs/requirements.md §13):
 * ensureAccount opens the link of its "Verify your email" mail, which the shop, without SMTP_URL, writes as an
 * .eml file to DATA_DIR/outbox.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
} from '@playwright/test';

export const E2E_ADMIN_EMAIL = 'e2e-admin@example.com';
export const E2E_PASSWORD = 'e2e-password-1';

export interface Account {
  name: string;
  email: string;
  password: string;
}

export const adminAccount: Account = { name: 'Erin Admin', email: E2E_ADMIN_EMAIL, password: E2E_PASSWORD };

/** A new customer account's details (not yet signed up). */
export function newCustomer(name = 'Cora Customer'): Account {
  return { name, email: `customer-${randomBytes(4).toString('hex')}@example.com`, password: E2E_PASSWORD };
}

/**
 * The Origin a browser sends with every POST: Better Auth refuses cookie-carrying POSTs without it (CSRF),
 * and an API request context keeps the cookies of its earlier calls.
 */
function originHeader(): { origin: string } {
  return { origin: new URL(test.info().project.use.baseURL!).origin };
}

/**
 * POSTs to a sign-in or sign-up endpoint as a patient client does: a 429 (the shop allows 30 a minute from one
 * address, and every journey of the suite comes from this one) is retried once after its Retry-After. The wait is
 * added to the test's time budget, as logIn does, so that a journey which waited is not cut short for it.
 */
async function postAuth(request: APIRequestContext, url: string, data: object): Promise<APIResponse> {
  const response = await request.post(url, { data, headers: originHeader() });
  if (response.status() !== 429) return response;
  const waitMs = (Math.min(Number(response.headers()['retry-after'] ?? 60), 60) + 1) * 1000;
  test.info().setTimeout(test.info().timeout + waitMs + 5_000);
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return request.post(url, { data, headers: originHeader() });
}

/**
 * Signs the account up through the API (its own cookie jar, not the page's); an existing account is fine. The
 * admin account's address is then verified, which makes it an admin.
 */
export async function ensureAccount(request: APIRequestContext, account: Account): Promise<Account> {
  const response = await postAuth(request, '/api/auth/sign-up/email', account);
  expect([200, 422], await response.text()).toContain(response.status());
  if (account.email === E2E_ADMIN_EMAIL) await verifyEmailFromOutbox(request, account.email);
  return account;
}

/** The shop's outbox folder (playwright.config.ts starts it with DATA_DIR = E2E_DATA_DIR or .e2e-data). */
const OUTBOX_DIR = join(process.env.E2E_DATA_DIR ?? '.e2e-data', 'outbox');

/** An .eml file's text with its quoted-printable soft line breaks and =XX escapes undone. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first match of `link` in a message to `email` in the outbox, if it holds one yet. */
async function linkInOutbox(email: string, link: RegExp): Promise<string | undefined> {
  const names = await readdir(OUTBOX_DIR).catch(() => [] as string[]);
  const recipient = new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi');
  for (const name of names.filter((file) => file.endsWith('.eml'))) {
    const message = decodeQuotedPrintable(await readFile(join(OUTBOX_DIR, name), 'utf8'));
    const found = link.exec(message);
    if (found && recipient.test(message)) return found[1];
  }
  return undefined;
}

/** The token of a "Verify your email" link mailed to `email`, if the outbox holds one yet. */
const verificationTokenInOutbox = (email: string) => linkInOutbox(email, /\/verify-email\?token=([\w.-]+)/);

/** Waits for a company invitation mailed to `email` (docs/requirements.md §14) and answers its page's path. */
export async function invitationPathFromOutbox(email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(async () => (path = await linkInOutbox(email, /(\/invitations\/[\w-]+)/)), { timeout: 30_000 })
    .toBeTruthy();
  return path!;
}

/** Waits for the "Verify your email" mail to `email` and opens its link through the API (again is fine). */
export async function verifyEmailFromOutbox(request: APIRequestContext, email: string): Promise<void> {
  let token: string | undefined;
  await expect
    .poll(async () => (token = await verificationTokenInOutbox(email)), { timeout: 30_000 })
    .toBeTruthy();
  const response = await request.get(`/api/auth/verify-email?token=${encodeURIComponent(token!)}`);
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in through the API and returns the spec's access token (`PUT /api/user/{email}`). */
export async function apiAccessToken(request: APIRequestContext, account: Account): Promise<string> {
  const signIn = await postAuth(request, '/api/auth/sign-in/email', {
    email: account.email,
    password: account.password,
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const token = await request.put(`/api/user/${account.email}`, { data: { email: account.email } });
  expect(token.status(), await token.text()).toBe(200);
  return ((await token.json()) as { token: string }).token;
}

/** Tries to sign in through the API and returns the status (200, or 401 for a wrong or removed account). */
export async function apiSignInStatus(request: APIRequestContext, account: Account): Promise<number> {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: originHeader(),
  });
  return response.status();
}

/**
 * Logs in on /login as a user would and waits until the navbar shows the display name. The shop allows 30 sign-ins
 * a minute from one address and every journey of the suite comes from this one: when the page says there were too
 * many, it waits out the minute once and tries again, as a patient user would (as postAuth does for the API).
 * `shown` replaces the display name as the sign of success (e.g. where a narrow navbar folds the name away).
 */
export async function logIn(page: Page, account: Account, shown?: Locator): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  // What shows that the sign-in worked: the display name in the navbar, unless the caller names something else.
  const signedIn = shown ?? mainNav(page).getByText(account.name, { exact: true });
  const refused = page.getByRole('alert').filter({ hasText: 'Too many requests' });
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(signedIn.or(refused)).toBeVisible();
    if (await signedIn.isVisible()) return;
    if (attempt === 1) {
      test.info().setTimeout(test.info().timeout + 65_000);
      await page.waitForTimeout(61_000);
    }
  }
  await expect(signedIn).toBeVisible();
}

/**
 * Signs out from the navbar and waits until the navbar offers Login again: the sign-out's answer has arrived, so a
 * sign-in that follows cannot be undone by it.
 */
export async function signOut(page: Page): Promise<void> {
  // Within 3 s: no toast may cover the navbar (a toast shows for longer than that).
  await mainNav(page).getByRole('button', { name: 'Sign Out' }).click({ timeout: 3_000 });
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
}

export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

export function dashboardMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Dashboard menu' });
}
