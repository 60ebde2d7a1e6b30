import type { ShippingMethod, TaxRate } from '@partsforge/shared/shipping';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminFixture, sessionOf } from '@/testing/handlers/identity';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const METHODS: ShippingMethod[] = [
  {
    code: 'pickup',
    name: 'Counter pickup',
    kind: 'pickup',
    price: 0,
    transitDays: { min: 0, max: 0 },
    cutoff: '17:00',
    countries: ['US'],
  },
  {
    code: 'ground',
    name: 'Ground',
    kind: 'weight',
    bands: [{ upToKg: 5, price: 9.95 }],
    freeOverSubtotal: 500,
    transitDays: { min: 3, max: 5 },
    cutoff: '15:00',
    countries: ['US'],
  },
];

const RATES: TaxRate[] = [
  { country: 'US', region: 'IL', ratePercent: 6.25, taxShipping: false },
  { country: 'US', region: 'TX', ratePercent: 6.25, taxShipping: true },
];

describe('/dashboard/shipping-methods (admins)', () => {
  it('shows the methods, edits bands and a new flat method, and saves the whole list', async () => {
    const bodies: ShippingMethod[][] = [];
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.get('/api/shipping-methods', () => HttpResponse.json(METHODS)),
      http.put('/api/admin/shipping-methods', async ({ request }) => {
        const body = (await request.json()) as ShippingMethod[];
        bodies.push(body);
        return HttpResponse.json(body);
      }),
    );
    const { user } = renderApp('/dashboard/shipping-methods');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping methods' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(within(menu).getByRole('link', { name: 'Shipping methods' })).toBeTruthy();
    const ground = await screen.findByRole('group', { name: 'Ground' });
    expect((within(ground).getByLabelText('Up to (kg) 1') as HTMLInputElement).value).toBe('5');
    await user.click(within(ground).getByRole('button', { name: 'Add band' }));
    await user.type(within(ground).getByLabelText('Up to (kg) 2'), '20');
    await user.type(within(ground).getByLabelText('Band price ($) 2'), '19.95');

    await user.click(screen.getByRole('button', { name: 'Add method' }));
    const added = screen.getByRole('group', { name: 'Shipping methods 3' });
    await user.type(within(added).getByLabelText('Name'), 'Courier');
    await user.type(within(added).getByLabelText('Code'), 'courier');
    await user.type(within(added).getByLabelText('Price ($)'), '15');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(bodies).toEqual([
      [
        METHODS[0],
        {
          ...METHODS[1],
          bands: [
            { upToKg: 5, price: 9.95 },
            { upToKg: 20, price: 19.95 },
          ],
        },
        {
          code: 'courier',
          name: 'Courier',
          kind: 'flat',
          price: 15,
          transitDays: { min: 1, max: 3 },
          cutoff: '15:00',
          countries: ['US'],
        },
      ],
    ]);
  }, 20_000);

  it("shows the server's 400 messages beside their fields", async () => {
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.get('/api/shipping-methods', () => HttpResponse.json(METHODS)),
      http.put('/api/admin/shipping-methods', () =>
        apiError(400, 'cutoff: Cut-off must be a time of day as HH:MM (24-hour)', {
          code: 'VALIDATION_FAILED',
          errors: {
            '1.cutoff': 'Cut-off must be a time of day as HH:MM (24-hour)',
            '1.bands.0.upToKg': 'Weight (kg) must be more than 0',
          },
        }),
      ),
    );
    const { user } = renderApp('/dashboard/shipping-methods');
    const ground = await screen.findByRole('group', { name: 'Ground' });
    await user.clear(within(ground).getByLabelText('Cut-off (HH:MM, shop time)'));
    await user.type(within(ground).getByLabelText('Cut-off (HH:MM, shop time)'), '25:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Some fields need fixing before the list can be saved.',
    );
    const cutoff = within(ground).getByLabelText('Cut-off (HH:MM, shop time)');
    expect(cutoff.getAttribute('aria-invalid')).toBe('true');
    expect(within(ground).getByText('Cut-off must be a time of day as HH:MM (24-hour)')).toBeTruthy();
    expect(within(ground).getByText('Weight (kg) must be more than 0')).toBeTruthy();
  });
});

describe('/dashboard/tax-rates (admins)', () => {
  it('lists the rates, adds and removes rows and saves the whole list', async () => {
    const bodies: TaxRate[][] = [];
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.get('/api/admin/tax-rates', () => HttpResponse.json(RATES)),
      http.put('/api/admin/tax-rates', async ({ request }) => {
        const body = (await request.json()) as TaxRate[];
        bodies.push(body);
        return HttpResponse.json(body);
      }),
    );
    const { user } = renderApp('/dashboard/tax-rates');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax rates' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Tax rates by destination' });
    expect((within(table).getByLabelText('Region 2') as HTMLInputElement).value).toBe('TX');
    expect((within(table).getByLabelText('Tax shipping 2') as HTMLInputElement).checked).toBe(true);
    await user.click(within(table).getByRole('button', { name: 'Remove US/IL' }));
    await user.click(screen.getByRole('button', { name: 'Add rate' }));
    await user.type(within(table).getByLabelText('Region 2'), 'mn');
    await user.clear(within(table).getByLabelText('Rate (%) 2'));
    await user.type(within(table).getByLabelText('Rate (%) 2'), '6.875');
    await user.click(within(table).getByLabelText('Tax shipping 2'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(bodies).toEqual([
      [RATES[1], { country: 'US', region: 'MN', ratePercent: 6.875, taxShipping: true }],
    ]);
  }, 20_000);

  it("shows the server's 400 message in the cell it names", async () => {
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.get('/api/admin/tax-rates', () => HttpResponse.json(RATES)),
      http.put('/api/admin/tax-rates', () =>
        apiError(400, 'Rate must be a percentage from 0 to 100 with at most 3 decimals', {
          code: 'VALIDATION_FAILED',
          errors: { '0.ratePercent': 'Rate must be a percentage from 0 to 100 with at most 3 decimals' },
        }),
      ),
    );
    const { user } = renderApp('/dashboard/tax-rates');
    const rate = await screen.findByLabelText('Rate (%) 1');
    await user.clear(rate);
    await user.type(rate, '101');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Rate must be a percentage from 0 to 100 with at most 3 decimals'),
    ).toBeTruthy();
    expect(rate.getAttribute('aria-invalid')).toBe('true');
  });
});
