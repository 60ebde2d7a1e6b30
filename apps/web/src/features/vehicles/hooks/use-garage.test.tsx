import type { NamedVehicle } from '@partsforge/shared/fitment';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { adminFixture, customerFixture, sessionOf } from '@/testing/handlers/identity';
import { profileHandler } from '@/testing/handlers/profiles';
import { garageApi } from '@/testing/handlers/vehicles';
import { createTestQueryClient, renderApp } from '@/testing/render-app';
import { requestLog, server } from '@/testing/server';
import { useActiveVehicle, useGarage } from './use-garage';

// Toasts are checked as notify() calls (the toast outlet belongs to the app layer).
vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
}

/** Vehicle number `n` (2001 + n Toyota Camry), so eleven differ. */
const camry = (n: number, engine: string | null = null): NamedVehicle => ({
  year: 2000 + n,
  make: 'toyota',
  makeName: 'Toyota',
  model: 'camry',
  modelName: 'Camry',
  engine,
});
const accord: NamedVehicle = {
  year: 2019,
  make: 'honda',
  makeName: 'Honda',
  model: 'accord',
  modelName: 'Accord',
  engine: '1.5L 4-cyl',
};
const stored = () => JSON.parse(localStorage.getItem('garage') ?? 'null') as unknown;

