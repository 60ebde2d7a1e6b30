import { zodResolver } from '@hookform/resolvers/zod';
import { messages, signUpSchema, type SignUpInput } from '@partsforge/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { refreshSession } from '@/lib/auth/session';
import { signUpWithEmail } from '../api/sign-up-with-email';

/**
 * Sign-up with name, email and password (spec sections 2 and 5): the spec's validation messages under each
 * field, the identity provider's error (e.g. the email is taken) in red. Calls `onSignedUp` once signed in.
 */
export function SignupForm({ onSignedUp }: { onSignedUp: () => void }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      await signUpWithEmail(input);
      await refreshSession(queryClient);
      onSignedUp();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : messages.errors.unexpected);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <FormField
        label={messages.auth.nameLabel}
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <FormField
        label={messages.auth.emailLabel}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <FormField
        label={messages.auth.passwordLabel}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {failure ? (
        <p role="alert" className="text-error">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? messages.auth.working : messages.auth.signUpButton}
      </button>
    </form>
  );
}
