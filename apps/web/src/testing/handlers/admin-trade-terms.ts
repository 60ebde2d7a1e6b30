import {
  DEFAULT_COMPANY_TERMS,
  type PriceLevel,
  type Receivables,
  type Statement,
  type StatementInvoice,
} from '@partsforge/shared/trade-terms';
import { http, HttpResponse } from 'msw';
import { categoriesFixture } from '../api-fixtures';

/** The shop's starting levels: list, jobber (with a Brakes discount of its own) and dealer. */
export const priceLevelsFixture: PriceLevel[] = [
  { code: 'list', name: 'List', discountPercent: 0, categoryDiscounts: [] },
  {
    code: 'jobber',
    name: 'Jobber',
    discountPercent: 15,
    categoryDiscounts: [{ categoryId: categoriesFixture[0]!._id, discountPercent: 20 }],
  },
  { code: 'dealer', name: 'Dealer', discountPercent: 25, categoryDiscounts: [] },
];

const zeroAging = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 };

/** An open on-account invoice of `total` dollars, nothing paid, due in November, with `overrides`. */
export function statementInvoiceFixture(overrides: Partial<StatementInvoice> = {}): StatementInvoice {
  return {
    number: 'INV-2026-000007',
    orderId: 'order-7',
    orderNumber: 'PF-100007',
    issuedAt: '2026-11-02T10:00:00.000Z',
    dueAt: '2026-12-02T10:00:00.000Z',
    total: 1200,
    paid: 0,
    balance: 1200,
    status: 'open',
    ...overrides,
  };
}

/** A statement of company `{ _id, name }` with no invoices and default terms, with `overrides`. */
export function statementFixture(
  company: { _id: string; name: string },
  overrides: Partial<Statement> = {},
): Statement {
  return {
    company,
    terms: DEFAULT_COMPANY_TERMS,
    balance: 0,
    creditLimit: 0,
    available: 0,
    aging: zeroAging,
    invoices: [],
    ...overrides,
  };
}

/** The receivables report with no company owing anything. */
export const emptyReceivables: Receivables = { rows: [], totals: { ...zeroAging, balance: 0 } };

/**
 * The admins' trade terms (docs/requirements.md §15): the three starting price levels, and for any company no
 * contract prices and an empty statement; nobody owes anything.
 */
export const adminTradeTermsHandlers = [
  http.get('/api/admin/price-levels', () => HttpResponse.json(priceLevelsFixture)),
  http.get('/api/admin/companies/:id/prices', () => HttpResponse.json([])),
  http.get('/api/admin/companies/:id/statement', ({ params }) =>
    HttpResponse.json(statementFixture({ _id: String(params.id), name: 'Acme Garage' })),
  ),
  http.get('/api/admin/receivables', () => HttpResponse.json(emptyReceivables)),
];
