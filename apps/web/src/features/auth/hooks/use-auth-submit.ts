import { useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '@/lib/auth/session';

/**
 * The submit step shared by the login and sign-up forms: runs the identity provider's call, then loads the
 * session (access token and role flags) and calls `onDone` with what was submitted. A failure throws the
 * provider's message, which the form shows in red (docs/requirements.md §8).
 */
export function useAuthSubmit<Input>(
  action: (input: Input) => Promise<unknown>,
  onDone: (input: Input) => void,
) {
  const queryClient = useQueryClient();
  return async (input: Input) => {
    await action(input);
    await refreshSession(queryClient);
    onDone(input);
  };
}
