import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { camryFixture } from '@/testing/api-fixtures';

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const garageButton = () => within(nav()).getByRole('button', { name: /^My Garage/ });

const camry = camryFixture;
const civic = { ...camry, year: 2020, make: 'honda', makeName: 'Honda', model: 'civic', modelName: 'Civic' };

describe('My Garage in the navbar (docs/requirements.md §12)', () => {
  it('says "Add a vehicle" and adds one from the dialog, which then names the active vehicle', async () => {
    const { user } = renderApp('/aboutus');
    await waitFor(() => expect(garageButton().textContent).toBe('My GarageAdd a vehicle'));
    expect(garageButton().getAttribute('aria-haspopup')).toBe('dialog');

    await user.click(garageButton());
    const dialog = await screen.findByRole('dialog', { name: 'My Garage' });
    expect(garageButton().getAttribute('aria-expanded')).toBe('true');
    expect(within(dialog).getByText('No saved vehicles yet: add one below.')).toBeTruthy();
    const year = within(dialog).getByRole('combobox', { name: 'Year' });
    await waitFor(() => expect(within(year).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(year, '2019');
    await within(dialog).findByRole('option', { name: 'Toyota' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Make' }), 'Toyota');
    await within(dialog).findByRole('option', { name: 'Camry' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Model' }), 'Camry');
    await user.click(within(dialog).getByRole('button', { name: 'Shop for this vehicle' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(garageButton().textContent).toBe('My Garage2019 Toyota Camry');
    expect(garageButton().getAttribute('aria-expanded')).toBe('false');
    // The focus returns to the button that opened the dialog.
    expect(document.activeElement).toBe(garageButton());
    expect(JSON.parse(localStorage.getItem('garage')!).active).toBe(0);
  });

  // The catalogue's chunk is transformed on first use: more than the default 5 s on a busy machine.
  it(
    'switches the active vehicle (opening the catalogue), removes vehicles and clears the active one',
    { timeout: 15_000 },
    async () => {
      localStorage.setItem('garage', JSON.stringify({ vehicles: [camry, civic], active: 1 }));
      const { user, router } = renderApp('/aboutus');
      await waitFor(() => expect(garageButton().textContent).toBe('My Garage2020 Honda Civic'));

      await user.click(garageButton());
      let dialog = await screen.findByRole('dialog', { name: 'My Garage' });
      const saved = within(dialog).getByRole('list');
      expect(
        within(saved)
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('aria-current')),
      ).toEqual([null, 'true']);
      await user.click(within(dialog).getByRole('button', { name: 'Shop for 2019 Toyota Camry 2.5L 4-cyl' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/parts'));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(garageButton().textContent).toBe('My Garage2019 Toyota Camry');

      await user.click(garageButton());
      dialog = await screen.findByRole('dialog', { name: 'My Garage' });
      await user.click(within(dialog).getByRole('button', { name: 'Remove 2020 Honda Civic 2.5L 4-cyl' }));
      expect(within(dialog).queryByRole('button', { name: /Honda Civic/ })).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Clear active vehicle' }));
      expect(within(dialog).queryByRole('button', { name: 'Clear active vehicle' })).toBeNull();
      expect(
        within(dialog).getByRole('button', { name: 'Shop for 2019 Toyota Camry 2.5L 4-cyl' }),
      ).toBeTruthy();
      expect(JSON.parse(localStorage.getItem('garage')!)).toEqual({ vehicles: [camry], active: null });

      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(garageButton().textContent).toBe('My GarageAdd a vehicle');
    },
  );
});
