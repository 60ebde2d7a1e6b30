import { formatShipTo, type CompanyAddress } from '@partsforge/shared/companies';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/** The Ship to choice's value for "Type an address" (the others are address ids). */
export const TYPED_ADDRESS = 'typed';

/**
 * Ship to (company members' checkout; docs/requirements.md §14 "Company accounts"): a radio group of the company's
 * address book, each named by its label and address, then "Type an address"; registered as the form's `shipTo`.
 */
export function ShipToChoice({ addresses }: { addresses: CompanyAddress[] }) {
  const { register } = useFormContext<{ shipTo: string }>();
  const id = useId();
  const choices = [
    ...addresses.map((address) => ({
      value: address._id,
      label: address.label,
      detail: `${formatShipTo({ ...address, label: '' })} · ${companyPageMessages.shipToPhone(address.phone)}`,
    })),
    { value: TYPED_ADDRESS, label: companyPageMessages.typeAddress, detail: null },
  ];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium">{companyPageMessages.shipToLegend}</legend>
      {choices.map((choice, index) => (
        <div key={choice.value} className="flex items-start gap-3 rounded-box border border-base-300 p-3">
          <input
            id={`${id}-${index}`}
            type="radio"
            value={choice.value}
            className="radio radio-primary mt-0.5"
            {...(choice.detail ? { 'aria-describedby': `${id}-${index}-detail` } : {})}
            {...register('shipTo')}
          />
          <div className="flex flex-col">
            <label htmlFor={`${id}-${index}`} className="font-medium">
              {choice.label}
            </label>
            {choice.detail ? (
              <span id={`${id}-${index}-detail`} className="text-sm break-words text-base-content/80">
                {choice.detail}
              </span>
            ) : null}
          </div>
        </div>
      ))}
    </fieldset>
  );
}
