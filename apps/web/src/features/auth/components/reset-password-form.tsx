import { resetPasswordFormSchema } from '@partsforge/shared/identity';
import { messages } from '@partsforge/shared/messages';
import { Field, Form, FormAlert, SubmitButton } from '@/components/form';
import { resetPassword } from '../api/reset-password';

/**
 * The reset page's form (docs/requirements.md §13): the new password twice, with sign-up's rules, sent with the
 * mailed link's `token`. An invalid, expired or used link shows the server's message in red. Calls `onReset`
 * once the password is changed.
 */
export function ResetPasswordForm({ token, onReset }: { token: string; onReset: () => void }) {
  return (
    <Form
      schema={resetPasswordFormSchema}
      defaultValues={{ newPassword: '', confirmPassword: '' }}
      onSubmit={async ({ newPassword }) => {
        await resetPassword({ token, newPassword });
        onReset();
      }}
      className="flex flex-col gap-4"
    >
      <Field
        name="newPassword"
        label={messages.passwordReset.newPasswordLabel}
        type="password"
        autoComplete="new-password"
      />
      <Field
        name="confirmPassword"
        label={messages.passwordReset.confirmPasswordLabel}
        type="password"
        autoComplete="new-password"
      />
      <FormAlert />
      <SubmitButton>
        {(submitting) => (submitting ? messages.auth.working : messages.passwordReset.resetButton)}
      </SubmitButton>
    </Form>
  );
}
