import { creditMemoMessages } from '@partsforge/shared/credit-memo-messages';
import { useId, useState, type FormEvent } from 'react';
import { useReturnSettings, useSaveReturnSettings } from '../api/credit-memos';

const text = creditMemoMessages;

/**
 * The admins' return settings (docs/requirements.md §17 "Credit memos and refunds"): the restocking fee in whole
 * percent (0..100), deducted from not-needed returns only. Loading and error states; the server's 400 shows beside it.
 */
export function ReturnSettingsForm() {
  const id = useId();
  const settings = useReturnSettings();
  const save = useSaveReturnSettings();
  const [percent, setPercent] = useState<string | null>(null);
  const value = percent ?? (settings.data ? String(settings.data.restockingFeePercent) : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ restockingFeePercent: Number(value) }, { onSuccess: () => setPercent(null) });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mb-6 rounded-box border border-base-300 p-4">
      <h2 id={`${id}-heading`} className="mb-3 text-xl font-semibold">
        {text.settingsTitle}
      </h2>
      {settings.isError ? (
        <p role="alert" className="text-error">
          {settings.error.message}
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1">
            <span>{text.restockingFeeLabel}</span>
            <input
              type="number"
              min={0}
              max={100}
              step={1}
              required
              className="input input-bordered w-32"
              aria-describedby={`${id}-hint`}
              disabled={settings.isPending}
              value={value}
              onChange={(event) => setPercent(event.target.value)}
            />
          </label>
          <button type="submit" className="btn btn-primary" disabled={settings.isPending || save.isPending}>
            {text.save}
          </button>
          <p id={`${id}-hint`} className="w-full text-sm">
            {text.restockingFeeHint}
          </p>
          {save.isError ? (
            <p role="alert" className="w-full text-error">
              {save.error.message}
            </p>
          ) : null}
          {save.isSuccess && percent === null ? (
            <p role="status" className="w-full">
              {text.saved}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
