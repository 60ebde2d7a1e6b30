import type { AuthStatus, ForgotPasswordInput } from '@partsforge/shared/identity';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/auth/request-password-reset` (docs/requirements.md §13): mails a reset link when the address has an
 * account with a password; answers the same for every address. 429 after too many requests.
 */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<AuthStatus> {
  return apiRequest<AuthStatus>('auth/request-password-reset', { method: 'POST', body: input });
}
