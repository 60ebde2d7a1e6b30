import { messages } from '@partsforge/shared/messages';
import type { PaymentTerms } from '@partsforge/shared/trade-terms';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';

/**
 * Payment (a company member's checkout; docs/requirements.md §15 "Trade terms"): a radio group of "Pay by card" (the
 * default) and "On account (Net 30)" (the company's net term), registered as the form's `paymentMethod`.
 */
export function PaymentChoice({ terms }: { terms: Exclude<PaymentTerms, 'card'> }) {
  const { register } = useFormContext<{ paymentMethod: 'card' | 'account' }>();
  const id = useId();
  const choices = [
    { value: 'card', label: messages.tradeTermsPages.payByCard },
    {
      value: 'account',
      label: messages.tradeTermsPages.payOnAccount(messages.tradeTermsPages.paymentTermsLabel[terms]),
    },
  ];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium">{messages.tradeTermsPages.paymentLegend}</legend>
      {choices.map((choice) => (
        <div key={choice.value} className="flex items-center gap-3 rounded-box border border-base-300 p-3">
          <input
            id={`${id}-${choice.value}`}
            type="radio"
            value={choice.value}
            className="radio radio-primary"
            {...register('paymentMethod')}
          />
          <label htmlFor={`${id}-${choice.value}`} className="font-medium">
            {choice.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
