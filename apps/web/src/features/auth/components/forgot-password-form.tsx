import { forgotPasswordSchema } from '@partsforge/shared/identity';
import { messages } from '@partsforge/shared/messages';
import { Field, Form, FormAlert, SubmitButton } from '@/components/form';
import { requestPasswordReset } from '../api/request-password-reset';

/**
 * "Forgot password?" (docs/requirements.md §13): the account's email; the email rules of the login form under the
 * field, a refused request (e.g. too many) in red. Calls `onSent` once the request was taken, whatever the
 * address (the server answers the same for every one).
 */
export function ForgotPasswordForm({ onSent }: { onSent: () => void }) {
  return (
    <Form
      schema={forgotPasswordSchema}
      defaultValues={{ email: '' }}
      onSubmit={async (input) => {
        await requestPasswordReset(input);
        onSent();
      }}
      className="flex flex-col gap-4"
    >
      <Field name="email" label={messages.auth.emailLabel} type="email" autoComplete="email" />
      <FormAlert />
      <SubmitButton>
        {(submitting) => (submitting ? messages.auth.working : messages.passwordReset.sendLink)}
      </SubmitButton>
    </Form>
  );
}
