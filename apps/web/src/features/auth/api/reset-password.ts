import type { AuthStatus, ResetPasswordInput } from '@partsforge/shared/identity';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/auth/reset-password` (docs/requirements.md §13): sets the new password with the mailed link's token
 * and signs out every session of the account; 400 `INVALID_TOKEN` for an unknown, expired or used link.
 */
export function resetPassword(input: ResetPasswordInput): Promise<AuthStatus> {
  return apiRequest<AuthStatus>('auth/reset-password', { method: 'POST', body: input });
}
