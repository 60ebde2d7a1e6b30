import { apiErrorCodes } from '@partsforge/shared/errors';
import { messages } from '@partsforge/shared/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/auth/session';
import { useSession } from '@/lib/auth/use-session';
import { paths } from '@/lib/paths';
import { sendVerificationEmail } from '../api/send-verification-email';
import { verifyEmailQueryOptions } from '../api/verify-email';

/** What the page says about a link that did not verify. */
function failureOf(error: unknown): string {
  if (!(error instanceof ApiError)) return messages.errors.unexpected;
  if (error.code === apiErrorCodes.tokenExpired) return messages.emailVerification.linkExpired;
  if (error.code === apiErrorCodes.invalidToken || error.code === apiErrorCodes.validationFailed)
    return messages.emailVerification.linkInvalid;
  return error.message;
}

/**
 * "Send a new link" for a signed-in user (docs/requirements.md §13); a visitor is offered to log in first and
 * comes back here. Shows the server's refusal (already verified, too many) in red.
 */
function NewLinkAction() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const resend = useMutation({ mutationFn: sendVerificationEmail });
  if (isLoading) return null;
  if (!user)
    return (
      <p>
        <Link to={paths.login.href()} state={{ from: location }} className="link link-primary font-medium">
          {messages.emailVerification.signInForNewLink}
        </Link>
      </p>
    );
  if (resend.isSuccess)
    return (
      <p role="status" className="alert alert-success">
        {messages.emailVerification.newLinkSent}
      </p>
    );
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        className="btn btn-primary"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? messages.emailVerification.sending : messages.emailVerification.sendNewLink}
      </button>
      {resend.isError ? (
        <p role="alert" className="text-error">
          {resend.error.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The verification of a mailed link's `token` (docs/requirements.md §13): "Verifying your email…", then "Your
 * email is verified" (and the session's role flags are read again: an ADMIN_EMAILS address is admin now), or why
 * the link failed (expired, invalid, missing) with "Send a new link".
 */
export function EmailVerification({ token }: { token: string | null }) {
  const queryClient = useQueryClient();
  const verification = useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
  const verified = verification.isSuccess;
  useEffect(() => {
    if (verified) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [verified, queryClient]);

  if (token && verification.isPending)
    return (
      <div role="status" className="flex items-center gap-3">
        <Spinner size="sm" />
        <span>{messages.emailVerification.verifying}</span>
      </div>
    );
  if (verified)
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="status" className="alert alert-success">
          {messages.emailVerification.verified}
        </p>
        <p>{messages.emailVerification.verifiedDetail}</p>
        <Link to={paths.parts.href()} className="link link-primary font-medium">
          {messages.emailVerification.continueShopping}
        </Link>
      </div>
    );
  return (
    <div className="flex flex-col items-start gap-3">
      <p role="alert" className="text-error">
        {token ? failureOf(verification.error) : messages.emailVerification.linkInvalid}
      </p>
      <NewLinkAction />
    </div>
  );
}
