import type { CatalogImportReport } from '@partsforge/shared/catalog-csv';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminFixture, sessionOf } from '@/testing/handlers/identity';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { requestLog, server } from '@/testing/server';

const PAGE = '/dashboard/manageproducts';

/** The file an admin picks: a few rows of the parts CSV. */
const csvFile = () =>
  new File(
    ['sku,name,description,price,minqty,available,img\r\nBP-1,Pads,Front pads,10.00,1,5,/images/a.svg\r\n'],
    'parts.csv',
    {
      type: 'text/csv',
    },
  );

/**
 * Signed in as the admin; `POST /api/admin/parts/import` answers `preview` to a dry run and `apply` to the import
 * itself; every call is in `calls` (dry run or not, and the file's name).
 */
function importApi(preview: () => Response, apply: () => Response = () => HttpResponse.json({})) {
  const calls: { dryRun: boolean; file: string | undefined }[] = [];
  server.use(
    ...sessionOf(adminFixture).handlers,
    http.post('/api/admin/parts/import', async ({ request }) => {
      const dryRun = new URL(request.url).searchParams.get('dryRun') === 'true';
      const file = (await request.formData()).get('file');
      calls.push({ dryRun, file: file instanceof File ? file.name : undefined });
      return dryRun ? preview() : apply();
    }),
  );
  return calls;
}

const report = (overrides: Partial<CatalogImportReport> = {}): CatalogImportReport => ({
  created: 2,
  updated: 3,
  unchanged: 115,
  errors: [],
  ...overrides,
});

async function openImport() {
  const view = renderApp(PAGE);
  await view.user.click(await screen.findByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import products from a CSV file' });
  await view.user.upload(within(dialog).getByLabelText('CSV file'), csvFile());
  return { ...view, dialog };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/dashboard/manageproducts: Import CSV', () => {
  it('previews a file with errors: the errors by row and column, and Apply import stays disabled', async () => {
    const calls = importApi(() =>
      HttpResponse.json(
        report({
          created: 1,
          updated: 0,
          unchanged: 0,
          errors: [
            { row: 3, column: 'price', message: 'Price must be an amount in dollars, such as 4.50' },
            {
              row: 7,
              column: 'fitment',
              message: 'Fitment row 1: no Toyota model "flying-carpet" in the vehicle list',
            },
          ],
        }),
      ),
    );
    const { user, dialog } = await openImport();
    const apply = within(dialog).getByRole('button', { name: 'Apply import' });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const preview = await within(dialog).findByRole('region', { name: 'Preview (nothing changed yet)' });
    expect(within(preview).getByText('To create').nextElementSibling?.textContent).toBe('1');
    const table = within(preview).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['3', 'price', 'Price must be an amount in dollars, such as 4.50'],
      ['7', 'fitment', 'Fitment row 1: no Toyota model "flying-carpet" in the vehicle list'],
    ]);
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([{ dryRun: true, file: 'parts.csv' }]);
  });

  it('applies a clean preview, shows the result and refreshes the products list', async () => {
    const calls = importApi(
      () => HttpResponse.json(report()),
      () => HttpResponse.json(report()),
    );
    const { user, dialog } = await openImport();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByText('No errors: the file can be imported.');
    const preview = within(dialog).getByRole('region', { name: 'Preview (nothing changed yet)' });
    expect(within(preview).getByText('To update').nextElementSibling?.textContent).toBe('3');

    const log = requestLog();
    const apply = within(dialog).getByRole('button', { name: 'Apply import' });
    await waitFor(() => expect((apply as HTMLButtonElement).disabled).toBe(false));
    await user.click(apply);
    const result = await within(dialog).findByRole('region', { name: 'Import done' });
    expect(within(result).getByText('Created').nextElementSibling?.textContent).toBe('2');
    expect(within(result).getByText('Updated').nextElementSibling?.textContent).toBe('3');
    expect(within(result).getByText('Unchanged').nextElementSibling?.textContent).toBe('115');
    expect(await screen.findByText('Import done: 2 created, 3 updated')).toBeTruthy();
    expect(calls).toEqual([
      { dryRun: true, file: 'parts.csv' },
      { dryRun: false, file: 'parts.csv' },
    ]);
    // The products list is read again.
    await waitFor(() => expect(log.some((line) => line.startsWith('GET /api/parts?'))).toBe(true));
    expect((apply as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's reason when the file cannot be checked", async () => {
    importApi(() => apiError(413, 'The request body is too large.', { code: 'PAYLOAD_TOO_LARGE' }));
    const { user, dialog } = await openImport();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('The file could not be checked.')).toBeTruthy();
    expect(within(alert).getByText('The request body is too large.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Apply import' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('/dashboard/manageproducts: Export CSV', () => {
  it('downloads parts.csv with the access token', async () => {
    let authorization: string | null = null;
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.get('/api/admin/parts.csv', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return new HttpResponse('\uFEFFsku,name\r\nBP-1,Pads\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="parts.csv"',
          },
        });
      }),
    );
    const blobs = new Map<string, Blob>();
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:parts-${blobs.size + 1}`;
      blobs.set(url, blob as Blob);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: { name: string; blob: Blob | undefined }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href) });
    });

    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('parts.csv');
    expect(await saved[0]!.blob!.text()).toContain('BP-1,Pads');
    expect(authorization).toMatch(/^Bearer /);
  });
});
