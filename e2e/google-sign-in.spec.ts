import { expect, test } from '@playwright/test';
import googleUser from './support/google-user.json' with { type: 'json' };
import { adminAccount, apiAccessToken, ensureAccount, mainNav } from './support/accounts';

/**
 * Google sign-in (docs/design.md item 9) driven in Chromium against a local OpenID Connect provider
 * (oauth2-mock-server, e2e/support/oidc-provider.mjs) that the shop is configured with instead of Google.
 */
test('Continue with Google signs the user in, creating a user with a linked Google account', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();

  // Consent happens on the provider, which sends the browser back to the shop's callback, then home.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(mainNav(page).getByText(googleUser.name, { exact: true })).toBeVisible();
  await expect(mainNav(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);

  const session = await (await page.request.get('/api/auth/get-session')).json();
  expect(session.user).toMatchObject({ email: googleUser.email, name: googleUser.name, emailVerified: true });
  const linked = await (await page.request.get('/api/auth/list-accounts')).json();
  expect(linked).toEqual([expect.objectContaining({ providerId: 'google', accountId: googleUser.sub })]);

  // The user row exists for the shop's admin too.
  await ensureAccount(request, adminAccount);
  const token = await apiAccessToken(request, adminAccount);
  const users = await (
    await request.get('/api/user?limit=100', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(users).toContainEqual(
    expect.objectContaining({ email: googleUser.email, name: googleUser.name, role: 'user' }),
  );
});
