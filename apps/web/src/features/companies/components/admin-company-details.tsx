import type { AdminCompany } from '@partsforge/shared/companies';
import { formatMoney } from '@partsforge/shared/money';
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format-date';
import { AddressBook } from './address-book';
import { MembersTable } from './members-table';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const text = companyPageMessages;

interface AdminCompanyDetailsProps {
  company: AdminCompany;
  /** The company's orders (the route's, since features do not import each other). */
  orders: ReactNode;
  /** Its trade terms, contract prices and account (docs/requirements.md §15), likewise the route's. */
  tradeTerms: ReactNode;
}

/**
 * One company for admins (docs/requirements.md §14 "Company accounts"): tax id, creation date, order count and
 * spend; its trade terms, contract prices and account (§15 "Trade terms"); its members; its orders; and its address
 * book, read-only.
 */
export function AdminCompanyDetails({ company, orders, tradeTerms }: AdminCompanyDetailsProps) {
  const facts = [
    [text.taxId, company.taxId || text.noTaxId],
    [text.createdAt, formatDate(company.createdAt)],
    [text.orders, company.orderCount.toLocaleString('en-US')],
    [text.spend, formatMoney(company.spend)],
  ] as const;
  return (
    <div className="flex flex-col gap-10">
      <dl className="grid gap-4 sm:grid-cols-4">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm font-medium text-base-content/70">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {tradeTerms}
      <section aria-labelledby="members-heading" className="flex flex-col gap-3">
        <h2 id="members-heading" className="text-xl font-semibold">
          {text.membersHeading}
        </h2>
        <MembersTable members={company.members} />
      </section>
      <section aria-labelledby="orders-heading" className="flex flex-col gap-3">
        <h2 id="orders-heading" className="text-xl font-semibold">
          {text.ordersHeading}
        </h2>
        {orders}
      </section>
      <AddressBook addresses={company.addresses} editable={false} />
    </div>
  );
}
