import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, messages, type LoginInput } from '@partsforge/shared';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { signInWithEmail } from '../api/sign-in-with-email';

/**
 * Email and password login (docs/requirements.md §2 and §5): the spec's validation messages under each field, the
 * identity provider's error (e.g. "Invalid email or password") in red. Calls `onSignedIn` once the session,
 * its access token and role flags are loaded.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { failure, submit } = useAuthSubmit(signInWithEmail, onSignedIn);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(submit);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
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
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {failure ? (
        <p role="alert" className="text-error">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? messages.auth.working : messages.auth.loginButton}
      </button>
    </form>
  );
}
