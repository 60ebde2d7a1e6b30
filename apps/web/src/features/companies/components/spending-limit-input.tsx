import { Field } from '@/components/form';

/**
 * A form's spending limit field (docs/requirements.md §14 "Company accounts"): dollars with cents, empty for none;
 * parsed by spendingLimitInput.
 */
export function SpendingLimitInput({ label, placeholder }: { label: string; placeholder?: string }) {
  return (
    <Field
      name="spendingLimit"
      label={label}
      type="number"
      inputMode="decimal"
      min={0}
      step="0.01"
      {...(placeholder ? { placeholder } : {})}
    />
  );
}
