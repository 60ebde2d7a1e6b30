import { managesCompany, type CompanyMember, type MyCompany } from '@partsforge/shared/companies';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form-dialog';
import { useRemoveMember } from '../api/members';
import { EditMemberForm } from './edit-member-form';
import { MembersTable } from './members-table';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const text = companyPageMessages;

interface CompanyMembersProps {
  company: MyCompany;
  /** The signed-in customer's email: their own row says "(you)" and offers no actions. */
  myEmail: string;
}

/**
 * The members of the customer's company (docs/requirements.md §14 "Company accounts"); for owners and managers,
 * Change (a dialog: role and limit) and Remove (after a confirmation) on every other member they may touch (a
 * manager never an owner). Buyers read it only.
 */
export function CompanyMembers({ company, myEmail }: CompanyMembersProps) {
  const [editing, setEditing] = useState<CompanyMember | null>(null);
  const [removing, setRemoving] = useState<CompanyMember | null>(null);
  const removeMember = useRemoveMember();
  const mayTouch = (member: CompanyMember) =>
    member.email.toLowerCase() !== myEmail.toLowerCase() &&
    (company.role === 'owner' || member.role !== 'owner');
  const actions = (member: CompanyMember) =>
    mayTouch(member) ? (
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-sm"
          aria-label={text.changeMember(member.name)}
          onClick={() => setEditing(member)}
        >
          {text.change}
        </button>
        <button
          type="button"
          className="btn btn-error btn-outline btn-sm"
          aria-label={text.removeMember(member.name)}
          onClick={() => setRemoving(member)}
        >
          {text.remove}
        </button>
      </div>
    ) : null;

  return (
    <section aria-labelledby="members-heading" className="flex flex-col gap-3">
      <h2 id="members-heading" className="text-xl font-semibold">
        {text.membersHeading}
      </h2>
      <MembersTable
        members={company.members}
        myEmail={myEmail}
        {...(managesCompany(company.role) ? { extra: { heading: text.actions, cell: actions } } : {})}
      />
      <FormDialog
        open={editing !== null}
        title={editing ? text.changeTitle(editing.name) : ''}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <EditMemberForm member={editing} myRole={company.role} onDone={() => setEditing(null)} />
        ) : null}
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? text.confirmRemoveTitle(removing.name) : ''}
        confirmLabel={text.removeConfirm}
        cancelLabel={text.keepMember}
        busy={removeMember.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) removeMember.mutate(removing, { onSettled: () => setRemoving(null) });
        }}
      >
        {removing ? <p>{text.confirmRemoveText(removing.name, removing.email)}</p> : null}
      </ConfirmDialog>
    </section>
  );
}
