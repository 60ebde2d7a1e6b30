import type { Part } from '@partsforge/shared/catalog';
import type { FitmentRow } from '@partsforge/shared/fitment';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { partsFixture } from '@/testing/api-fixtures';
import { fitmentHandler, vehicleChoicesHandlers } from '@/testing/handlers/fitment';
import { adminFixture, sessionOf } from '@/testing/handlers/identity';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { requestLog, server } from '@/testing/server';

/** The brake pads, with no category or make (the fixtures' are names, not the ids the form takes). */
const part: Part = { ...partsFixture[0]!, category: null, make: null, interchangeNumbers: ['04465-33471'] };

/** Two saved rows: every engine of a 2015-2019 Camry (Front Left, with a note), and a 2018-2022 Accord's V6. */
const savedRows: FitmentRow[] = [
  {
    _id: 1,
    make: 'honda',
    makeName: 'Honda',
    model: 'accord',
    modelName: 'Accord',
    yearFrom: 2018,
    yearTo: 2022,
    engine: '3.5L V6',
    submodel: null,
    position: null,
    quantity: 1,
    note: null,
  },
  {
    _id: 2,
    make: 'toyota',
    makeName: 'Toyota',
    model: 'camry',
    modelName: 'Camry',
    yearFrom: 2015,
    yearTo: 2019,
    engine: null,
    submodel: 'LE',
    position: 'Front Left',
    quantity: 2,
    note: 'With ABS',
  },
];

/**
 * Signed in as the admin, editing `part` with its `rows`; `PUT /parts/{id}/fitment` answers `answer` (204 by
 * default) and every body sent to it is in `sent`.
 */
