import { messages } from '@partsforge/shared/messages';
import { Link, useLocation, useNavigate } from 'react-router';
import { returnLocationOf } from '@/app/guards/redirect-to-login';
import { ContentLayout } from '@/components/content-layout';
import { AuthCard } from '@/features/auth/components/auth-card';
import { GoogleSignInButton } from '@/features/auth/components/google-sign-in-button';
import { SignupForm } from '@/features/auth/components/signup-form';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';

/**
 * /signup (docs/requirements.md §2): name, email and password, Google, a link to login; then the home page (or the
 * page that sent the visitor here, e.g. an invitation: docs/requirements.md §14 "Company accounts"), with a toast
 * saying where the verification link was sent (docs/requirements.md §13).
 */
export function SignupRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const destination = returnLocationOf(location.state);
  return (
    <ContentLayout title={messages.pages.signUp}>
      <AuthCard>
        <SignupForm
          onSignedUp={(email) => {
            notify('success', messages.auth.verificationSent(email));
            void navigate(destination, { replace: true });
          }}
        />
        <p className="text-center">
          {messages.auth.haveAccount}{' '}
          <Link to={paths.login.href()} state={location.state} className="link link-primary font-medium">
            {messages.auth.pleaseLogin}
          </Link>
        </p>
        <div className="divider">{messages.auth.or}</div>
        <GoogleSignInButton callbackPath={destination} />
      </AuthCard>
    </ContentLayout>
  );
}
