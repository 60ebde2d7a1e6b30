import type { LoginInput } from '@partsforge/shared/identity';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/auth/sign-in/email`: signs in (session cookie); 401 "Invalid email or password" otherwise. */
export function signInWithEmail(input: LoginInput): Promise<unknown> {
  return apiRequest('auth/sign-in/email', { method: 'POST', body: input });
}
