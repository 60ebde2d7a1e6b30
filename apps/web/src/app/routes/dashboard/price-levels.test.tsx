import type { PriceLevel } from '@partsforge/shared/trade-terms';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { categoriesFixture } from '@/testing/api-fixtures';
import { priceLevelsFixture } from '@/testing/handlers/admin-trade-terms';
import { adminFixture, sessionOf } from '@/testing/handlers/identity';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const PAGE = '/dashboard/price-levels';
const [brakes, filters] = categoriesFixture;

describe('/dashboard/price-levels (admins)', () => {
  it('shows the levels with their category discounts, edits them and saves the whole list', async () => {
    const bodies: PriceLevel[][] = [];
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.put('/api/admin/price-levels', async ({ request }) => {
        const body = (await request.json()) as PriceLevel[];
        bodies.push(body);
        return HttpResponse.json(body);
      }),
    );
    const { user } = renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Price levels' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(within(menu).getByRole('link', { name: 'Price levels' })).toBeTruthy();
    const jobber = await screen.findByRole('group', { name: 'Jobber' });
    expect((within(jobber).getByLabelText('Code') as HTMLInputElement).value).toBe('jobber');
    expect((within(jobber).getByLabelText('Discount (%)') as HTMLInputElement).value).toBe('15');
    const discounts = within(jobber).getByRole('table', { name: 'Category discounts of Jobber' });
    expect((within(discounts).getByLabelText('Category 1 (Jobber)') as HTMLSelectElement).value).toBe(
      brakes!._id,
    );

    // Jobber gets a Filters discount; dealer goes; a new level comes.
    await user.click(within(jobber).getByRole('button', { name: 'Add category discount' }));
    await user.selectOptions(within(discounts).getByLabelText('Category 2 (Jobber)'), filters!._id);
    await user.type(within(discounts).getByLabelText('Discount (%) 2 (Jobber)'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Remove level Dealer' }));
    expect(screen.queryByRole('group', { name: 'Dealer' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add level' }));
    const added = screen.getByRole('group', { name: 'Level 3' });
    await user.type(within(added).getByLabelText('Name'), 'Fleet');
    await user.type(within(added).getByLabelText('Code'), 'fleet');
    await user.clear(within(added).getByLabelText('Discount (%)'));
    await user.type(within(added).getByLabelText('Discount (%)'), '30');
    await user.click(screen.getByRole('button', { name: 'Save price levels' }));

    expect(await screen.findByText('Saved the price levels')).toBeTruthy();
    expect(bodies).toEqual([
      [
        priceLevelsFixture[0],
        {
          ...priceLevelsFixture[1],
          categoryDiscounts: [
            { categoryId: brakes!._id, discountPercent: 20 },
            { categoryId: filters!._id, discountPercent: 12.5 },
          ],
        },
        { code: 'fleet', name: 'Fleet', discountPercent: 30, categoryDiscounts: [] },
      ],
    ]);
  }, 20_000);

  it('checks codes, discounts and categories before sending', async () => {
    server.use(...sessionOf(adminFixture).handlers);
    const { user } = renderApp(PAGE);
    const dealer = await screen.findByRole('group', { name: 'Dealer' });
    await user.clear(within(dealer).getByLabelText('Code'));
    await user.type(within(dealer).getByLabelText('Code'), 'Dealer Two');
    await user.clear(within(dealer).getByLabelText('Discount (%)'));
    await user.type(within(dealer).getByLabelText('Discount (%)'), '101');
    await user.click(within(dealer).getByRole('button', { name: 'Add category discount' }));
    await user.click(screen.getByRole('button', { name: 'Save price levels' }));
    // A row without its category first, then the level's own fields.
    expect(await within(dealer).findByText('Choose a category', { selector: 'p' })).toBeTruthy();
    await user.selectOptions(within(dealer).getByLabelText('Category 1 (Dealer)'), brakes!._id);
    await user.click(screen.getByRole('button', { name: 'Save price levels' }));
    expect(
      await within(dealer).findByText(
        'Level code must be lower-case letters, digits and dashes, starting with a letter',
      ),
    ).toBeTruthy();
    expect(
      within(dealer).getAllByText('Discount must be a percentage from 0 to 100, two decimals at most'),
    ).toHaveLength(2);
  }, 20_000);

  it("shows the server's refusal of a level still given to a company", async () => {
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.put('/api/admin/price-levels', () =>
        apiError(409, 'Price levels still given to companies cannot be removed: dealer', {
          code: 'LEVEL_IN_USE',
        }),
      ),
    );
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Remove level Dealer' }));
    await user.click(screen.getByRole('button', { name: 'Save price levels' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Price levels still given to companies cannot be removed: dealer',
    );
  });

  it('says when the levels cannot be loaded', async () => {
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.get('/api/admin/price-levels', () => apiError(500, 'Something went wrong')),
    );
    renderApp(PAGE);
    expect(await screen.findByText('The price levels could not be loaded.')).toBeTruthy();
  });
});
