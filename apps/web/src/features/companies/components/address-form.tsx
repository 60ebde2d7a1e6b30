import {
  COMPANY_ADDRESS_FIELD_MAX_LENGTH,
  companyAddressInputSchema,
  type CompanyAddress,
} from '@partsforge/shared/companies';
import { Field, Form, FormAlert, SubmitButton } from '@/components/form';
import { useSaveAddress } from '../api/addresses';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const text = companyPageMessages;

const emptyAddress = {
  label: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
  phone: '',
};

interface AddressFormProps {
  /** The address to edit; none to add one. */
  address?: CompanyAddress | undefined;
  onDone: () => void;
}

/**
 * A ship-to location of the address book (docs/requirements.md §14 "Company accounts"): Label, Address line 1 and
 * 2, City, Region, Postal code, Country (two-letter code, e.g. US) and Phone; Save address adds or edits it.
 */
export function AddressForm({ address, onDone }: AddressFormProps) {
  const saveAddress = useSaveAddress();
  const max = COMPANY_ADDRESS_FIELD_MAX_LENGTH;
  return (
    <Form
      schema={companyAddressInputSchema}
      defaultValues={address ? { ...address, line2: address.line2 ?? '' } : emptyAddress}
      onSubmit={async (input) => {
        await saveAddress.mutateAsync({
          input: { ...input, line2: input.line2 || undefined },
          ...(address ? { id: address._id } : {}),
        });
        onDone();
      }}
      className="grid gap-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <Field name="label" label={text.labelLabel} maxLength={max} />
      </div>
      <Field name="line1" label={text.line1Label} maxLength={max} autoComplete="address-line1" />
      <Field name="line2" label={text.line2Label} maxLength={max} autoComplete="address-line2" />
      <Field name="city" label={text.cityLabel} maxLength={max} autoComplete="address-level2" />
      <Field name="region" label={text.regionLabel} maxLength={max} autoComplete="address-level1" />
      <Field name="postalCode" label={text.postalCodeLabel} maxLength={max} autoComplete="postal-code" />
      <Field
        name="country"
        label={text.countryLabel}
        maxLength={2}
        autoComplete="country"
        className="uppercase"
        options={{ setValueAs: (value: string) => value.toUpperCase() }}
      />
      <Field name="phone" label={text.phoneLabel} type="tel" maxLength={max} autoComplete="tel" />
      <FormAlert className="sm:col-span-2" />
      <div className="modal-action sm:col-span-2">
        <button type="button" className="btn" onClick={onDone}>
          {text.cancel}
        </button>
        <SubmitButton>{(submitting) => (submitting ? text.saving : text.saveAddress)}</SubmitButton>
      </div>
    </Form>
  );
}
