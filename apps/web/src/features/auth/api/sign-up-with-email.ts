import type { SignUpInput } from '@partsforge/shared/identity';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/auth/sign-up/email`: creates the account and signs it in; 422 when the email is taken. */
export function signUpWithEmail(input: SignUpInput): Promise<unknown> {
  return apiRequest('auth/sign-up/email', { method: 'POST', body: input });
}
