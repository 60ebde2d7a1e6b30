import { messages } from '@partsforge/shared/messages';
import { ErrorMessage } from '@/components/error-message';
import { useAcceptInvitation } from '../api/invitation-by-token';

const text = messages.companyPages;

interface AcceptInvitationButtonProps {
  token: string;
  /** After joining, with the company's name. */
  onAccepted: (companyName: string) => void;
}

/**
 * Accept invitation (signed in; docs/requirements.md §14 "Company accounts"): joins the company; a refusal (another
 * account: 403, already in a company: 409, expired) shows the server's reason under the button.
 */
export function AcceptInvitationButton({ token, onAccepted }: AcceptInvitationButtonProps) {
  const accept = useAcceptInvitation(token);
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
      {accept.isError ? <ErrorMessage title={text.cannotAccept} detail={accept.error.message} /> : null}
    </div>
  );
}
