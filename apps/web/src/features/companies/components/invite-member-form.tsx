import { createInvitationSchema, INVITABLE_ROLES } from '@partsforge/shared/companies';
import { Field, Form, FormAlert, SelectField, SubmitButton } from '@/components/form';
import { useCreateInvitation } from '../api/invitations';
import { companyRoleLabel } from '../company-roles';
import { spendingLimitInput } from '../spending-limit-field';
import { SpendingLimitInput } from './spending-limit-input';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const text = companyPageMessages;

const inviteSchema = createInvitationSchema.extend({ spendingLimit: spendingLimitInput });

/**
 * Invite a member (owners and managers; docs/requirements.md §14 "Company accounts"): Email, Role (Manager or
 * Buyer) and an optional Spending limit; Send invitation mails the link, and the form empties for the next one.
 */
export function InviteMemberForm() {
  const createInvitation = useCreateInvitation();
  return (
    <section aria-labelledby="invite-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="invite-heading" className="text-xl font-semibold">
          {text.inviteHeading}
        </h2>
        <p className="text-base-content/80">{text.inviteLead}</p>
      </div>
      <Form
        schema={inviteSchema}
        defaultValues={{ email: '', role: 'buyer', spendingLimit: '' }}
        onSubmit={({ email, role, spendingLimit }) =>
          createInvitation.mutateAsync({ email, role, ...(spendingLimit === null ? {} : { spendingLimit }) })
        }
        resetAfterSubmit
        className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]"
      >
        <Field name="email" label={text.email} type="email" autoComplete="off" />
        <SelectField name="role" label={text.role}>
          {INVITABLE_ROLES.map((role) => (
            <option key={role} value={role}>
              {companyRoleLabel[role]}
            </option>
          ))}
        </SelectField>
        <SpendingLimitInput label={text.spendingLimit} placeholder={text.noLimit} />
        <div className="flex flex-col gap-1 sm:pt-7">
          <SubmitButton>{(submitting) => (submitting ? text.inviting : text.invite)}</SubmitButton>
        </div>
        <FormAlert className="sm:col-span-2 lg:col-span-4" />
      </Form>
      <p className="text-sm text-base-content/80">{text.spendingLimitHint}</p>
    </section>
  );
}
