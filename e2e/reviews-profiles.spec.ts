/**
 * Reviews and profiles (docs/decisions/009-catalogue-admin-uploads-and-profiles.md; docs/requirements.md §2, §5, §8): the rating messages for 0 and 6, a customer's review
 * on the home page, and a profile update shown in My Profile.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { dashboardMenu, ensureAccount, logIn, newCustomer } from './support/accounts';

test('a customer adds a review that appears on the home page', async ({ page, request }) => {
  const customer = await ensureAccount(request, newCustomer('Rita Reviewer'));
  await logIn(page, customer);
  await page.goto('/dashboard');
  await dashboardMenu(page).getByRole('link', { name: 'Add A Review' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add A Review' })).toBeVisible();

  const rating = page.getByLabel('Rating (1 to 5 stars)');
  await rating.fill('0');
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Rating must be 1 star', { exact: true })).toBeVisible();
  await rating.fill('6');
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Rating can be maximum 5 star', { exact: true })).toBeVisible();

  const text = `Bulk filters arrived in two days ${randomBytes(3).toString('hex')}`;
  await expect(page.getByLabel('Name')).toHaveValue('Rita Reviewer');
  await page.getByLabel('Description').fill(text);
  await rating.fill('4');
  await page.getByLabel('Image URL').fill('https://example.com/rita.png');
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Successfully added your review')).toBeVisible();

  await page.goto('/');
  const reviews = page.locator('section').filter({
    has: page.getByRole('heading', { name: 'What Our Customers Say!' }),
  });
  await expect(reviews.getByText(text)).toBeVisible();
  await expect(reviews.getByText('4 stars').first()).toBeVisible();
});

test('a customer updates the profile and sees it in My Profile', async ({ page, request }) => {
  const customer = await ensureAccount(request, newCustomer('Pat Profile'));
  await logIn(page, customer);
  await page.goto('/dashboard/myprofile');
  await page.getByRole('link', { name: 'Update Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Update Profile' })).toBeVisible();

  await page.getByRole('button', { name: 'Update' }).click();
  for (const message of ['Education is Required', 'Address is Required', 'City is Required'])
    await expect(page.getByText(message, { exact: true })).toBeVisible();

  await page.getByLabel('Education').fill('Diploma in Automotive Technology');
  await page.getByLabel('Address').fill('12 Piston Lane');
  await page.getByLabel('City').fill('Detroit');
  await page.getByLabel('Phone').fill('555-0199');
  await page.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/pat-profile');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Successfully updated your info')).toBeVisible();

  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByText('Diploma in Automotive Technology')).toBeVisible();
  await expect(page.getByText('12 Piston Lane')).toBeVisible();
  await expect(page.getByText('Detroit')).toBeVisible();
  await expect(page.getByText('555-0199')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Detroit')).toBeVisible();
});