function editProductApi(
  rows: FitmentRow[] = savedRows,
  answer = () => new HttpResponse(null, { status: 204 }),
) {
  const sent: unknown[] = [];
  server.use(
    ...sessionOf(adminFixture).handlers,
    ...vehicleChoicesHandlers,
    http.get('/api/parts/:id', () => HttpResponse.json(part)),
    fitmentHandler({ [part._id]: rows }),
    http.put('/api/parts/:id/fitment', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return { sent, log: requestLog() };
}

const fitmentSection = () => screen.getByRole('region', { name: 'Fitment' });
const row = (n: number) => within(fitmentSection()).getByRole('group', { name: `Row ${n}` });
const saveFitment = () => within(fitmentSection()).getByRole('button', { name: 'Save fitment' });

describe('Edit Product (/dashboard/manageproducts/:id)', () => {
  it('sends the interchange numbers typed one per line or separated by commas', async () => {
    editProductApi();
    let sent: unknown;
    server.use(
      http.put('/api/parts/:id', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ modifiedCount: 1 });
      }),
      http.get('/api/parts', () => HttpResponse.json([])),
    );
    const { user, router } = renderApp(`/dashboard/manageproducts/${part._id}`);
    const numbers = (await screen.findByLabelText('Interchange numbers')) as HTMLTextAreaElement;
    expect(numbers.value).toBe('04465-33471');
    await user.type(numbers, ', 1K0 615 301{Enter}D1210{Enter}04465-33471');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manageproducts'));
    expect(sent).toMatchObject({
      name: part.name,
      interchangeNumbers: ['04465-33471', '1K0 615 301', 'D1210'],
    });
  });

  it("shows the part's Weight (kg) and sends the one typed", async () => {
    editProductApi();
    let sent: unknown;
    server.use(
      http.put('/api/parts/:id', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ modifiedCount: 1 });
      }),
      http.get('/api/parts', () => HttpResponse.json([])),
    );
    const { user, router } = renderApp(`/dashboard/manageproducts/${part._id}`);
    const weight = (await screen.findByLabelText('Weight (kg)')) as HTMLInputElement;
    expect(weight.value).toBe(String(part.weightKg));
    await user.clear(weight);
    await user.type(weight, '0.375');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manageproducts'));
    expect(sent).toMatchObject({ name: part.name, weightKg: 0.375 });
  });

  it('refuses an interchange number with other characters, naming the rule', async () => {
    editProductApi();
    const { user } = renderApp(`/dashboard/manageproducts/${part._id}`);
    const numbers = await screen.findByLabelText('Interchange numbers');
    await user.type(numbers, '\nAB#12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        'Interchange numbers may contain only letters, digits, spaces, dots, dashes and slashes',
      ),
    ).toBeTruthy();
    expect(numbers.getAttribute('aria-invalid')).toBe('true');
  });

  it('loads the rows, adds and removes rows, checks the years, and saves the fitment with a toast', async () => {
    const { sent, log } = editProductApi();
    const { user } = renderApp(`/dashboard/manageproducts/${part._id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Fitment' })).toBeTruthy();
    await waitFor(() => expect(within(row(2)).getByLabelText('Make')).toBeTruthy());
    expect((within(row(1)).getByLabelText('Make') as HTMLInputElement).value).toBe('honda');
    expect((within(row(1)).getByLabelText('Engine (optional)') as HTMLInputElement).value).toBe('3.5L V6');
    expect((within(row(2)).getByLabelText('Position') as HTMLSelectElement).value).toBe('Front Left');
    expect((within(row(2)).getByLabelText('Qty') as HTMLInputElement).value).toBe('2');
    expect((screen.getByLabelText('Universal fit (fits every vehicle)') as HTMLInputElement).checked).toBe(
      false,
    );
    const positions = within(within(row(1)).getByLabelText('Position'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(positions).toHaveLength(27);
    expect(positions.slice(0, 5)).toEqual(['None', 'Front', 'Front Upper', 'Front Lower', 'Front Left']);

    await user.click(within(fitmentSection()).getByRole('button', { name: 'Add row' }));
    const added = row(3);
    expect(document.activeElement).toBe(within(added).getByLabelText('Make'));
    await user.type(within(added).getByLabelText('From year'), '2010');
    await user.type(within(added).getByLabelText('Make'), 'ford');
    await user.type(within(added).getByLabelText('Model'), 'f-150');
    await user.type(within(added).getByLabelText('To year'), '2008');
    // The focused row suggests the vehicle list's makes and models of its From year.
    await waitFor(() =>
      expect(log).toEqual(
        expect.arrayContaining([
          'GET /api/vehicles/makes?year=2010',
          'GET /api/vehicles/models?year=2010&make=ford',
        ]),
      ),
    );
    await user.click(saveFitment());
    expect(await within(added).findByText('To year must not be before From year')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(within(added).getByLabelText('To year'));
    await user.type(within(added).getByLabelText('To year'), '2014');
    await user.selectOptions(within(added).getByLabelText('Position'), 'Rear');
    await user.type(within(added).getByLabelText('Note (optional)'), 'Heavy duty');
    await user.click(within(row(1)).getByRole('button', { name: 'Remove row 1' }));
    expect(within(fitmentSection()).queryByRole('group', { name: 'Row 3' })).toBeNull();
    expect((within(row(1)).getByLabelText('Make') as HTMLInputElement).value).toBe('toyota');
    await user.click(saveFitment());

    expect(await screen.findByText('Fitment saved')).toBeTruthy();
    expect(sent).toEqual([
      {
        universal: false,
        rows: [
          {
            make: 'toyota',
            model: 'camry',
            yearFrom: 2015,
            yearTo: 2019,
            submodel: 'LE',
            position: 'Front Left',
            quantity: 2,
            note: 'With ABS',
          },
          {
            make: 'ford',
            model: 'f-150',
            yearFrom: 2010,
            yearTo: 2014,
            position: 'Rear',
            quantity: 1,
            note: 'Heavy duty',
          },
        ],
      },
    ]);
  });

  it('saves a universal part with no rows', async () => {
    const { sent } = editProductApi();
    const { user } = renderApp(`/dashboard/manageproducts/${part._id}`);
    await waitFor(() => expect(row(2)).toBeTruthy());
    await user.click(screen.getByLabelText('Universal fit (fits every vehicle)'));
    expect(within(fitmentSection()).queryByRole('group', { name: 'Row 1' })).toBeNull();
    expect(within(fitmentSection()).queryByRole('button', { name: 'Add row' })).toBeNull();
    await user.click(saveFitment());
    expect(await screen.findByText('Fitment saved')).toBeTruthy();
    expect(sent).toEqual([{ universal: true, rows: [] }]);
  });

  it('brings the rows back when universal is unticked before saving', async () => {
    editProductApi();
    const { user } = renderApp(`/dashboard/manageproducts/${part._id}`);
    await waitFor(() => expect(row(2)).toBeTruthy());
    const universal = screen.getByLabelText('Universal fit (fits every vehicle)');
    await user.click(universal);
    await user.click(universal);
    expect((within(row(2)).getByLabelText('Model') as HTMLInputElement).value).toBe('camry');
  });

  it("shows the server's refusal naming the row, on the form and on the field", async () => {
    const message = 'Row 2: camri is not a model of toyota';
    const { sent } = editProductApi(savedRows, () =>
      apiError(400, message, { code: 'VALIDATION_FAILED', errors: { 'rows.1.model': 'Unknown model' } }),
    );
    const { user } = renderApp(`/dashboard/manageproducts/${part._id}`);
    await waitFor(() => expect(row(2)).toBeTruthy());
    const model = within(row(2)).getByLabelText('Model');
    await user.clear(model);
    await user.type(model, 'camri');
    await user.click(saveFitment());
    const alert = await within(fitmentSection()).findByText(message, { selector: '[role="alert"]' });
    expect(alert).toBeTruthy();
    await waitFor(() => expect(model.getAttribute('aria-invalid')).toBe('true'));
    expect(within(row(2)).getByText('Unknown model')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(screen.queryByText('Fitment saved')).toBeNull();
  });

  it('starts a part without rows with none, and an empty new row names what it needs', async () => {
    const { sent } = editProductApi([]);
    const { user } = renderApp(`/dashboard/manageproducts/${part._id}`);
    expect(
      await screen.findByText('No application rows yet. Add a row for each make and model this part fits.'),
    ).toBeTruthy();
    await user.click(within(fitmentSection()).getByRole('button', { name: 'Add row' }));
    fireEvent.click(saveFitment());
    expect(await within(row(1)).findByText('Make is required')).toBeTruthy();
    expect(within(row(1)).getByText('Model is required')).toBeTruthy();
    expect(within(row(1)).getByText('From year must be a model year')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
