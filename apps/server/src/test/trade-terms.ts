/**
 * Test helpers for the order path with trade terms (docs/requirements.md §15): companies made through their own
 * routes, and their terms, price levels and contract prices written directly (as the admins' calls would).
 */
import type { MyCompany, PaymentTerms } from '@partsforge/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { outboundEmails } from '../db/schema/index.js';
import type { TestUser } from './auth.js';
import type { TestApp } from './build-test-app.js';
import { payAtProvider } from './orders.js';
import { pdfText } from './pdf-text.js';

type Call = { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'; url: string; payload?: object };

/** Calls `url` as `user` on `t`'s app. */
export const callAs = (t: TestApp, user: TestUser, { method = 'GET', url, payload }: Call) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

/** Calls `url` as `user`; throws unless it answers `status`; the body. */
export async function okAs<T>(t: TestApp, user: TestUser, request: Call, status = 200): Promise<T> {
  const response = await callAs(t, user, request);
  if (response.statusCode !== status)
    throw new Error(`${request.method ?? 'GET'} ${request.url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

/** `owner` creates a company and brings each of `members` in through an invitation they accept. */
export async function companyOf(
  t: TestApp,
  owner: TestUser,
  name: string,
  members: { user: TestUser; role: 'manager' | 'buyer'; spendingLimit?: number | null }[] = [],
): Promise<MyCompany> {
  await okAs(t, owner, { method: 'POST', url: '/api/companies', payload: { name } }, 201);
  for (const { user, role, spendingLimit } of members) {
    await okAs(
      t,
      owner,
      {
        method: 'POST',
        url: '/api/companies/mine/invitations',
        payload: { email: user.user.email, role, ...(spendingLimit === undefined ? {} : { spendingLimit }) },
      },
      201,
    );
    const [mail] = await t.database.db
      .select({ text: outboundEmails.text })
      .from(outboundEmails)
      .where(and(eq(outboundEmails.to, user.user.email), eq(outboundEmails.kind, 'company-invitation')))
      .orderBy(desc(outboundEmails.createdAt));
    const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    await okAs(t, user, { method: 'POST', url: `/api/invitations/${token}/accept` });
  }
  return okAs<MyCompany>(t, owner, { url: '/api/companies/mine' });
}

/** Gives `companyId` its terms (replacing any), as `PUT /admin/companies/:id/terms` would store them. */
export async function setTerms(
  t: TestApp,
  companyId: string,
  {
    priceLevel = 'list',
    paymentTerms = 'card' as PaymentTerms,
    creditLimitCents = 0,
    taxExempt = false,
    resaleCertificate = null as string | null,
  } = {},
): Promise<void> {
  await t.database.db.execute(sql`
    insert into company_terms (company_id, price_level, payment_terms, credit_limit_cents, tax_exempt, resale_certificate)
    values (${companyId}, ${priceLevel}, ${paymentTerms}, ${creditLimitCents}, ${taxExempt}, ${resaleCertificate})
    on conflict (company_id) do update set price_level = excluded.price_level,
      payment_terms = excluded.payment_terms, credit_limit_cents = excluded.credit_limit_cents,
      tax_exempt = excluded.tax_exempt, resale_certificate = excluded.resale_certificate,
      prices_version = company_terms.prices_version + 1`);
}

/** Gives `companyId` a contract price of `partId` in cents. */
export async function setContractPrice(t: TestApp, companyId: string, partId: string, priceCents: number) {
  await t.database.db.execute(sql`
    insert into company_prices (company_id, part_id, price_cents) values (${companyId}, ${partId}, ${priceCents})
    on conflict (company_id, part_id) do update set price_cents = excluded.price_cents`);
  await t.database.db.execute(
    sql`update company_terms set prices_version = prices_version + 1 where company_id = ${companyId}`,
  );
}

/** A valid checkout body with a typed address. */
export const CHECKOUT = {
  address: '1 Depot Road, Springfield',
  phone: '555-0100',
  // Collected at the counter: no shipping cost, so the totals are the lines plus their tax (docs/requirements.md §16).
  shippingMethod: 'pickup',
} as const;

/**
 * Pays `orderId` by card as `user` (the sandbox's good card, then `PATCH /order/{id}`) and answers the text of its
 * invoice PDF; throws when a step fails.
 */
export async function paidInvoiceText(t: TestApp, user: TestUser, orderId: string): Promise<string> {
  const transactionId = await payAtProvider(t.app, user, orderId);
  await okAs(t, user, { method: 'PATCH', url: `/api/order/${orderId}`, payload: { transactionId } });
  const pdf = await callAs(t, user, { url: `/api/order/${orderId}/invoice.pdf` });
  if (pdf.statusCode !== 200) throw new Error(`invoice.pdf: ${pdf.statusCode} ${pdf.body}`);
  return pdfText(pdf.rawPayload).text;
}
