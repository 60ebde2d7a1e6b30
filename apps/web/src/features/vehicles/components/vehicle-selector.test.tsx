import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@partsforge/shared/messages';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/testing/render-app';
import { apiError } from '@/testing/handlers/respond';
import { ACCORD_VIN, MISTYPED_VIN, decodedAccord } from '@/testing/handlers/vehicles';
import { requestLog, server } from '@/testing/server';
import { VehicleSelector } from './vehicle-selector';
import { camryFixture } from '@/testing/api-fixtures';

function renderSelector() {
  const onChosen = vi.fn();
  const router = createMemoryRouter([{ path: '*', element: <VehicleSelector onChosen={onChosen} /> }]);
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { onChosen, user: userEvent.setup(), log: requestLog() };
}

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const options = (name: string) => [...select(name).options].map((option) => option.textContent);
const vehicleRequests = (log: string[]) => log.filter((request) => request.includes('/api/vehicles/'));

describe('VehicleSelector (docs/requirements.md §12)', () => {
  it('narrows Year, Make, Model and Engine, each waiting for the one before and reset when it changes', async () => {
    const { user, log, onChosen } = renderSelector();

    await waitFor(() => expect(options('Year')).toEqual(['Choose a year', '2020', '2019']));
    expect(select('Make').disabled).toBe(true);
    expect(select('Model').disabled).toBe(true);
    expect(select('Engine').disabled).toBe(true);
    const submit = screen.getByRole('button', { name: 'Shop for this vehicle' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('Choose a year, make and model first.')).toBeTruthy();

    await user.selectOptions(select('Year'), '2019');
    await waitFor(() => expect(select('Make').disabled).toBe(false));
    expect(options('Make')).toEqual(['Choose a make', 'Honda', 'Toyota']);
    expect(select('Model').disabled).toBe(true);

    await user.selectOptions(select('Make'), 'Toyota');
    await waitFor(() => expect(select('Model').disabled).toBe(false));
    expect(options('Model')).toEqual(['Choose a model', 'Camry', 'Corolla']);

    await user.selectOptions(select('Model'), 'Camry');
    await waitFor(() => expect(select('Engine').disabled).toBe(false));
    expect(options('Engine')).toEqual(['Any engine', '2.5L 4-cyl', '3.5L V6']);
    expect(submit.disabled).toBe(false);
    await user.selectOptions(select('Engine'), '3.5L V6');

    expect(vehicleRequests(log)).toEqual([
      'GET /api/vehicles/makes?year=2019',
      'GET /api/vehicles/models?year=2019&make=toyota',
      'GET /api/vehicles/engines?year=2019&make=toyota&model=camry',
    ]);

    // A new make resets the model and the engine.
    await user.selectOptions(select('Make'), 'Honda');
    expect(select('Model').value).toBe('');
    expect(select('Engine').value).toBe('');
    expect(select('Engine').disabled).toBe(true);
    // A new year resets everything after it; lists already read are not asked again.
    await user.selectOptions(select('Year'), '2020');
    expect(select('Make').value).toBe('');
    await user.selectOptions(select('Year'), '2019');
    await user.selectOptions(select('Make'), 'Toyota');
    await user.selectOptions(select('Model'), 'Camry');
    await user.selectOptions(select('Engine'), '2.5L 4-cyl');
    expect(vehicleRequests(log).filter((request) => request.includes('makes?year=2019'))).toHaveLength(1);

    await user.click(submit);
    await waitFor(() => expect(onChosen).toHaveBeenCalledWith(camryFixture));
    expect(JSON.parse(localStorage.getItem('garage')!)).toEqual({ vehicles: [camryFixture], active: 0 });
  });

  it('fills the selects from a decoded VIN, matching vPIC names and the engine label', async () => {
    const { user, log } = renderSelector();
    await user.type(screen.getByRole('textbox', { name: 'VIN' }), ` ${ACCORD_VIN.toLowerCase()} `);
    await user.click(screen.getByRole('button', { name: 'Decode VIN' }));

    await waitFor(() => expect(select('Model').value).toBe('accord'));
    expect(select('Year').value).toBe('2019');
    expect(select('Make').value).toBe('honda');
    expect(select('Engine').value).toBe('1.5L 4-cyl');
    expect(
      screen.getByText('VIN decoded: 2019 Honda Accord 1.5L 4-cyl. Check the choices and shop.'),
    ).toBeTruthy();
    expect(log).toContain(`GET /api/vehicles/vin/${ACCORD_VIN}`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the vehicle list lacks the decoded engine, and keeps Any engine', async () => {
    const notice = messages.vehicles.selector.engineNotListed('6-cyl (J30A4)');
    server.use(
      http.get('/api/vehicles/vin/:vin', () =>
        HttpResponse.json({
          ...decodedAccord,
          engine: '6-cyl (J30A4)',
          listed: { ...decodedAccord.listed!, engine: null },
          notice,
        }),
      ),
    );
    const { user } = renderSelector();
    await user.type(screen.getByRole('textbox', { name: 'VIN' }), ACCORD_VIN);
    await user.click(screen.getByRole('button', { name: 'Decode VIN' }));

    await waitFor(() => expect(select('Model').value).toBe('accord'));
    expect(select('Engine').value).toBe('');
    expect(screen.getByRole('status').textContent).toBe(
      `VIN decoded: 2019 Honda Accord. Check the choices and shop. ${notice}`,
    );
  });

  it('says when the vehicle list lacks the decoded vehicle', async () => {
    const notice = messages.vehicles.selector.notListed('2019 HONDA Accord');
    server.use(
      http.get('/api/vehicles/vin/:vin', () => HttpResponse.json({ ...decodedAccord, listed: null, notice })),
    );
    const { user } = renderSelector();
    await user.type(screen.getByRole('textbox', { name: 'VIN' }), ACCORD_VIN);
    await user.click(screen.getByRole('button', { name: 'Decode VIN' }));
    expect((await screen.findByRole('alert')).textContent).toBe(notice);
    expect(select('Year').value).toBe('');
  });

  it('shows a mistyped VIN’s check-digit error under the field without calling the API', async () => {
    const { user, log } = renderSelector();
    const field = screen.getByRole('textbox', { name: 'VIN' });
    await user.type(field, MISTYPED_VIN);
    await user.click(screen.getByRole('button', { name: 'Decode VIN' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This VIN is mistyped: its check digit does not match');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    expect(document.activeElement).toBe(field);
    expect(log.some((request) => request.includes('/vin/'))).toBe(false);

    // Too short, and the letters a VIN never has, are caught the same way.
    await user.clear(field);
    await user.type(field, '1HGCV1F3');
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('A VIN has 17 characters');
    await user.clear(field);
    await user.type(field, '1HGCV1F3OKA000001');
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('A VIN never contains the letters I, O or Q');
  });

  it('shows the server’s answer for a VIN it cannot decode', async () => {
    server.use(http.get('/api/vehicles/vin/:vin', () => apiError(404, 'This VIN could not be decoded')));
    const { user } = renderSelector();
    await user.type(screen.getByRole('textbox', { name: 'VIN' }), ACCORD_VIN);
    await user.click(screen.getByRole('button', { name: 'Decode VIN' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This VIN could not be decoded');
    expect(select('Year').value).toBe('');
  });

  it('says when a list cannot be loaded, and loads it again on request', async () => {
    let fail = true;
    server.use(
      http.get('/api/vehicles/years', () =>
        fail ? apiError(503, 'The database is unavailable.') : Response.json([2019]),
      ),
    );
    const { user } = renderSelector();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The years could not be loaded.');
    expect(select('Year').disabled).toBe(true);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(options('Year')).toEqual(['Choose a year', '2019']));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
