import {
  DEFAULT_WEIGHT_KG,
  partInputSchema,
  type PartFormValues,
  type PartInput,
} from '@partsforge/shared/catalog-admin';
import { apiErrorCodes } from '@partsforge/shared/errors';
import { messages } from '@partsforge/shared/messages';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useController, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Field, Form, FormAlert, SelectField, SubmitButton, TextAreaField } from '@/components/form';
import { ApiError } from '@/lib/api-client';
import { useCategories } from '../api/get-categories';
import { useMakes } from '../api/get-makes';
import { useUploadImage } from '../api/upload-image';
import { NamedOptions } from './named-options';
import { PageSpinner } from '@/components/page-spinner';

/** The form's fields, which a server answer's `errors` may name. */
const FIELDS = [
  'name',
  'description',
  'available',
  'minqty',
  'price',
  'img',
  'sku',
  'category',
  'make',
  'packSize',
  'weightKg',
  'coreCharge',
  'priceBreaks',
  'interchangeNumbers',
  'supersededBy',
] as const;

interface ProductFormProps {
  /** The part being edited; empty for Add A Product. */
  defaultValues?: Partial<PartFormValues>;
  submitLabel: string;
  /**
   * Saves the validated input; resolves true when saved (the add form then clears itself). A rejection with an
   * ApiError shows the server's reason: on the fields its `errors` name (e.g. a taken SKU), else under the form.
   */
  onSubmit: (input: PartInput) => Promise<boolean>;
  /**
   * The part's stock as last read (edit only): the quantity field follows it while the admin has not changed the
   * field, so a stock adjustment made on the same page is not undone by saving the form, and the save sends the
   * stock the field started from as `expectedAvailable`, so an order placed meanwhile is not undone either: the
   * server keeps the stock when the field is untouched, and answers 409 STOCK_CHANGED when it was changed and the
   * stock moved (docs/requirements.md §13 "Stock history").
   */
  currentStock?: number | undefined;
}

/**
 * Moves the untouched quantity field to `available` whenever the part's stock, as last read, changes; `startedFromRef`
 * then holds the stock the field shows unchanged (the save's `expectedAvailable`).
 */
function FollowStock({
  available,
  startedFromRef,
}: {
  available: number;
  startedFromRef: RefObject<number>;
}) {
  const { getValues, resetField } = useFormContext<PartFormValues>();
  const shown = useRef(available);
  useEffect(() => {
    if (shown.current === available) return;
    if (getValues('available') === shown.current) {
      resetField('available', { defaultValue: available });
      startedFromRef.current = available;
    }
    shown.current = available;
  }, [available, getValues, resetField, startedFromRef]);
  return null;
}

/**
 * A save refused with 409 STOCK_CHANGED: the server's message (the stock now, nothing saved) and a button that puts
 * the current stock in the quantity field as its new starting point, for the admin to save again.
 */
function StockChangedNotice({
  message,
  available,
  onUse,
}: {
  message: string;
  available: number;
  onUse: (available: number) => void;
}) {
  const { resetField } = useFormContext<PartFormValues>();
  return (
    <div role="alert" className="alert alert-warning flex flex-wrap items-center gap-3 sm:col-span-2">
      <span>{message}</span>
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => {
          resetField('available', { defaultValue: available });
          onUse(available);
        }}
      >
        {messages.stock.useCurrentStock(available)}
      </button>
    </div>
  );
}

/** The stock a 409 STOCK_CHANGED answer carries, or undefined for any other error. */
function movedStockOf(error: unknown): { message: string; available: number } | undefined {
  if (!(error instanceof ApiError) || error.code !== apiErrorCodes.stockChanged) return undefined;
  const available = (error.body as { available?: unknown } | undefined)?.available;
  return typeof available === 'number' ? { message: error.message, available } : undefined;
}

/** Props of a whole-number field and of a dollar-amount field (values sent as numbers). */
const WHOLE_NUMBER = { type: 'number', inputMode: 'numeric', options: { valueAsNumber: true } } as const;
/** Kilograms with at most 3 decimals (docs/requirements.md §16). */
const KILOGRAMS = {
  type: 'number',
  inputMode: 'decimal',
  step: '0.001',
  min: 0,
  options: { valueAsNumber: true },
} as const;
const DOLLARS = {
  type: 'number',
  inputMode: 'decimal',
  step: '0.01',
  min: 0,
  options: { valueAsNumber: true },
} as const;

