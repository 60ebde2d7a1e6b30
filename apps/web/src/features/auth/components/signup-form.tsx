import { signUpSchema } from '@partsforge/shared/identity';
import { messages } from '@partsforge/shared/messages';
import { Field, Form, FormAlert, SubmitButton } from '@/components/form';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { signUpWithEmail } from '../api/sign-up-with-email';

/**
 * Sign-up with name, email and password (docs/requirements.md §2 and §5): the spec's validation messages under each
 * field, the identity provider's error (e.g. the email is taken) in red. Calls `onSignedUp` with the account's
 * email once signed in.
 */
export function SignupForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const submit = useAuthSubmit(signUpWithEmail, ({ email }) => onSignedUp(email));
  return (
    <Form
      schema={signUpSchema}
      defaultValues={{ name: '', email: '', password: '' }}
      onSubmit={submit}
      className="flex flex-col gap-4"
    >
      <Field name="name" label={messages.auth.nameLabel} autoComplete="name" />
      <Field name="email" label={messages.auth.emailLabel} type="email" autoComplete="email" />
      <Field
        name="password"
        label={messages.auth.passwordLabel}
        type="password"
        autoComplete="new-password"
      />
      <FormAlert />
      <SubmitButton>
        {(submitting) => (submitting ? messages.auth.working : messages.auth.signUpButton)}
      </SubmitButton>
    </Form>
  );
}
