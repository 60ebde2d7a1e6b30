import type { AuthStatus } from '@partsforge/shared/identity';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/auth/send-verification-email` (docs/requirements.md §13): mails a new "Verify your email" link to the
 * signed-in user's own address (session cookie); 400 `EMAIL_ALREADY_VERIFIED`, 401 signed out, 429 too many.
 */
export function sendVerificationEmail(): Promise<AuthStatus> {
  return apiRequest<AuthStatus>('auth/send-verification-email', { method: 'POST', body: {} });
}
