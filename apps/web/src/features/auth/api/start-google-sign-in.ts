import { apiRequest } from '@/lib/api-client';
import { paths } from '@/lib/paths';

/** Where the provider's errors land: the login page reads `?error=` (see googleErrorMessage). */
export const GOOGLE_ERROR_PATH = paths.login.href();

/**
 * `POST /api/auth/sign-in/social` for Google, then leaves for Google's consent page; after it the server
 * sends the browser to `callbackPath` signed in, or to /login?error=<code>.
 */
export async function startGoogleSignIn(callbackPath: string): Promise<void> {
  const { url } = await apiRequest<{ url: string }>('auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL: callbackPath, errorCallbackURL: GOOGLE_ERROR_PATH },
  });
  window.location.assign(url);
}
