import type { Part } from '@partsforge/shared/catalog';
import {
  FITMENT_POSITION_AXES,
  FIRST_VEHICLE_YEAR,
  LAST_VEHICLE_YEAR,
  MAX_FITMENT_ROWS,
  partFitmentInputSchema,
  type FitmentRow,
  type PartFitmentInput,
} from '@partsforge/shared/fitment';
import { messages } from '@partsforge/shared/messages';
import { useId, useRef, useState } from 'react';
import { useFieldArray, useFormContext, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { CheckboxField, Field, Form, FormAlert, SelectField, SubmitButton } from '@/components/form';
import { ErrorMessage } from '@/components/error-message';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { useAllPartFitment } from '../api/get-part-fitment';
import { useSavePartFitment } from '../api/save-part-fitment';
import { useVehicleChoices } from '../api/get-vehicle-choices';

const text = messages.fitment.form;

/** What the form holds (the schema's input) and what it sends (its output). */
type FitmentFormValues = PartFitmentInput;
type FitmentFormRow = FitmentFormValues['rows'][number];
type FitmentOutput = z.output<typeof partFitmentInputSchema>;

/** The fields of a row, which a server answer's `errors` may name (`rows.2.make`). */
const ROW_FIELDS = [
  'make',
  'model',
  'yearFrom',
  'yearTo',
  'engine',
  'submodel',
  'position',
  'quantity',
  'note',
] as const;
type RowField = (typeof ROW_FIELDS)[number];

/**
 * Every position a row may have (docs/requirements.md §12): one to three of Front/Rear, Left/Right,
 * Upper/Lower, at most one of each pair, in that order ('Front', 'Front Left', 'Front Left Upper', ..., 'Lower').
 */
export const FITMENT_POSITIONS: readonly string[] = (() => {
  const [axles, sides, levels] = FITMENT_POSITION_AXES;
  const positions: string[] = [];
  for (const axle of [...axles, ''])
    for (const side of ['', ...sides])
      for (const level of ['', ...levels]) {
        const words = [axle, side, level].filter(Boolean);
        if (words.length > 0) positions.push(words.join(' '));
      }
  return positions;
})();

/** A new, empty row: one per vehicle unless changed. */
const blankRow = (): FitmentFormRow => ({
  make: '',
  model: '',
  yearFrom: Number.NaN,
  yearTo: Number.NaN,
  engine: '',
  submodel: '',
  position: '',
  quantity: 1,
  note: '',
});

/** A listed or saved row as the form's fields hold it (no value: an empty field). */
function toFormRow(row: Omit<FitmentRow, '_id' | 'makeName' | 'modelName'>): FitmentFormRow {
  return {
    make: row.make,
    model: row.model,
    yearFrom: row.yearFrom,
    yearTo: row.yearTo,
    engine: row.engine ?? '',
    submodel: row.submodel ?? '',
    position: row.position ?? '',
    quantity: row.quantity,
    note: row.note ?? '',
  };
}

/** The `PUT` body: a universal part sends no rows; a row's empty optional fields are left out. */
function toRequestBody(values: FitmentOutput): PartFitmentInput {
  return {
    universal: values.universal,
    rows: values.universal
      ? []
      : values.rows.map(({ engine, submodel, position, note, ...row }) => ({
          ...row,
          ...(engine ? { engine } : {}),
          ...(submodel ? { submodel } : {}),
          ...(position ? { position } : {}),
          ...(note ? { note } : {}),
        })),
  };
}

/** The form field a server error key names (`rows.2.make` or `rows[2].make`), or null. */
function rowFieldOf(key: string): `rows.${number}.${RowField}` | null {
  const match = /^rows(?:\.(\d+)|\[(\d+)\])\.(\w+)$/.exec(key);
  if (!match) return null;
  const field = match[3] as RowField;
  return ROW_FIELDS.includes(field) ? `rows.${Number(match[1] ?? match[2])}.${field}` : null;
}

/** Props of a whole-number field (sent as a number). */
const WHOLE_NUMBER = { type: 'number', inputMode: 'numeric', options: { valueAsNumber: true } } as const;

/**
 * One application row's fields (a fieldset "Row n"): make and model slugs with the vehicle list's suggestions
 * for its From year, the years, optional engine (suggested too) and submodel, the position, the quantity per
 * vehicle and a note, and its Remove button. The suggestions are asked only once the row has been focused, so
 * a part of 500 rows does not ask for 500 lists.
 */
function FitmentRowFields({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { control } = useFormContext<FitmentFormValues>();
  const [yearFrom, make, model] = useWatch({
    control,
    name: [`rows.${index}.yearFrom`, `rows.${index}.make`, `rows.${index}.model`],
  });
  const [active, setActive] = useState(false);
  const choices = useVehicleChoices({ year: yearFrom, make, model }, { enabled: active });
  const id = useId();
  const n = index + 1;
  return (
    <fieldset className="rounded-box border border-base-300 p-4" onFocus={() => setActive(true)}>
      <legend className="px-1 font-semibold">{text.row(n)}</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field name={`rows.${index}.make`} label={text.make} list={`${id}-makes`} autoComplete="off" />
        <Field name={`rows.${index}.model`} label={text.model} list={`${id}-models`} autoComplete="off" />
        <Field
          name={`rows.${index}.yearFrom`}
          label={text.yearFrom}
          min={FIRST_VEHICLE_YEAR}
          max={LAST_VEHICLE_YEAR}
          {...WHOLE_NUMBER}
        />
        <Field
          name={`rows.${index}.yearTo`}
          label={text.yearTo}
          min={FIRST_VEHICLE_YEAR}
          max={LAST_VEHICLE_YEAR}
          {...WHOLE_NUMBER}
        />
        <Field name={`rows.${index}.engine`} label={text.engine} list={`${id}-engines`} autoComplete="off" />
        <Field name={`rows.${index}.submodel`} label={text.submodel} autoComplete="off" />
        <SelectField name={`rows.${index}.position`} label={text.position}>
          <option value="">{text.noPosition}</option>
          {FITMENT_POSITIONS.map((position) => (
            <option key={position} value={position}>
              {position}
            </option>
          ))}
        </SelectField>
        <Field name={`rows.${index}.quantity`} label={text.quantity} min={1} max={99} {...WHOLE_NUMBER} />
        <div className="sm:col-span-2 lg:col-span-3">
          <Field name={`rows.${index}.note`} label={text.note} autoComplete="off" />
        </div>
        <div className="flex items-end">
          <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onRemove}>
            {text.removeRow(n)}
          </button>
        </div>
      </div>
      <datalist id={`${id}-makes`}>
        {choices.makes.map((choice) => (
          <option key={choice.slug} value={choice.slug}>
            {choice.name}
          </option>
        ))}
      </datalist>
      <datalist id={`${id}-models`}>
        {choices.models.map((choice) => (
          <option key={choice.slug} value={choice.slug}>
            {choice.name}
          </option>
        ))}
      </datalist>
      <datalist id={`${id}-engines`}>
        {choices.engines.map((choice) => (
          <option key={choice.id} value={choice.name} />
        ))}
      </datalist>
    </fieldset>
  );
}

/**
 * The universal checkbox and, for a part that is not universal, its rows with Add row and Remove row n.
 * Ticking universal puts the rows aside (a universal part has none); unticking it before saving brings them back.
 */
function FitmentFields() {
  const { control, getValues } = useFormContext<FitmentFormValues>();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'rows' });
  const universal = useWatch({ control, name: 'universal' });
  const { errors } = useFormState({ control, name: 'rows' });
  const setAside = useRef<FitmentFormRow[] | null>(null);
  const addRow = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const problem = errors.rows?.message ?? errors.rows?.root?.message;

  const onUniversal = (checked: boolean) => {
    if (checked) {
      setAside.current = getValues('rows');
      replace([]);
    } else if (setAside.current && getValues('rows').length === 0) {
      replace(setAside.current);
      setAside.current = null;
    }
  };

  return (
    <>
      <div>
        <CheckboxField
          name="universal"
          label={text.universalLabel}
          aria-describedby={`${hintId}-universal`}
          options={{
            onChange: (event: { target: { checked: boolean } }) => onUniversal(event.target.checked),
          }}
        />
        <p id={`${hintId}-universal`} className="mt-1 text-sm text-base-content/70">
          {text.universalHint}
        </p>
      </div>
      {universal ? null : (
        <fieldset className="flex flex-col gap-4" aria-describedby={hintId}>
          <legend className="mb-2 font-medium">{text.rowsLegend}</legend>
          <p id={hintId} className="text-sm text-base-content/70">
            {text.rowsHint}
          </p>
          {fields.length === 0 ? <p>{text.noRows}</p> : null}
          {fields.map((field, index) => (
            <FitmentRowFields
              key={field.id}
              index={index}
              onRemove={() => {
                remove(index);
                addRow.current?.focus();
              }}
            />
          ))}
          {problem ? (
            <p role="alert" className="text-sm text-error">
              {problem}
            </p>
          ) : null}
          <div>
            <button
              ref={addRow}
              type="button"
              className="btn btn-sm"
              disabled={fields.length >= MAX_FITMENT_ROWS}
              onClick={() => append(blankRow())}
            >
              {text.addRow}
            </button>
          </div>
        </fieldset>
      )}
    </>
  );
}

