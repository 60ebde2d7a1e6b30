import { messages } from '@partsforge/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { sessionQueryKey } from '@/lib/auth/session';
import { paths } from '@/lib/paths';

/**
 * /reset-password?token=… (docs/requirements.md §13, Email), opened from the "Reset your password" mail: the new
 * password twice and "Reset password"; then a success message and a link to Login. The reset signed out every
 * session of the account, so the page reads its own session again. A link without a token asks for a new one.
 */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  return (
    <ContentLayout title={messages.passwordReset.resetTitle} lead={messages.passwordReset.resetLead}>
      <AuthCard>
        {done ? (
          <>
            <p role="status" className="alert alert-success">
              {messages.passwordReset.done}
            </p>
            <Link to={paths.login.href()} className="btn btn-primary">
              {messages.passwordReset.goToLogin}
            </Link>
          </>
        ) : token ? (
          <ResetPasswordForm
            token={token}
            onReset={() => {
              setDone(true);
              // The reset ended every session of the account: read this browser's session again.
              void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
            }}
          />
        ) : (
          <p role="alert" className="text-error">
            {messages.passwordReset.linkInvalid}
          </p>
        )}
        {done ? null : (
          <p className="flex flex-wrap justify-between gap-2">
            <Link to={paths.forgotPassword.href()} className="link link-primary font-medium">
              {messages.passwordReset.askAgain}
            </Link>
            <Link to={paths.login.href()} className="link link-primary font-medium">
              {messages.passwordReset.backToLogin}
            </Link>
          </p>
        )}
      </AuthCard>
    </ContentLayout>
  );
}
