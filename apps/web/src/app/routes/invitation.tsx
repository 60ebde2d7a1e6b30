import { messages } from '@partsforge/shared/messages';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { useInvitationPreview } from '@/features/companies/api/invitation-by-token';
import { AcceptInvitationButton } from '@/features/companies/components/accept-invitation-button';
import { InvitationCard } from '@/features/companies/components/invitation-card';
import { useSession } from '@/lib/auth/use-session';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const text = companyPageMessages;

/**
 * /invitations/:token (anyone; docs/requirements.md §14 "Company accounts"): the invitation an email's link opens.
 * Signed out: Sign in and Sign up, which come back here afterwards; signed in: Accept invitation, then the company
 * page with a toast. An unknown, used, revoked or expired invitation says so.
 */
export function InvitationRoute() {
  const { token = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const invitation = useInvitationPreview(token);

  if (invitation.isPending || session.isLoading) return <PageSpinner label={messages.common.loading} />;
  return (
    <ContentLayout title={text.invitationTitle}>
      {invitation.isError ? (
        <ErrorMessage title={text.invitationUnavailable} detail={invitation.error.message} />
      ) : (
        <InvitationCard invitation={invitation.data}>
          {session.user ? (
            <AcceptInvitationButton
              token={token}
              onAccepted={(companyName) => {
                notify('success', text.accepted(companyName));
                void navigate(paths.dashboard.company.href(), { replace: true });
              }}
            />
          ) : (
            <div className="flex flex-col gap-3">
              <p>{text.signInToAccept(invitation.data.email)}</p>
              <div className="flex flex-wrap gap-2">
                {/* The login and sign-up pages send the visitor back to `from` (as a guard's redirect does). */}
                <Link to={paths.login.href()} state={{ from: location }} className="btn btn-primary">
                  {text.signIn}
                </Link>
                <Link to={paths.signup.href()} state={{ from: location }} className="btn btn-outline">
                  {text.signUp}
                </Link>
              </div>
            </div>
          )}
        </InvitationCard>
      )}
    </ContentLayout>
  );
}
