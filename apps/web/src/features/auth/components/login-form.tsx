import { loginSchema } from '@partsforge/shared/identity';
import { messages } from '@partsforge/shared/messages';
import { Field, Form, FormAlert, SubmitButton } from '@/components/form';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { signInWithEmail } from '../api/sign-in-with-email';

/**
 * Email and password login (docs/requirements.md §2 and §5): the spec's validation messages under each field, the
 * identity provider's error (e.g. "Invalid email or password") in red. Calls `onSignedIn` once the session,
 * its access token and role flags are loaded.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const submit = useAuthSubmit(signInWithEmail, onSignedIn);
  return (
    <Form
      schema={loginSchema}
      defaultValues={{ email: '', password: '' }}
      onSubmit={submit}
      className="flex flex-col gap-4"
    >
      <Field name="email" label={messages.auth.emailLabel} type="email" autoComplete="email" />
      <Field
        name="password"
        label={messages.auth.passwordLabel}
        type="password"
        autoComplete="current-password"
      />
      <FormAlert />
      <SubmitButton>
        {(submitting) => (submitting ? messages.auth.working : messages.auth.loginButton)}
      </SubmitButton>
    </Form>
  );
}
