import { formatShipTo, type CompanyAddress } from '@partsforge/shared/companies';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form-dialog';
import { useDeleteAddress } from '../api/addresses';
import { AddressForm } from './address-form';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const text = companyPageMessages;

interface AddressBookProps {
  addresses: CompanyAddress[];
  /** Owners and managers: Add address, Edit and Delete (after a confirmation); buyers read it only. */
  editable: boolean;
}

/** The company's address book (docs/requirements.md §14 "Company accounts"): its ship-to locations. */
export function AddressBook({ addresses, editable }: AddressBookProps) {
  // 'new' while adding, the address while editing one.
  const [editing, setEditing] = useState<CompanyAddress | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CompanyAddress | null>(null);
  const deleteAddress = useDeleteAddress();

  return (
    <section aria-labelledby="addresses-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="addresses-heading" className="text-xl font-semibold">
            {text.addressesHeading}
          </h2>
          <p className="text-base-content/80">{text.addressesLead}</p>
        </div>
        {editable ? (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')}>
            {text.addAddress}
          </button>
        ) : null}
      </div>
      {addresses.length === 0 ? (
        <p>{text.noAddresses}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {addresses.map((address) => (
            <li key={address._id} className="rounded-box border border-base-300 p-4">
              <p className="font-semibold">{address.label}</p>
              <p className="text-sm break-words">{formatShipTo({ ...address, label: '' })}</p>
              <p className="text-sm">{companyPageMessages.shipToPhone(address.phone)}</p>
              {editable ? (
                <div className="mt-3 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-sm"
                    aria-label={text.editAddress(address.label)}
                    onClick={() => setEditing(address)}
                  >
                    {text.edit}
                  </button>
                  <button
                    type="button"
                    className="btn btn-error btn-outline btn-sm"
                    aria-label={text.deleteAddress(address.label)}
                    onClick={() => setDeleting(address)}
                  >
                    {text.delete}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <FormDialog
        open={editing !== null}
        title={editing === 'new' ? text.addAddressTitle : editing ? text.editAddressTitle(editing.label) : ''}
        onClose={() => setEditing(null)}
      >
        <AddressForm
          address={editing === 'new' ? undefined : (editing ?? undefined)}
          onDone={() => setEditing(null)}
        />
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? text.confirmDeleteAddressTitle(deleting.label) : ''}
        confirmLabel={text.deleteConfirm}
        cancelLabel={text.keepAddress}
        busy={deleteAddress.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) deleteAddress.mutate(deleting, { onSettled: () => setDeleting(null) });
        }}
      >
        <p>{text.confirmDeleteAddressText}</p>
      </ConfirmDialog>
    </section>
  );
}
