import type { InvitationPreview } from '@partsforge/shared/companies';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format-date';
import { companyRoleLabel } from '../company-roles';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const text = companyPageMessages;

/**
 * An invitation as its link shows it before it is accepted (docs/requirements.md §14 "Company accounts"): the
 * company, the address it is for, the role, who invited and until when it works; `children` are the actions.
 */
export function InvitationCard({
  invitation,
  children,
}: {
  invitation: InvitationPreview;
  children: ReactNode;
}) {
  const role = companyRoleLabel[invitation.role];
  return (
    <section
      aria-labelledby="invitation-heading"
      className="flex max-w-xl flex-col gap-4 rounded-box border border-base-300 p-6"
    >
      <h2 id="invitation-heading" className="text-2xl font-semibold">
        {text.invitationHeading(invitation.companyName)}
      </h2>
      <p>{text.invitationLead(invitation.companyName, role.toLowerCase())}</p>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-base-content/70">{text.invitationCompany}</dt>
          <dd>{invitation.companyName}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-base-content/70">{text.invitationRole}</dt>
          <dd>{role}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-base-content/70">{text.invitationFor}</dt>
          <dd className="break-all">{invitation.email}</dd>
        </div>
        {invitation.invitedBy ? (
          <div>
            <dt className="text-sm font-medium text-base-content/70">{text.invitedBy}</dt>
            <dd>{invitation.invitedBy}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-sm font-medium text-base-content/70">{text.invitationExpires}</dt>
          <dd>
            <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>
          </dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
