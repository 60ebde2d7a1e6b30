import { messages } from '@partsforge/shared/messages';
import {
  SHIPPING_METHOD_KINDS,
  type ShippingMethod,
  type ShippingMethodKind,
} from '@partsforge/shared/shipping';
import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '@/components/error-message';
import { ApiError } from '@/lib/api-client';
import { useSaveShippingMethods, useShippingMethods } from '../api/shipping';
import { TextField, typedNumber } from './text-field';

const text = messages.shippingPages;

/** A method as the form holds it: numbers as typed. */
interface MethodDraft {
  code: string;
  name: string;
  kind: ShippingMethodKind;
  price: string;
  bands: { upToKg: string; price: string }[];
  freeOverSubtotal: string;
  transitMin: string;
  transitMax: string;
  cutoff: string;
  countries: string;
}

function draftOf(method: ShippingMethod): MethodDraft {
  return {
    code: method.code,
    name: method.name,
    kind: method.kind,
    price: method.price === undefined ? '' : String(method.price),
    bands: (method.bands ?? []).map((band) => ({ upToKg: String(band.upToKg), price: String(band.price) })),
    freeOverSubtotal: method.freeOverSubtotal === undefined ? '' : String(method.freeOverSubtotal),
    transitMin: String(method.transitDays.min),
    transitMax: String(method.transitDays.max),
    cutoff: method.cutoff,
    countries: method.countries.join(', '),
  };
}

/** The PUT body of `draft` (the server checks it and names each bad field). */
function methodOf(draft: MethodDraft): ShippingMethod {
  const price = typedNumber(draft.price);
  const freeOver = typedNumber(draft.freeOverSubtotal);
  return {
    code: draft.code.trim(),
    name: draft.name,
    kind: draft.kind,
    ...(price !== undefined ? { price } : {}),
    ...(draft.kind === 'weight'
      ? {
          bands: draft.bands.map((band) => ({
            upToKg: typedNumber(band.upToKg) ?? Number.NaN,
            price: typedNumber(band.price) ?? Number.NaN,
          })),
        }
      : {}),
    ...(freeOver !== undefined ? { freeOverSubtotal: freeOver } : {}),
    transitDays: {
      min: typedNumber(draft.transitMin) ?? Number.NaN,
      max: typedNumber(draft.transitMax) ?? Number.NaN,
    },
    cutoff: draft.cutoff.trim(),
    countries: draft.countries
      .split(/[\s,]+/)
      .map((country) => country.trim().toUpperCase())
      .filter(Boolean),
  };
}

const newMethod = (): MethodDraft => ({
  code: '',
  name: '',
  kind: 'flat',
  price: '',
  bands: [],
  freeOverSubtotal: '',
  transitMin: '1',
  transitMax: '3',
  cutoff: '15:00',
  countries: 'US',
});

/**
 * The Shipping methods page's form (docs/requirements.md §16): each method's code, name, kind, price or weight
 * bands, free-over subtotal, transit days, cut-off and countries; Add method, Remove, Add band; Save sends the
 * whole list (PUT /api/admin/shipping-methods) and shows the server's 400 messages beside their fields.
 */
export function ShippingMethodsForm() {
  const methods = useShippingMethods();
  if (methods.isPending) return <p aria-busy="true">{messages.common.loading}</p>;
  if (methods.isError) return <ErrorMessage title={text.loadFailed} detail={methods.error.message} />;
  return <MethodsEditor key={methods.dataUpdatedAt} initial={methods.data.map(draftOf)} />;
}

