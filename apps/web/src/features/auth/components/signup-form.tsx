import { zodResolver } from '@hookform/resolvers/zod';
import { messages, signUpSchema, type SignUpInput } from '@partsforge/shared';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { signUpWithEmail } from '../api/sign-up-with-email';

/**
 * Sign-up with name, email and password (docs/requirements.md §2 and §5): the spec's validation messages under each
 * field, the identity provider's error (e.g. the email is taken) in red. Calls `onSignedUp` once signed in.
 */
export function SignupForm({ onSignedUp }: { onSignedUp: () => void }) {
  const { failure, submit } = useAuthSubmit(signUpWithEmail, onSignedUp);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(submit);

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
