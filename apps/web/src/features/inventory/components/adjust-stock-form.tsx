import { messages } from '@partsforge/shared/messages';
import { STOCK_NOTE_MAX_LENGTH, stockAdjustmentInputSchema } from '@partsforge/shared/stock';
import { Field, Form, FormAlert, SubmitButton } from '@/components/form';
import { ApiError } from '@/lib/api-client';
import { useAdjustStock } from '../api/adjust-stock';

const text = messages.stock;

/** The fields a server answer's `errors` may name. */
const FIELDS = ['change', 'note'] as const;

/**
 * The Adjust stock form (docs/requirements.md §13): a signed whole-number Change and a Reason, sent as one
 * adjustment; it clears itself once the stock is adjusted. A refusal (e.g. a change that would take the stock
 * below 0) shows the server's reason on the field it names, else under the form.
 */
export function AdjustStockForm({ partId }: { partId: string }) {
  const adjust = useAdjustStock(partId);
  return (
    <Form
      schema={stockAdjustmentInputSchema}
      defaultValues={{ change: Number.NaN, note: '' }}
      onSubmit={async (input, form) => {
        try {
          await adjust.mutateAsync(input);
          form.reset();
        } catch (error) {
          const known = Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {}).filter(
            ([field]) => (FIELDS as readonly string[]).includes(field),
          );
          for (const [field, message] of known)
            form.setError(
              field as (typeof FIELDS)[number],
              { type: 'server', message },
              { shouldFocus: true },
            );
          if (known.length === 0) throw error;
        }
      }}
      className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-start"
    >
      <p className="text-sm text-base-content/70 sm:col-span-3">
        {text.changeHint} {text.reasonHint}
      </p>
      <Field
        name="change"
        label={text.changeLabel}
        type="number"
        inputMode="numeric"
        step={1}
        options={{ valueAsNumber: true }}
      />
      <Field name="note" label={text.reasonLabel} maxLength={STOCK_NOTE_MAX_LENGTH} autoComplete="off" />
      <div className="sm:pt-8">
        <SubmitButton>{text.adjust}</SubmitButton>
      </div>
      <FormAlert className="sm:col-span-3" />
    </Form>
  );
}
