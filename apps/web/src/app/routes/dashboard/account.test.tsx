import type { Statement } from '@partsforge/shared/trade-terms';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statementFixture, statementInvoiceFixture } from '@/testing/handlers/admin-trade-terms';
import { COMPANY_ID, myCompanyFixture, myCompanyHandler } from '@/testing/handlers/companies';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { deferred, server } from '@/testing/server';

/** Acme Garage on Net 30 at the jobber level, tax exempt, $5,000 credit, owing $1,700 (one invoice overdue). */
const statement: Statement = statementFixture(
  { _id: COMPANY_ID, name: 'Acme Garage' },
  {
    terms: {
      priceLevel: 'jobber',
      paymentTerms: 'net30',
      creditLimit: 5000,
      taxExempt: true,
      resaleCertificate: 'RC-99812',
    },
    balance: 1700,
    creditLimit: 5000,
    available: 3300,
    aging: { current: 1200, days1to30: 500, days31to60: 0, days61to90: 0, over90: 0 },
    invoices: [
      statementInvoiceFixture(),
      statementInvoiceFixture({
        number: 'INV-2026-000003',
        orderId: 'order-3',
        orderNumber: 'PF-100003',
        issuedAt: '2026-10-01T10:00:00.000Z',
        dueAt: '2026-10-31T10:00:00.000Z',
        total: 800,
        paid: 300,
        balance: 500,
        status: 'overdue',
      }),
    ],
  },
);

/** Signed in as the customer, `role` in Acme Garage (or in no company), with `handlers`. */
function signedIn(role: 'owner' | 'manager' | 'buyer' | null, ...handlers: RequestHandler[]) {
  server.use(
    ...sessionOf(customerFixture).handlers,
    myCompanyHandler(role ? myCompanyFixture(role) : null),
    ...handlers,
  );
}

const statementHandler = (answer: Statement = statement) =>
  http.get('/api/companies/mine/statement', () => HttpResponse.json(answer));

const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent);
/** The value of the fact named `term`. */
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

/** Records the files the page saves: the link's name and the bytes behind its object URL. */
function captureDownloads() {
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:file-${(next += 1)}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const saved: { name: string; blob: Blob | undefined }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return saved;
}

const pdf = (body: string, filename: string) =>
  new HttpResponse(body, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });

describe('/dashboard/account (docs/requirements.md §15)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows an owner the Account menu item, the terms, balance, available credit, aging buckets and invoices', async () => {
    signedIn('owner', statementHandler());
    renderApp('/dashboard/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    const item = await within(menu).findByRole('link', { name: 'Account' });
    expect(item.getAttribute('href')).toBe('/dashboard/account');
    await screen.findByRole('table', { name: 'Open balance by days past due' });

    expect(fact('Price level')).toBe('jobber');
    expect(fact('Payment terms')).toBe('Net 30');
    expect(fact('Credit limit')).toBe('$5,000.00');
    expect(fact('Tax')).toBe('Tax exempt (resale certificate RC-99812)');
    expect(fact('Balance')).toBe('$1,700.00');
    expect(fact('Available credit')).toBe('$3,300.00');

    const aging = screen.getByRole('table', { name: 'Open balance by days past due' });
    expect(texts(within(aging).getAllByRole('columnheader'))).toEqual([
      'Current',
      '1–30 days',
      '31–60 days',
      '61–90 days',
      'Over 90 days',
    ]);
    expect(texts(within(aging).getAllByRole('cell'))).toEqual([
      '$1,200.00',
      '$500.00',
      '$0.00',
      '$0.00',
      '$0.00',
    ]);

    const invoices = screen.getByRole('table', { name: 'Invoices, newest first' });
    expect(texts(within(invoices).getAllByRole('columnheader'))).toEqual([
      'Invoice',
      'Order',
      'Issued',
      'Due',
      'Total',
      'Paid',
      'Balance',
      'Status',
      'Actions',
    ]);
    const rows = within(invoices).getAllByRole('row').slice(1);
    expect(texts(rows)).toEqual([
      'INV-2026-000007PF-100007Nov 2, 2026Dec 2, 2026$1,200.00$0.00$1,200.00OpenDownload',
      'INV-2026-000003PF-100003Oct 1, 2026Oct 31, 2026$800.00$300.00$500.00OverdueDownload',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'PF-100007' }).getAttribute('href')).toBe(
      '/dashboard/orders/order-7',
    );
  });

  it('downloads an invoice and the statement PDF with the access token', async () => {
    const saved = captureDownloads();
    const authorizations: (string | null)[] = [];
    signedIn(
      'manager',
      statementHandler(),
      http.get('/api/order/order-3/invoice.pdf', ({ request }) => {
        authorizations.push(request.headers.get('Authorization'));
        return pdf('%PDF invoice', 'INV-2026-000003.pdf');
      }),
      http.get('/api/companies/mine/statement.pdf', ({ request }) => {
        authorizations.push(request.headers.get('Authorization'));
        return pdf('%PDF statement', 'statement-2026-11-27.pdf');
      }),
    );
    const { user } = renderApp('/dashboard/account');
    await user.click(await screen.findByRole('button', { name: 'Download invoice INV-2026-000003' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Download statement (PDF)' }));
    await vi.waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((file) => file.name)).toEqual(['INV-2026-000003.pdf', 'statement-2026-11-27.pdf']);
    expect(await saved[1]!.blob!.text()).toBe('%PDF statement');
    expect(authorizations).toEqual([expect.stringMatching(/^Bearer /), expect.stringMatching(/^Bearer /)]);
  });

  it('shows loading, then says when there are no invoices yet', async () => {
    const answer = deferred();
    signedIn(
      'owner',
      http.get('/api/companies/mine/statement', async () => {
        await answer.promise;
        return HttpResponse.json(statementFixture({ _id: COMPANY_ID, name: 'Acme Garage' }));
      }),
    );
    renderApp('/dashboard/account');
    expect(await screen.findByText('Loading…')).toBeTruthy();
    answer.resolve();
    expect(await screen.findByText('No invoices yet.')).toBeTruthy();
    expect(fact('Payment terms')).toBe('Card');
    expect(fact('Tax')).toBe('Taxed');
    expect(screen.queryByRole('table', { name: 'Invoices, newest first' })).toBeNull();
  });

  it('shows a failure to load the statement', async () => {
    signedIn(
      'owner',
      http.get('/api/companies/mine/statement', () => apiError(500, 'Database unavailable')),
    );
    renderApp('/dashboard/account');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The account could not be loaded.Database unavailable');
  });

  it('has no menu item for a buyer, and tells a buyer only owners and managers can see it', async () => {
    const calls: string[] = [];
    signedIn(
      'buyer',
      http.get('/api/companies/mine/statement', () => {
        calls.push('statement');
        return apiError(403, 'Only owners and managers can see the company account.');
      }),
    );
    renderApp('/dashboard/account');
    expect(await screen.findByText('Only owners and managers can see the company account.')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(await within(menu).findByRole('link', { name: 'Company' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Account' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('says the same when the server refuses (403)', async () => {
    signedIn(
      'manager',
      http.get('/api/companies/mine/statement', () =>
        apiError(403, 'Only owners and managers can see the company account.'),
      ),
    );
    renderApp('/dashboard/account');
    expect(await screen.findByText('Only owners and managers can see the company account.')).toBeTruthy();
  });
});
