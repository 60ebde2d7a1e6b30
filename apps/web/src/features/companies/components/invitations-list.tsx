import type { Invitation } from '@partsforge/shared/companies';
import { messages } from '@partsforge/shared/messages';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorMessage } from '@/components/error-message';
import { Spinner } from '@/components/spinner';
import { formatDateTime } from '@/lib/format-date';
import { useInvitations, useRevokeInvitation } from '../api/invitations';
import { companyRoleLabel } from '../company-roles';
import { formatSpendingLimit } from '../spending-limit-field';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const text = companyPageMessages;

/**
 * Pending invitations (owners and managers; docs/requirements.md §14 "Company accounts"): email, role, spending
 * limit and expiry, each with Revoke after a confirmation.
 */
export function InvitationsList() {
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  let body;
  if (invitations.isPending)
    body = (
      <div role="status" aria-label={messages.common.loading}>
        <Spinner />
      </div>
    );
  else if (invitations.isError)
    body = <ErrorMessage title={text.invitationsLoadFailed} detail={invitations.error.message} />;
  else if (invitations.data.length === 0) body = <p>{text.noInvitations}</p>;
  else
    body = (
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table">
          <caption className="sr-only">{text.invitationsCaption}</caption>
          <thead className="text-base-content">
            <tr>
              <th scope="col">{text.email}</th>
              <th scope="col">{text.role}</th>
              <th scope="col">{text.spendingLimit}</th>
              <th scope="col">{text.expires}</th>
              <th scope="col">{text.actions}</th>
            </tr>
          </thead>
          <tbody>
            {invitations.data.map((invitation) => (
              <tr key={invitation._id}>
                <th scope="row" className="font-medium break-all">
                  {invitation.email}
                </th>
                <td>{companyRoleLabel[invitation.role]}</td>
                <td className="whitespace-nowrap tabular-nums">
                  {formatSpendingLimit(invitation.spendingLimit)}
                </td>
                <td className="whitespace-nowrap">
                  <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-error btn-outline btn-sm"
                    aria-label={text.revokeInvitation(invitation.email)}
                    onClick={() => setRevoking(invitation)}
                  >
                    {text.revoke}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section aria-labelledby="invitations-heading" className="flex flex-col gap-3">
      <h2 id="invitations-heading" className="text-xl font-semibold">
        {text.invitationsHeading}
      </h2>
      {body}
      <ConfirmDialog
        open={revoking !== null}
        title={text.confirmRevokeTitle}
        confirmLabel={text.revokeConfirm}
        cancelLabel={text.keepInvitation}
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking, { onSettled: () => setRevoking(null) });
        }}
      >
        {revoking ? <p>{text.confirmRevokeText(revoking.email)}</p> : null}
      </ConfirmDialog>
    </section>
  );
}