/** Puts the server's per-row reasons on the fields they name; returns whether any was placed. */
function showRowErrors(form: UseFormReturn<FitmentFormValues, unknown, FitmentOutput>, error: unknown) {
  const entries = error instanceof ApiError ? Object.entries(error.errors ?? {}) : [];
  let placed = false;
  for (const [key, message] of entries) {
    const field = rowFieldOf(key);
    if (!field) continue;
    form.setError(field, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

/** The form itself, over rows already loaded. */
function FitmentEditor({ partId, initial }: { partId: string; initial: FitmentFormValues }) {
  const save = useSavePartFitment(partId);
  return (
    <Form
      schema={partFitmentInputSchema}
      defaultValues={initial}
      onSubmit={async (values, form) => {
        const body = toRequestBody(values);
        try {
          await save.mutateAsync(body);
        } catch (error) {
          showRowErrors(form, error);
          // The server's message names the row; it is shown under the form (FormAlert).
          throw error instanceof Error ? error : new Error(text.saveFailed);
        }
        // The saved values (trimmed, slugs in lower case) become the form's unchanged state.
        form.reset({ universal: values.universal, rows: values.universal ? [] : values.rows.map(toFormRow) });
      }}
      className="flex flex-col gap-4"
    >
      <FitmentFields />
      <FormAlert />
      <div>
        <SubmitButton>{text.save}</SubmitButton>
      </div>
    </Form>
  );
}

/**
 * Edit Product's Fitment form (docs/requirements.md §12, admins): whether the part is universal ("Universal fit
 * (fits every vehicle)") and otherwise its application rows, each a make and model (the vehicle list's slugs),
 * From and To years, optional engine and submodel, a position, the quantity per vehicle and a note, added with
 * "Add row" and removed with "Remove row n". Checked with the shared partFitmentInputSchema (e.g. "To year must
 * not be before From year") and saved with its own "Save fitment" button (`PUT /parts/{id}/fitment`); "Fitment
 * saved" is toasted, a refusal (400 naming the row) is shown under the form and on the fields it names.
 *
 * Props: `part`, the part being edited (its id and `universal`); its rows are loaded here.
 */
export function FitmentForm({ part }: { part: Pick<Part, '_id' | 'universal'> }) {
  const rows = useAllPartFitment(part._id);
  if (rows.isPending)
    return (
      <div role="status" aria-label={messages.fitment.loading} className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  if (rows.isError)
    return (
      <ErrorMessage title={messages.fitment.loadFailed} detail={rows.error.message}>
        <button type="button" className="btn btn-sm mt-3" onClick={() => void rows.refetch()}>
          {messages.common.tryAgain}
        </button>
      </ErrorMessage>
    );
  return (
    <FitmentEditor
      partId={part._id}
      initial={{ universal: part.universal, rows: part.universal ? [] : rows.data.map(toFormRow) }}
    />
  );
}
