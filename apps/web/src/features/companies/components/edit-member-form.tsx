import {
  COMPANY_ROLES,
  updateMemberSchema,
  type CompanyMember,
  type CompanyRole,
  type UpdateMemberInput,
} from '@partsforge/shared/companies';
import { z } from 'zod';
import { Form, FormAlert, SelectField, SubmitButton } from '@/components/form';
import { useUpdateMember } from '../api/members';
import { companyRoleLabel } from '../company-roles';
import { spendingLimitInput, spendingLimitText } from '../spending-limit-field';
import { SpendingLimitInput } from './spending-limit-input';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const text = companyPageMessages;

const editMemberSchema = z
  .object({ role: z.enum(COMPANY_ROLES), spendingLimit: spendingLimitInput })
  .transform((input): UpdateMemberInput => input)
  .pipe(updateMemberSchema);

interface EditMemberFormProps {
  member: CompanyMember;
  /** The caller's role: only an owner may make a member owner. */
  myRole: CompanyRole;
  onDone: () => void;
}

/**
 * Change a member's role and spending limit (docs/requirements.md §14 "Company accounts"): Role (Owner only for
 * owners), Spending limit (empty: no limit), Save and Cancel; the server's refusal (last owner, a manager touching
 * an owner) shows in the form.
 */
export function EditMemberForm({ member, myRole, onDone }: EditMemberFormProps) {
  const updateMember = useUpdateMember();
  const roles = COMPANY_ROLES.filter(
    (role) => role !== 'owner' || myRole === 'owner' || member.role === 'owner',
  );
  return (
    <Form
      schema={editMemberSchema}
      defaultValues={{ role: member.role, spendingLimit: spendingLimitText(member.spendingLimit) }}
      onSubmit={async (input) => {
        await updateMember.mutateAsync({ member, input });
        onDone();
      }}
      className="flex flex-col gap-4"
    >
      <SelectField name="role" label={text.role}>
        {roles.map((role) => (
          <option key={role} value={role}>
            {companyRoleLabel[role]}
          </option>
        ))}
      </SelectField>
      <SpendingLimitInput label={text.spendingLimitLabel} />
      <p className="text-sm text-base-content/80">{text.spendingLimitHint}</p>
      <FormAlert />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onDone}>
          {text.cancel}
        </button>
        <SubmitButton>{(submitting) => (submitting ? text.saving : text.save)}</SubmitButton>
      </div>
    </Form>
  );
}
