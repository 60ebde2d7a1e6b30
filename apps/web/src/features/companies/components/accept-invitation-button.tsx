import { messages } from '@partsforge/shared/messages';
import { ErrorMessage } from '@/components/error-message';
import { ApiError } from '@/lib/api-client';
import { useSignOut } from '@/lib/auth/use-session';
import { useAcceptInvitation } from '../api/invitation-by-token';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const text = companyPageMessages;

interface AcceptInvitationButtonProps {
  token: string;
  /** After joining, with the company's name. */
  onAccepted: (companyName: string) => void;
}

/**
 * Accept invitation (signed in; docs/requirements.md §14 "Company accounts"): joins the company; a refusal (another
 * account: 403, already in a company: 409, expired) shows the server's reason under the button, and for another
 * account a Sign Out button, after which the page offers Sign in and Sign up again.
 */
export function AcceptInvitationButton({ token, onAccepted }: AcceptInvitationButtonProps) {
  const accept = useAcceptInvitation(token);
  const signOut = useSignOut();
  const otherAccount = accept.error instanceof ApiError && accept.error.status === 403;
  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        className="btn btn-primary self-start"
        disabled={accept.isPending}
        onClick={() => accept.mutate(undefined, { onSuccess: (company) => onAccepted(company.name) })}
      >
        {accept.isPending ? text.accepting : text.accept}
      </button>
      {accept.isError ? (
        <ErrorMessage title={text.cannotAccept} detail={accept.error.message}>
          {otherAccount ? (
            <button type="button" className="btn btn-sm mt-3" onClick={() => void signOut()}>
              {messages.nav.signOut}
            </button>
          ) : null}
        </ErrorMessage>
      ) : null}
    </div>
  );
}
