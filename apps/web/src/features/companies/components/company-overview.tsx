import { managesCompany, type MyCompany } from '@partsforge/shared/companies';
import { formatDate } from '@/lib/format-date';
import { companyRoleLabel } from '../company-roles';
import { AddressBook } from './address-book';
import { CompanyMembers } from './company-members';
import { InvitationsList } from './invitations-list';
import { InviteMemberForm } from './invite-member-form';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const text = companyPageMessages;

/**
 * The customer's company (docs/requirements.md §14 "Company accounts"): its name, tax id and the customer's role;
 * the members; for owners and managers the invitation form and pending invitations; and the address book
 * (editable by owners and managers, read-only for buyers).
 */
export function CompanyOverview({ company, myEmail }: { company: MyCompany; myEmail: string }) {
  const manages = managesCompany(company.role);
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="company-details-heading">
        <h2 id="company-details-heading" className="mb-3 text-2xl font-semibold">
          {company.name}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm font-medium text-base-content/70">{text.taxId}</dt>
            <dd>{company.taxId || text.noTaxId}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-base-content/70">{text.yourRole}</dt>
            <dd>{companyRoleLabel[company.role]}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-base-content/70">{text.createdAt}</dt>
            <dd>
              <time dateTime={company.createdAt}>{formatDate(company.createdAt)}</time>
            </dd>
          </div>
        </dl>
      </section>
      <CompanyMembers company={company} myEmail={myEmail} />
      {manages ? <InviteMemberForm /> : null}
      {manages ? <InvitationsList /> : null}
      <AddressBook addresses={company.addresses} editable={manages} />
    </div>
  );
}
