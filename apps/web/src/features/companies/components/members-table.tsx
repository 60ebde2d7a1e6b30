import type { CompanyMember } from '@partsforge/shared/companies';
import type { ReactNode } from 'react';
import { companyRoleLabel } from '../company-roles';
import { formatSpendingLimit } from '../spending-limit-field';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const text = companyPageMessages;

interface MembersTableProps {
  members: CompanyMember[];
  /** The signed-in customer's email: their row says "(you)". */
  myEmail?: string;
  /** A last column: its heading and each member's cell (actions, links); none when not given. */
  extra?: { heading: string; cell: (member: CompanyMember) => ReactNode };
}

/**
 * A company's members (docs/requirements.md §14 "Company accounts"): name, email, role and spending limit ("No
 * limit" when none), and an optional column of the page's own (actions, links to orders).
 */
export function MembersTable({ members, myEmail = '', extra }: MembersTableProps) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table">
        <caption className="sr-only">{text.membersCaption}</caption>
        <thead className="text-base-content">
          <tr>
            <th scope="col">{text.name}</th>
            <th scope="col">{text.email}</th>
            <th scope="col">{text.role}</th>
            <th scope="col">{text.spendingLimit}</th>
            {extra ? <th scope="col">{extra.heading}</th> : null}
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.userId}>
              <th scope="row" className="font-medium">
                {member.name}
                {member.email.toLowerCase() === myEmail.toLowerCase() ? (
                  <span className="text-base-content/80"> {text.you}</span>
                ) : null}
              </th>
              <td className="break-all">{member.email}</td>
              <td>{companyRoleLabel[member.role]}</td>
              <td className="whitespace-nowrap tabular-nums">{formatSpendingLimit(member.spendingLimit)}</td>
              {extra ? <td>{extra.cell(member)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
