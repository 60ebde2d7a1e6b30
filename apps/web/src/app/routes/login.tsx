import { messages } from '@partsforge/shared/messages';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { returnLocationOf } from '@/app/guards/redirect-to-login';
import { ContentLayout } from '@/components/content-layout';
import { AuthCard } from '@/features/auth/components/auth-card';
import { GoogleSignInButton } from '@/features/auth/components/google-sign-in-button';
import { LoginForm } from '@/features/auth/components/login-form';
import { googleErrorMessage } from '@/features/auth/google-error-message';
import { getShopName } from '@/lib/shop-name';
import { paths } from '@/lib/paths';

/** The guard's reason for sending the visitor here, as text; none when they opened /login themselves. */
function reasonOf(state: unknown): string | null {
  const reason = (state as { reason?: string } | null)?.reason;
  if (reason === 'adminOnly') return messages.auth.adminOnly;
  if (reason === 'customerOnly') return messages.auth.customerOnly;
  return reason === 'signIn' ? messages.auth.signInToContinue : null;
}

/**
 * /login (docs/requirements.md §2): email and password, "Forgot password?" (§13), Google, a link to sign up; then back
 * where the user came from.
 * Sent here by a guard, it first says why (e.g. "Please sign in to continue.").
 */
export function LoginRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const destination = returnLocationOf(location.state);
  const googleError = searchParams.get('error');
  const reason = reasonOf(location.state);

  return (
    <ContentLayout title={messages.pages.login}>
      <AuthCard>
        {reason ? (
          <p role="status" className="alert alert-info">
            {reason}
          </p>
        ) : null}
        {googleError ? (
          <p role="alert" className="text-error">
            {googleErrorMessage(googleError)}
          </p>
        ) : null}
        <LoginForm onSignedIn={() => void navigate(destination, { replace: true })} />
        <p className="text-right">
          <Link to={paths.forgotPassword.href()} className="link link-primary text-sm">
            {messages.passwordReset.forgotLink}
          </Link>
        </p>
        <p className="text-center">
          {messages.auth.newHere(getShopName())}{' '}
          <Link to={paths.signup.href()} state={location.state} className="link link-primary font-medium">
            {messages.auth.createAccount}
          </Link>
        </p>
        <div className="divider">{messages.auth.or}</div>
        <GoogleSignInButton callbackPath={destination} />
      </AuthCard>
    </ContentLayout>
  );
}