/** The image upload: a file becomes an /uploads/ URL in the image field, previewed next to the picker. */
function ImageUpload({ upload }: { upload: ReturnType<typeof useUploadImage> }) {
  const id = useId();
  const { control, setValue } = useFormContext<PartFormValues>();
  const img = useWatch({ control, name: 'img' });
  const { errors } = useFormState({ control, name: 'img' });
  const [uploadError, setUploadError] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    setUploadError(null);
    if (!file) return;
    try {
      const { url } = await upload.mutateAsync(file);
      setValue('img', url, { shouldValidate: true, shouldDirty: true });
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : messages.products.uploadFailed);
    }
  };

  return (
    <div className="flex flex-col gap-1 sm:col-span-2">
      <label htmlFor={`${id}-upload`} className="font-medium">
        {messages.products.uploadLabel}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={`${id}-upload`}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="file-input w-full max-w-sm"
          disabled={upload.isPending}
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        {upload.isPending ? <span role="status">{messages.products.uploading}</span> : null}
        {img && !errors.img ? (
          <img src={img} alt="" className="h-16 w-16 rounded border border-base-300 object-contain" />
        ) : null}
      </div>
      {uploadError ? (
        <p role="alert" className="text-sm text-error">
          {uploadError}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The quantity breaks (docs/requirements.md §11): one row per break (from how many units, at what unit price),
 * added and removed with buttons; the rule they break (order, prices below the base) is shown under them.
 */
function PriceBreaksEditor() {
  const { control } = useFormContext<PartFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'priceBreaks' });
  const { errors } = useFormState({ control, name: 'priceBreaks' });
  const problem = errors.priceBreaks?.message ?? errors.priceBreaks?.root?.message;
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="font-medium">{messages.products.priceBreaksLegend}</legend>
      {fields.map((field, index) => (
        <div key={field.id} className="flex flex-wrap items-end gap-3">
          <Field
            name={`priceBreaks.${index}.minQuantity`}
            label={messages.products.breakQuantityLabel(index + 1)}
            min={2}
            {...WHOLE_NUMBER}
          />
          <Field
            name={`priceBreaks.${index}.price`}
            label={messages.products.breakPriceLabel(index + 1)}
            {...DOLLARS}
          />
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => remove(index)}>
            {messages.products.removeBreak(index + 1)}
          </button>
        </div>
      ))}
      {problem ? (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      ) : null}
      <div>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => append({ minQuantity: Number.NaN, price: Number.NaN })}
        >
          {messages.products.addBreak}
        </button>
      </div>
    </fieldset>
  );
}

