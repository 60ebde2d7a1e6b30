import { messages } from '@partsforge/shared/messages';
import type { TaxRate } from '@partsforge/shared/shipping';
import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '@/components/error-message';
import { ApiError } from '@/lib/api-client';
import { useSaveTaxRates, useTaxRates } from '../api/shipping';
import { typedNumber } from './text-field';

const text = messages.shippingPages;

/** A rate as the form holds it: the percentage as typed. */
interface RateDraft {
  country: string;
  region: string;
  ratePercent: string;
  taxShipping: boolean;
}

const draftOf = (rate: TaxRate): RateDraft => ({ ...rate, ratePercent: String(rate.ratePercent) });

/**
 * The Tax rates page's form (docs/requirements.md §16): one row per destination (country, region, rate, whether
 * shipping is taxed), Add rate and Remove; Save sends the whole list (PUT /api/admin/tax-rates) and shows the
 * server's 400 messages beside their cells.
 */
export function TaxRatesForm() {
  const rates = useTaxRates();
  if (rates.isPending) return <p aria-busy="true">{messages.common.loading}</p>;
  if (rates.isError) return <ErrorMessage title={text.loadFailed} detail={rates.error.message} />;
  return <RatesEditor key={rates.dataUpdatedAt} initial={rates.data.map(draftOf)} />;
}

function RatesEditor({ initial }: { initial: RateDraft[] }) {
  const [drafts, setDrafts] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const save = useSaveTaxRates();

  const change = (index: number, patch: Partial<RateDraft>) =>
    setDrafts((all) => all.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setAlert(null);
    try {
      await save.mutateAsync(
        drafts.map((draft) => ({
          country: draft.country.trim().toUpperCase(),
          region: draft.region.trim().toUpperCase(),
          ratePercent: typedNumber(draft.ratePercent) ?? Number.NaN,
          taxShipping: draft.taxShipping,
        })),
      );
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        setErrors(error.errors);
        setAlert(text.fixErrors);
      } else setAlert(error instanceof Error ? error.message : String(error));
    }
  };

  const cell = (index: number, field: 'country' | 'region' | 'ratePercent', label: string) => {
    const id = `rate-${index}-${field}`;
    const error = errors[`${index}.${field}`];
    return (
      <td>
        <input
          id={id}
          className={`input input-sm w-full ${error ? 'input-error' : ''}`}
          aria-label={`${label} ${index + 1}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoComplete="off"
          {...(field === 'ratePercent' ? { inputMode: 'decimal' as const } : {})}
          value={drafts[index]![field]}
          onChange={(event) => change(index, { [field]: event.target.value })}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-error">
            {error}
          </p>
        ) : null}
      </td>
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <div className="overflow-x-auto">
        <table className="table table-sm">
          <caption className="text-left font-medium">{text.ratesCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.country}</th>
              <th scope="col">{text.region}</th>
              <th scope="col">{text.ratePercent}</th>
              <th scope="col">{text.taxShipping}</th>
              <th scope="col">
                <span className="sr-only">{text.removeRate('')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {drafts.map((draft, index) => (
              <tr key={index}>
                {cell(index, 'country', text.country)}
                {cell(index, 'region', text.region)}
                {cell(index, 'ratePercent', text.ratePercent)}
                <td>
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    aria-label={`${text.taxShipping} ${index + 1}`}
                    checked={draft.taxShipping}
                    onChange={(event) => change(index, { taxShipping: event.target.checked })}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => setDrafts((all) => all.filter((_, at) => at !== index))}
                  >
                    {text.removeRate(`${draft.country}/${draft.region}`.replace(/^\/$/, ''))}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() =>
            setDrafts((all) => [...all, { country: 'US', region: '', ratePercent: '0', taxShipping: false }])
          }
        >
          {text.addRate}
        </button>
      </div>
      {alert ? (
        <p role="alert" className="alert alert-error">
          {alert}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? text.saving : text.save}
        </button>
      </div>
    </form>
  );
}