describe('useGarage for a visitor (local storage)', () => {
  it('adds vehicles as the active one, switches, removes and clears the active one', async () => {
    const { result } = renderHook(() => ({ garage: useGarage(), active: useActiveVehicle() }), { wrapper });
    await waitFor(() => expect(result.current.garage.isLoading).toBe(false));
    expect(result.current.garage.vehicles).toEqual([]);
    expect(result.current.active).toBeNull();

    await act(() => result.current.garage.add(camry(19)));
    await act(() => result.current.garage.add(accord));
    expect(result.current.garage.vehicles.map((vehicle) => vehicle.label)).toEqual([
      '2019 Toyota Camry',
      '2019 Honda Accord 1.5L 4-cyl',
    ]);
    expect(result.current.active?.label).toBe('2019 Honda Accord 1.5L 4-cyl');
    expect(stored()).toEqual({ vehicles: [camry(19), accord], active: 1 });

    // A vehicle already saved is not added twice: it becomes the active one.
    await act(() => result.current.garage.add(camry(19)));
    expect(result.current.garage.vehicles).toHaveLength(2);
    expect(result.current.active?.label).toBe('2019 Toyota Camry');

    await act(() => result.current.garage.activate(1));
    expect(result.current.active?.label).toBe('2019 Honda Accord 1.5L 4-cyl');
    // Removing a vehicle before the active one keeps the same vehicle active.
    await act(() => result.current.garage.remove(0));
    expect(stored()).toEqual({ vehicles: [accord], active: 0 });
    await act(() => result.current.garage.clearActive());
    expect(result.current.active).toBeNull();
    expect(result.current.garage.vehicles).toHaveLength(1);
    await act(() => result.current.garage.remove(0));
    expect(localStorage.getItem('garage')).toBeNull();
  });

  it('keeps 10 vehicles: an 11th drops the oldest one that is not active, with a toast', async () => {
    const { result } = renderHook(() => useGarage(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    for (let n = 1; n <= 10; n += 1) await act(() => result.current.add(camry(n)));
    await act(() => result.current.activate(0));

    await act(() => result.current.add(accord));
    expect(result.current.vehicles).toHaveLength(10);
    expect(result.current.vehicles.map((vehicle) => vehicle.year)).toEqual([
      2001, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2019,
    ]);
    expect(result.current.active?.label).toBe('2019 Honda Accord 1.5L 4-cyl');
    expect(notify).toHaveBeenCalledWith(
      'warning',
      'My Garage keeps 10 vehicles: 2002 Toyota Camry was removed to make room.',
    );
  });

  it('ignores what is not a garage in local storage', async () => {
    localStorage.setItem(
      'garage',
      JSON.stringify({ vehicles: [camry(19), { year: 'x' }, { ...accord, make: '' }], active: 5 }),
    );
    const { result } = renderHook(() => useGarage(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.vehicles.map((vehicle) => vehicle.label)).toEqual(['2019 Toyota Camry']);
    expect(result.current.active).toBeNull();
  });
});

describe('useGarage when signed in (the server)', () => {
  it("reads a customer's garage and saves each change with PUT /api/garage", async () => {
    const garage = garageApi({ vehicles: [{ year: 2019, make: 'toyota', model: 'camry' }], active: 0 });
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT' && request.url.endsWith('/api/garage'))
        void request
          .clone()
          .json()
          .then((body) => bodies.push(body));
    });
    server.use(...sessionOf(customerFixture).handlers, ...garage.handlers);
    const { result } = renderHook(() => useGarage(), { wrapper });
    await waitFor(() => expect(result.current.active?.label).toBe('2019 Toyota Camry'));

    await act(() => result.current.add(accord));
    expect(result.current.active?.label).toBe('2019 Honda Accord 1.5L 4-cyl');
    expect(garage.state.garage.active).toBe(1);
    await act(() => result.current.remove(0));
    expect(result.current.vehicles.map((vehicle) => vehicle.label)).toEqual(['2019 Honda Accord 1.5L 4-cyl']);
    await act(() => result.current.clearActive());
    expect(result.current.active).toBeNull();
    expect(bodies).toEqual([
      {
        vehicles: [
          { year: 2019, make: 'toyota', model: 'camry', engine: null },
          { year: 2019, make: 'honda', model: 'accord', engine: '1.5L 4-cyl' },
        ],
        active: 1,
      },
      { vehicles: [{ year: 2019, make: 'honda', model: 'accord', engine: '1.5L 4-cyl' }], active: 0 },
      { vehicles: [{ year: 2019, make: 'honda', model: 'accord', engine: '1.5L 4-cyl' }], active: null },
    ]);
    expect(localStorage.getItem('garage')).toBeNull();
  });

  it('keeps an admin’s garage on the server too', async () => {
    const garage = garageApi({ vehicles: [{ year: 2020, make: 'honda', model: 'civic' }], active: 0 });
    server.use(...sessionOf(adminFixture).handlers, ...garage.handlers);
    const { result } = renderHook(() => useActiveVehicle(), { wrapper });
    await waitFor(() => expect(result.current?.label).toBe('2020 Honda Civic'));
  });

  it('rejects a change the server refuses and reads the garage again', async () => {
    const garage = garageApi();
    server.use(...sessionOf(customerFixture).handlers, ...garage.handlers);
    server.use(
      http.put('/api/garage', () =>
        HttpResponse.json({ message: 'This vehicle is not in the vehicle list' }, { status: 400 }),
      ),
    );
    const { result } = renderHook(() => useGarage(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    await act(() =>
      expect(result.current.add(accord)).rejects.toThrow('This vehicle is not in the vehicle list'),
    );
    await waitFor(() => expect(result.current.vehicles).toEqual([]));
  });
});

describe('useMergeBrowserGarageOnSignIn (in the root layout)', () => {
  it("merges the visitor's garage into the account once at sign-in, then clears the browser's", async () => {
    localStorage.setItem('garage', JSON.stringify({ vehicles: [camry(19), accord], active: 1 }));
    const { session, handlers } = sessionOf(customerFixture, { signedIn: false });
    const garage = garageApi({ vehicles: [{ year: 2020, make: 'honda', model: 'civic' }], active: 0 });
    let merged: unknown;
    // server.use puts the newest handlers first: the merge below answers instead of garageApi's.
    server.use(...handlers, ...garage.handlers);
    server.use(
      profileHandler(customerFixture),
      http.post('/api/auth/sign-in/email', () => {
        session.signedIn = true;
        return HttpResponse.json({ redirect: false, token: 'session-token', user: customerFixture });
      }),
      http.post('/api/garage/merge', async ({ request }) => {
        merged = await request.json();
        return HttpResponse.json({
          vehicles: [
            ...garage.state.garage.vehicles,
            { ...camry(19), label: '2019 Toyota Camry' },
            { ...accord, label: '2019 Honda Accord 1.5L 4-cyl' },
          ],
          active: 2,
        });
      }),
    );
    const log = requestLog();
    const { user } = renderApp('/login');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    // A visitor: the browser's garage, nothing merged.
    expect(await within(nav).findByRole('button', { name: /My Garage 2019 Honda Accord/ })).toBeTruthy();
    expect(merged).toBeUndefined();

    await user.type(await screen.findByLabelText('Email'), customerFixture.email);
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(localStorage.getItem('garage')).toBeNull());
    expect(merged).toEqual({
      vehicles: [
        { year: 2019, make: 'toyota', model: 'camry', engine: null },
        { year: 2019, make: 'honda', model: 'accord', engine: '1.5L 4-cyl' },
      ],
      active: 1,
    });
    expect(within(nav).getByRole('button', { name: /My Garage 2019 Honda Accord/ })).toBeTruthy();
    await user.click(within(nav).getByRole('button', { name: /My Garage/ }));
    const dialog = await screen.findByRole('dialog', { name: 'My Garage' });
    expect(within(dialog).getByRole('button', { name: 'Shop for 2020 Honda Civic' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Shop for 2019 Toyota Camry' })).toBeTruthy();
    expect(log.filter((request) => request === 'POST /api/garage/merge')).toHaveLength(1);
  });
});
