import { messages } from '@partsforge/shared/messages';
import { useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { AuthCard } from '@/features/auth/components/auth-card';
import { EmailVerification } from '@/features/auth/components/email-verification';

/**
 * /verify-email?token=… (docs/requirements.md §13, Email), opened from the "Verify your email" mail: verifies the
 * address and says so, or why the link failed, with "Send a new link".
 */
export function VerifyEmailRoute() {
  const [searchParams] = useSearchParams();
  return (
    <ContentLayout title={messages.emailVerification.title}>
      <AuthCard>
        <EmailVerification token={searchParams.get('token')} />
      </AuthCard>
    </ContentLayout>
  );
}