/** The interchange numbers in a text: separated by commas or new lines, trimmed, each once. */
export function parseInterchangeNumbers(value: string): string[] {
  const numbers = value
    .split(/[,\n]/)
    .map((number) => number.trim())
    .filter(Boolean);
  return [...new Set(numbers)];
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * "Interchange numbers" (docs/requirements.md §12): the OE and other brands' numbers the part replaces, typed one
 * per line or separated by commas, held by the form as the list `interchangeNumbers`. The text keeps what is
 * typed (separators included) while the form holds the list; a reset of the form rewrites the text.
 */
function InterchangeNumbersField() {
  const id = useId();
  const { control } = useFormContext<PartFormValues>();
  const {
    field: { ref: focusTarget, name, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name: 'interchangeNumbers' });
  const numbers = value ?? [];
  const [text, setText] = useState(() => numbers.join('\n'));
  const [seen, setSeen] = useState(numbers);
  if (numbers !== seen) {
    setSeen(numbers);
    if (!sameList(parseInterchangeNumbers(text), numbers)) setText(numbers.join('\n'));
  }
  // A rule of the whole list is the error's own message (or its root's); a rule of one number is at its index.
  const listError = fieldState.error as
    ({ message?: string; root?: { message?: string } } & ({ message?: string } | undefined)[]) | undefined;
  const error =
    listError?.message ??
    listError?.root?.message ??
    (Array.isArray(listError) ? listError.find((item) => item?.message)?.message : undefined);
  return (
    <div className="flex flex-col gap-1 sm:col-span-2">
      <label htmlFor={id} className="font-medium">
        {messages.fitment.interchange.label}
      </label>
      <textarea
        id={id}
        ref={focusTarget}
        name={name}
        rows={3}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseInterchangeNumbers(event.target.value));
        }}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
      />
      <p id={`${id}-hint`} className="text-sm text-base-content/70">
        {messages.fitment.interchange.hint}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Add A Product / edit form (docs/requirements.md §5): title, description, quantity, minimum order quantity, price
 * and image with the spec's messages; numbers are sent as numbers; the image is a URL or an uploaded file
 * (its /uploads/ URL fills the field); optional SKU, category and make; the pack size and quantity breaks; the
 * interchange numbers (docs/requirements.md §12); the SKU of the part that supersedes it, empty while current
 * (docs/requirements.md §17; an unknown SKU or a cycle is the server's 400 on the field); its refundable core charge
 * in dollars, 0 for none (docs/requirements.md §17 "Core charges").
 */
export function ProductForm({ defaultValues, submitLabel, onSubmit, currentStock }: ProductFormProps) {
  const categories = useCategories();
  const makes = useMakes();
  const upload = useUploadImage();
  // The stock the quantity field started from (edit only), and the stock a refused save reported.
  const startedFromRef = useRef(currentStock ?? 0);
  const [moved, setMoved] = useState<{ message: string; available: number } | null>(null);
  // An edit's category and make show only once their options exist: a select given its value before its options
  // would show "None" while the form holds the saved id.
  if (defaultValues && (categories.isPending || makes.isPending)) return <PageSpinner />;
  return (
    <Form
      schema={partInputSchema}
      defaultValues={{
        name: '',
        description: '',
        img: '',
        sku: '',
        category: '',
        make: '',
        packSize: 1,
        weightKg: DEFAULT_WEIGHT_KG,
        coreCharge: 0,
        priceBreaks: [],
        interchangeNumbers: [],
        supersededBy: '',
        ...defaultValues,
      }}
      onSubmit={async (input, form) => {
        setMoved(null);
        try {
          const sent =
            currentStock === undefined ? input : { ...input, expectedAvailable: startedFromRef.current };
          if ((await onSubmit(sent)) && !defaultValues) form.reset();
        } catch (error) {
          const stock = movedStockOf(error);
          if (stock) {
            setMoved(stock);
            return;
          }
          const fieldErrors = error instanceof ApiError ? Object.entries(error.errors ?? {}) : [];
          const known = fieldErrors.filter(([field]) => (FIELDS as readonly string[]).includes(field));
          for (const [field, message] of known)
            form.setError(
              field as (typeof FIELDS)[number],
              { type: 'server', message },
              { shouldFocus: true },
            );
          if (known.length === 0)
            throw error instanceof Error ? error : new Error(messages.products.saveFailed);
        }
      }}
      className="grid max-w-2xl gap-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <Field name="name" label={messages.products.titleLabel} />
      </div>
      <TextAreaField
        name="description"
        label={messages.products.descriptionLabel}
        rows={4}
        className="sm:col-span-2"
      />
      <Field name="available" label={messages.products.quantityLabel} min={0} {...WHOLE_NUMBER} />
      {currentStock === undefined ? null : (
        <FollowStock available={currentStock} startedFromRef={startedFromRef} />
      )}
      {moved ? (
        <StockChangedNotice
          message={moved.message}
          available={moved.available}
          onUse={(available) => {
            startedFromRef.current = available;
            setMoved(null);
          }}
        />
      ) : null}
      <Field name="minqty" label={messages.products.minqtyLabel} min={1} {...WHOLE_NUMBER} />
      <Field name="price" label={messages.products.priceLabel} {...DOLLARS} />
      <Field name="packSize" label={messages.products.packSizeLabel} min={1} {...WHOLE_NUMBER} />
      <Field name="weightKg" label={messages.shippingPages.weightKg} {...KILOGRAMS} />
      <Field name="coreCharge" label={messages.coreCharges.field} {...DOLLARS} />
      <PriceBreaksEditor />
      <Field name="sku" label={messages.products.skuLabel} />
      <div className="sm:col-span-2">
        <Field name="img" label={messages.products.imageLabel} />
      </div>
      <ImageUpload upload={upload} />
      <InterchangeNumbersField />
      <div className="sm:col-span-2">
        <Field
          name="supersededBy"
          label={messages.supersessionPages.supersededByLabel}
          placeholder={messages.supersessionPages.supersededByHint}
        />
      </div>
      <SelectField name="category" label={messages.products.categoryLabel}>
        <option value="">{messages.products.none}</option>
        <NamedOptions items={categories.data} />
      </SelectField>
      <SelectField name="make" label={messages.products.makeLabel}>
        <option value="">{messages.products.none}</option>
        <NamedOptions items={makes.data} />
      </SelectField>
      <FormAlert className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <SubmitButton disabled={upload.isPending}>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