function MethodsEditor({ initial }: { initial: MethodDraft[] }) {
  const [drafts, setDrafts] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const save = useSaveShippingMethods();

  const change = (index: number, patch: Partial<MethodDraft>) =>
    setDrafts((all) => all.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setAlert(null);
    try {
      await save.mutateAsync(drafts.map(methodOf));
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        setErrors(error.errors);
        setAlert(text.fixErrors);
      } else setAlert(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-6" noValidate>
      {drafts.map((draft, index) => (
        <MethodFields
          key={index}
          index={index}
          draft={draft}
          errors={errors}
          onChange={(patch) => change(index, patch)}
          onRemove={() => setDrafts((all) => all.filter((_, at) => at !== index))}
        />
      ))}
      {(errors[''] ?? errors.request) ? <p className="text-error">{errors[''] ?? errors.request}</p> : null}
      <div>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => setDrafts((all) => [...all, newMethod()])}
        >
          {text.addMethod}
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

interface MethodFieldsProps {
  index: number;
  draft: MethodDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<MethodDraft>) => void;
  onRemove: () => void;
}

/** One method's fields in a fieldset named by the method's name. */
function MethodFields({ index, draft, errors, onChange, onRemove }: MethodFieldsProps) {
  const heading = draft.name.trim() || `${text.methodsTitle} ${index + 1}`;
  const id = (field: string) => `method-${index}-${field}`;
  const error = (field: string) => errors[`${index}.${field}`];
  return (
    <fieldset className="rounded-box border border-base-300 p-4" aria-labelledby={id('heading')}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id('heading')} className="text-lg font-semibold">
          {heading}
        </h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove}>
          {text.removeMethod(draft.name.trim())}
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          id={id('name')}
          label={text.name}
          value={draft.name}
          error={error('name')}
          onChange={(name) => onChange({ name })}
        />
        <TextField
          id={id('code')}
          label={text.code}
          value={draft.code}
          error={error('code')}
          onChange={(code) => onChange({ code })}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={id('kind')} className="text-sm font-medium">
            {text.kind}
          </label>
          <select
            id={id('kind')}
            className="select select-sm w-full"
            value={draft.kind}
            onChange={(event) => onChange({ kind: event.target.value as ShippingMethodKind })}
          >
            {SHIPPING_METHOD_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {text.kinds[kind]}
              </option>
            ))}
          </select>
        </div>
        {draft.kind !== 'weight' ? (
          <TextField
            id={id('price')}
            label={text.price}
            value={draft.price}
            error={error('price')}
            inputMode="decimal"
            onChange={(price) => onChange({ price })}
          />
        ) : null}
        <TextField
          id={id('freeOverSubtotal')}
          label={text.freeOverSubtotal}
          value={draft.freeOverSubtotal}
          error={error('freeOverSubtotal')}
          inputMode="decimal"
          onChange={(freeOverSubtotal) => onChange({ freeOverSubtotal })}
        />
        <TextField
          id={id('transitMin')}
          label={text.transitMin}
          value={draft.transitMin}
          error={error('transitDays.min')}
          inputMode="numeric"
          onChange={(transitMin) => onChange({ transitMin })}
        />
        <TextField
          id={id('transitMax')}
          label={text.transitMax}
          value={draft.transitMax}
          error={error('transitDays.max')}
          inputMode="numeric"
          onChange={(transitMax) => onChange({ transitMax })}
        />
        <TextField
          id={id('cutoff')}
          label={text.cutoff}
          value={draft.cutoff}
          error={error('cutoff')}
          onChange={(cutoff) => onChange({ cutoff })}
        />
        <TextField
          id={id('countries')}
          label={text.countries}
          value={draft.countries}
          error={error('countries') ?? error('countries.0')}
          onChange={(countries) => onChange({ countries })}
        />
      </div>
      {draft.kind === 'weight' ? (
        <div className="mt-4">
          <h3 className="font-medium">{text.bands}</h3>
          {error('bands') ? <p className="text-sm text-error">{error('bands')}</p> : null}
          <ul className="mt-2 flex flex-col gap-2">
            {draft.bands.map((band, row) => (
              <li key={row} className="flex flex-wrap items-end gap-2">
                <TextField
                  id={id(`band-${row}-upToKg`)}
                  label={`${text.upToKg} ${row + 1}`}
                  value={band.upToKg}
                  error={error(`bands.${row}.upToKg`)}
                  inputMode="decimal"
                  onChange={(upToKg) =>
                    onChange({
                      bands: draft.bands.map((item, at) => (at === row ? { ...item, upToKg } : item)),
                    })
                  }
                />
                <TextField
                  id={id(`band-${row}-price`)}
                  label={`${text.bandPrice} ${row + 1}`}
                  value={band.price}
                  error={error(`bands.${row}.price`)}
                  inputMode="decimal"
                  onChange={(price) =>
                    onChange({
                      bands: draft.bands.map((item, at) => (at === row ? { ...item, price } : item)),
                    })
                  }
                />
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => onChange({ bands: draft.bands.filter((_, at) => at !== row) })}
                >
                  {text.removeBand(row + 1)}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-sm mt-2"
            onClick={() => onChange({ bands: [...draft.bands, { upToKg: '', price: '' }] })}
          >
            {text.addBand}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
