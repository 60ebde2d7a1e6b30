import { messages } from '@partsforge/shared/messages';

/** The text for the `?error=<code>` Better Auth puts on /login when Google sign-in fails. */
export function googleErrorMessage(code: string): string {
  if (code === 'account_not_linked') return messages.auth.accountNotLinked;
  return messages.auth.googleFailed(code.replace(/_/g, ' '));
}
