import { messages } from '@partsforge/shared/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { paths } from '@/lib/paths';

/**
 * /forgot-password (docs/requirements.md §13, Email): the account's email and "Send reset link"; then the same
 * answer for every address (no account enumeration) and a way back to Login.
 */
export function ForgotPasswordRoute() {
  const [sent, setSent] = useState(false);
  return (
    <ContentLayout title={messages.passwordReset.forgotTitle} lead={messages.passwordReset.forgotLead}>
      <AuthCard>
        {sent ? (
          <p role="status" className="alert alert-success">
            {messages.passwordReset.requested}
          </p>
        ) : (
          <ForgotPasswordForm onSent={() => setSent(true)} />
        )}
        <p className="text-center">
          <Link to={paths.login.href()} className="link link-primary font-medium">
            {messages.passwordReset.backToLogin}
          </Link>
        </p>
      </AuthCard>
    </ContentLayout>
  );
}
