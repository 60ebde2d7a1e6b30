import type { ContractPrice, RecordPaymentInput, Statement } from '@partsforge/shared/trade-terms';
import { DEFAULT_COMPANY_TERMS } from '@partsforge/shared/trade-terms';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statementFixture, statementInvoiceFixture } from '@/testing/handlers/admin-trade-terms';
import { COMPANY_ID, myCompanyFixture } from '@/testing/handlers/companies';
import { adminFixture, sessionOf } from '@/testing/handlers/identity';
import { apiError, page } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const PAGE = `/dashboard/companies/${COMPANY_ID}`;
const company = { _id: COMPANY_ID, name: 'Acme Garage' };

/** Signed in as the admin, on Acme Garage with `terms`, no orders. */
function adminOnCompany(terms = DEFAULT_COMPANY_TERMS) {
  const { members, addresses } = myCompanyFixture('owner');
  server.use(
    ...sessionOf(adminFixture).handlers,
    http.get(`/api/admin/companies/${COMPANY_ID}`, () =>
      HttpResponse.json({
        ...company,
        taxId: 'US-12-3456789',
        createdAt: '2026-11-01T09:00:00.000Z',
        memberCount: 2,
        orderCount: 0,
        spend: 0,
        members,
        addresses,
        terms,
      }),
    ),
    http.get(`/api/order/${encodeURIComponent(adminFixture.email)}`, () => page([])),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('admin company page: Trade terms', () => {
  it('shows the terms, saves them whole with a toast, and marks a field the server refuses', async () => {
    adminOnCompany({ ...DEFAULT_COMPANY_TERMS, priceLevel: 'jobber', creditLimit: 2500 });
    const bodies: unknown[] = [];
    server.use(
      http.put(`/api/admin/companies/${COMPANY_ID}/terms`, async ({ request }) => {
        const body = await request.json();
        bodies.push(body);
        return bodies.length === 1
          ? apiError(400, 'Invalid request: priceLevel: No price level has the code jobber', {
              code: 'VALIDATION_FAILED',
              errors: { priceLevel: 'No price level has the code jobber' },
            })
          : HttpResponse.json({ ...(body as object), resaleCertificate: 'RC-1' });
      }),
    );
    const { user } = renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Trade terms' });
    const level = await within(section).findByLabelText('Price level');
    expect((level as HTMLSelectElement).value).toBe('jobber');
    expect(
      within(level)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['List (list)', 'Jobber (jobber)', 'Dealer (dealer)']);
    const terms = within(section).getByLabelText('Payment terms');
    expect(
      within(terms)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Card', 'Net 15', 'Net 30', 'Net 60']);
    expect((within(section).getByLabelText('Credit limit (USD)') as HTMLInputElement).value).toBe('2500');

    await user.selectOptions(terms, 'net30');
    await user.clear(within(section).getByLabelText('Credit limit (USD)'));
    await user.type(within(section).getByLabelText('Credit limit (USD)'), '25000');
    await user.click(within(section).getByLabelText('Tax exempt'));
    await user.type(within(section).getByLabelText('Resale certificate'), 'RC-1');
    await user.click(within(section).getByRole('button', { name: 'Save terms' }));
    expect(await within(section).findByText('No price level has the code jobber')).toBeTruthy();
    expect(level.getAttribute('aria-invalid')).toBe('true');

    await user.click(within(section).getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText('Saved the trade terms of Acme Garage')).toBeTruthy();
    expect(bodies[1]).toEqual({
      priceLevel: 'jobber',
      paymentTerms: 'net30',
      creditLimit: 25000,
      taxExempt: true,
      resaleCertificate: 'RC-1',
    });
  }, 20_000);

  it('checks the credit limit before sending', async () => {
    adminOnCompany();
    const { user } = renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Trade terms' });
    const limit = await within(section).findByLabelText('Credit limit (USD)');
    await user.clear(limit);
    await user.type(limit, '12.345');
    await user.click(within(section).getByRole('button', { name: 'Save terms' }));
    expect(
      await within(section).findByText('Credit limit must be an amount from $0 (two decimals at most)'),
    ).toBeTruthy();
  });
});

describe('admin company page: Contract prices', () => {
  it('adds, changes and removes rows, and saves the whole list', async () => {
    adminOnCompany();
    const bodies: ContractPrice[][] = [];
    server.use(
      http.get(`/api/admin/companies/${COMPANY_ID}/prices`, () =>
        HttpResponse.json([
          { sku: 'BP-1', price: 29.33 },
          { sku: 'OF-2', price: 4.5 },
        ]),
      ),
      http.put(`/api/admin/companies/${COMPANY_ID}/prices`, async ({ request }) => {
        const body = (await request.json()) as ContractPrice[];
        bodies.push(body);
        return bodies.length === 1
          ? apiError(400, 'No part has these SKUs: NOPE', {
              code: 'VALIDATION_FAILED',
              errors: { sku: 'No part has these SKUs: NOPE' },
            })
          : HttpResponse.json(body);
      }),
    );
    const { user } = renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Contract prices' });
    const table = await within(section).findByRole('table', { name: 'Contract prices of the company' });
    expect((within(table).getByLabelText('SKU of row 1') as HTMLInputElement).value).toBe('BP-1');
    expect((within(table).getByLabelText('Price of row 2') as HTMLInputElement).value).toBe('4.50');

    await user.click(within(section).getByRole('button', { name: 'Remove row 1' }));
    await user.click(within(section).getByRole('button', { name: 'Add price' }));
    await user.type(within(table).getByLabelText('SKU of row 2'), 'NOPE');
    await user.type(within(table).getByLabelText('Price of row 2'), '12');
    await user.clear(within(table).getByLabelText('Price of row 1'));
    await user.type(within(table).getByLabelText('Price of row 1'), '4.25');
    await user.click(within(section).getByRole('button', { name: 'Save contract prices' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('No part has these SKUs: NOPE');
    expect(bodies[0]).toEqual([
      { sku: 'OF-2', price: 4.25 },
      { sku: 'NOPE', price: 12 },
    ]);

    await user.clear(within(table).getByLabelText('SKU of row 2'));
    await user.type(within(table).getByLabelText('SKU of row 2'), 'BP-1');
    await user.click(within(section).getByRole('button', { name: 'Save contract prices' }));
    expect(await screen.findByText('Saved 2 contract prices')).toBeTruthy();
    expect(bodies[1]).toEqual([
      { sku: 'OF-2', price: 4.25 },
      { sku: 'BP-1', price: 12 },
    ]);
  }, 20_000);

  it('refuses a price that is not above $0 in whole cents, and the same SKU twice, before sending', async () => {
    adminOnCompany();
    const { user } = renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Contract prices' });
    expect(await within(section).findByText('No contract prices.')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Add price' }));
    await user.click(within(section).getByRole('button', { name: 'Add price' }));
    await user.type(within(section).getByLabelText('SKU of row 1'), 'BP-1');
    await user.type(within(section).getByLabelText('Price of row 1'), '0');
    await user.type(within(section).getByLabelText('SKU of row 2'), 'bp-1');
    await user.type(within(section).getByLabelText('Price of row 2'), '3');
    await user.click(within(section).getByRole('button', { name: 'Save contract prices' }));
    expect(await within(section).findByText('Price must be an amount above $0 in whole cents')).toBeTruthy();
    await user.clear(within(section).getByLabelText('Price of row 1'));
    await user.type(within(section).getByLabelText('Price of row 1'), '3');
    await user.click(within(section).getByRole('button', { name: 'Save contract prices' }));
    expect(await within(section).findByText('Each SKU may have one contract price')).toBeTruthy();
  }, 20_000);

  it('imports a CSV: preview with the report, then apply, and the list is read again', async () => {
    adminOnCompany();
    const calls: boolean[] = [];
    let listed: ContractPrice[] = [];
    server.use(
      http.get(`/api/admin/companies/${COMPANY_ID}/prices`, () => HttpResponse.json(listed)),
      http.post(`/api/admin/companies/${COMPANY_ID}/prices/import`, async ({ request }) => {
        const dryRun = new URL(request.url).searchParams.get('dryRun') === 'true';
        calls.push(dryRun);
        expect((await request.formData()).get('file')).toBeInstanceOf(File);
        if (!dryRun) listed = [{ sku: 'BP-1', price: 29.33 }];
        return HttpResponse.json({ created: 1, updated: 0, unchanged: 0, removed: 2, errors: [] });
      }),
    );
    const { user } = renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Contract prices' });
    await user.click(within(section).getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import contract prices from a CSV file' });
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File(['sku,price\r\nBP-1,29.33\r\n'], 'prices.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview (nothing changed yet)' });
    expect(within(preview).getByText('To create').nextElementSibling?.textContent).toBe('1');
    expect(within(preview).getByText('To remove').nextElementSibling?.textContent).toBe('2');
    const apply = within(dialog).getByRole('button', { name: 'Apply import' });
    await waitFor(() => expect((apply as HTMLButtonElement).disabled).toBe(false));
    await user.click(apply);
    const result = await within(dialog).findByRole('region', { name: 'Import done' });
    expect(within(result).getByText('Removed').nextElementSibling?.textContent).toBe('2');
    expect(await screen.findByText('Contract prices imported: 1 created, 0 updated')).toBeTruthy();
    expect(calls).toEqual([true, false]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect((within(section).getByLabelText('SKU of row 1') as HTMLInputElement).value).toBe('BP-1'),
    );
  }, 20_000);

  it('shows the rows of a refused file by row and column', async () => {
    adminOnCompany();
    server.use(
      http.post(`/api/admin/companies/${COMPANY_ID}/prices/import`, () =>
        HttpResponse.json({
          created: 0,
          updated: 0,
          unchanged: 0,
          removed: 0,
          errors: [{ row: 2, column: 'sku', message: 'No part has the SKU NOPE' }],
        }),
      ),
    );
    const { user } = renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Contract prices' });
    await user.click(within(section).getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import contract prices from a CSV file' });
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File(['sku,price\r\nNOPE,1\r\n'], 'prices.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview (nothing changed yet)' });
    const row = within(within(preview).getByRole('table')).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', 'sku', 'No part has the SKU NOPE']);
    expect((within(dialog).getByRole('button', { name: 'Apply import' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('admin company page: Account', () => {
  /** The statement of Acme Garage: one open invoice of $1,200 and one paid, net 30 with $5,000 of credit. */
  const statementWith = (paid: number): Statement =>
    statementFixture(company, {
      terms: { ...DEFAULT_COMPANY_TERMS, paymentTerms: 'net30', creditLimit: 5000 },
      balance: 1200 - paid,
      creditLimit: 5000,
      available: 3800 + paid,
      aging: { current: 1200 - paid, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 },
      invoices: [
        statementInvoiceFixture({ paid, balance: 1200 - paid }),
        statementInvoiceFixture({
          number: 'INV-2026-000003',
          orderId: 'order-3',
          orderNumber: 'PF-100003',
          total: 80,
          paid: 80,
          balance: 0,
          status: 'paid',
        }),
      ],
    });

  it('shows the statement, records a payment, shows an overpayment in the dialog, and refetches', async () => {
    adminOnCompany();
    let paid = 0;
    const bodies: RecordPaymentInput[] = [];
    server.use(
      http.get(`/api/admin/companies/${COMPANY_ID}/statement`, () => HttpResponse.json(statementWith(paid))),
      http.post('/api/admin/invoices/INV-2026-000007/payments', async ({ request }) => {
        const body = (await request.json()) as RecordPaymentInput;
        bodies.push(body);
        if (body.amount > 1200 - paid)
          return apiError(409, "That is more than the invoice's balance of $1,200.00.", {
            code: 'OVERPAYMENT',
          });
        paid += body.amount;
        return HttpResponse.json({
          ...statementInvoiceFixture({ paid, balance: 1200 - paid }),
          payments: [],
        });
      }),
    );
    const { user } = renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Account' });
    const facts = await within(section).findByText('Balance', { selector: 'dt' });
    expect(facts.nextElementSibling?.textContent).toBe('$1,200.00');
    expect(within(section).getByText('Available credit').nextElementSibling?.textContent).toBe('$3,800.00');
    const aging = within(section).getByRole('table', { name: 'Open balance by days past due' });
    expect(
      within(aging)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Current', '1–30 days', '31–60 days', '61–90 days', 'Over 90 days']);
    const invoices = within(section).getByRole('table', { name: 'Invoices, newest first' });
    const rows = within(invoices).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('PF-100007')).toBeTruthy();
    expect(within(rows[0]!).getByText('Open')).toBeTruthy();
    expect(within(rows[1]!).getByText('Paid')).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Download invoice INV-2026-000007' })).toBeTruthy();
    // No payment against an invoice paid in full.
    expect(within(rows[1]!).queryByRole('button', { name: /Record payment/ })).toBeNull();

    await user.click(within(rows[0]!).getByRole('button', { name: 'Record payment for INV-2026-000007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment for INV-2026-000007' });
    expect((within(dialog).getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('1200.00');
    expect(
      within(within(dialog).getByLabelText('Method'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['ACH', 'Check', 'Wire', 'Card']);
    await user.clear(within(dialog).getByLabelText('Amount (USD)'));
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '1500');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(dialog).findByText("That is more than the invoice's balance of $1,200.00."),
    ).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Amount (USD)'));
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '500');
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'check');
    await user.type(within(dialog).getByLabelText('Reference'), 'CHK 1042');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Recorded $500.00 against INV-2026-000007')).toBeTruthy();
    expect(bodies.at(-1)).toEqual({ amount: 500, method: 'check', reference: 'CHK 1042' });
    await waitFor(() =>
      expect(within(section).getByText('Balance', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
        '$700.00',
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 20_000);

  it("downloads the statement PDF and an invoice's PDF with the access token", async () => {
    adminOnCompany();
    const asked: string[] = [];
    const pdf =
      (name: string) =>
      ({ request }: { request: Request }) => {
        asked.push(`${new URL(request.url).pathname} ${request.headers.get('Authorization')?.slice(0, 7)}`);
        return new HttpResponse('%PDF-1.4', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="${name}"`,
          },
        });
      };
    server.use(
      http.get(`/api/admin/companies/${COMPANY_ID}/statement`, () => HttpResponse.json(statementWith(0))),
      http.get(`/api/admin/companies/${COMPANY_ID}/statement.pdf`, pdf('statement-2026-11-27.pdf')),
      http.get('/api/order/order-7/invoice.pdf', pdf('INV-2026-000007.pdf')),
    );
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:pdf');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Account' });
    await user.click(within(section).getByRole('button', { name: 'Download statement (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['statement-2026-11-27.pdf']));
    await user.click(
      await within(section).findByRole('button', { name: 'Download invoice INV-2026-000007' }),
    );
    await waitFor(() => expect(saved).toEqual(['statement-2026-11-27.pdf', 'INV-2026-000007.pdf']));
    expect(asked).toEqual([
      `/api/admin/companies/${COMPANY_ID}/statement.pdf Bearer `,
      '/api/order/order-7/invoice.pdf Bearer ',
    ]);
  });

  it('says when the statement cannot be loaded', async () => {
    adminOnCompany();
    server.use(
      http.get(`/api/admin/companies/${COMPANY_ID}/statement`, () => apiError(500, 'Something went wrong')),
    );
    renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Account' });
    expect(await within(section).findByText('The statement could not be loaded.')).toBeTruthy();
  });
});
