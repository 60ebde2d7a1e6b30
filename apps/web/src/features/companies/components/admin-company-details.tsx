import type { AdminCompany } from '@partsforge/shared/companies';
import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { AddressBook } from './address-book';
import { MembersTable } from './members-table';

const text = messages.companyPages;

/** Manage All Orders searched by `email` (the admin order list finds a customer's orders by email). */
const ordersOf = (email: string) =>
  `${paths.dashboard.manageOrders.href()}?${new URLSearchParams({ q: email })}`;

/**
 * One company for admins (docs/requirements.md §14 "Company accounts"): tax id, creation date, order count and
 * spend; its members, each with a link to the orders they placed (Manage All Orders searched by their email); and
 * its address book, read-only.
 */
export function AdminCompanyDetails({ company }: { company: AdminCompany }) {
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
      <section aria-labelledby="members-heading" className="flex flex-col gap-3">
        <div>
          <h2 id="members-heading" className="text-xl font-semibold">
            {text.membersHeading}
          </h2>
          <p className="text-base-content/80">{text.ordersLead}</p>
        </div>
        <MembersTable
          members={company.members}
          extra={{
            heading: text.ordersHeading,
            cell: (member) => (
              <Link to={ordersOf(member.email)} className="link link-primary">
                {text.ordersOf(member.email)}
              </Link>
            ),
          }}
        />
      </section>
      <AddressBook addresses={company.addresses} editable={false} />
    </div>
  );
}
