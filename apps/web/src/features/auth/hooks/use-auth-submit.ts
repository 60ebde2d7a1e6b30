import { messages } from '@partsforge/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshSession } from '@/lib/auth/session';

/**
 * The submit step shared by the login and sign-up forms: runs the identity provider's call, then loads the
 * session (access token and role flags) and calls `onDone`. On failure `failure` holds the provider's
 * message, shown in red by the form (docs/requirements.md §8).
 */
export function useAuthSubmit<Input>(action: (input: Input) => Promise<unknown>, onDone: () => void) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (input: Input) => {
    setFailure(null);
    try {
      await action(input);
      await refreshSession(queryClient);
      onDone();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : messages.errors.unexpected);
    }
  };
  return { failure, submit };
}
