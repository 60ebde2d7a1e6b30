import { zodResolver } from '@hookform/resolvers/zod';
import { messages, partInputSchema, type PartFormValues, type PartInput } from '@partsforge/shared';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { ApiError } from '@/lib/api-client';
import { useCategories } from '../api/get-categories';
import { useMakes } from '../api/get-makes';
import { useUploadImage } from '../api/upload-image';

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
}

/**
 * Add A Product / edit form (docs/requirements.md §5): title, description, quantity, minimum order quantity, price
 * and image with the spec's messages; numbers are sent as numbers; the image is a URL or an uploaded file
 * (its /uploads/ URL fills the field); optional SKU, category and make.
 */
export function ProductForm({ defaultValues, submitLabel, onSubmit }: ProductFormProps) {
  const id = useId();
  const categories = useCategories();
  const makes = useMakes();
  const upload = useUploadImage();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PartFormValues, unknown, PartInput>({
    resolver: zodResolver(partInputSchema),
    defaultValues: { name: '', description: '', img: '', sku: '', category: '', make: '', ...defaultValues },
  });
  const img = useWatch({ control, name: 'img' });

  const submit = handleSubmit(async (input) => {
    try {
      if ((await onSubmit(input)) && !defaultValues) reset();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? Object.entries(error.errors ?? {}) : [];
      const known = fieldErrors.filter(([field]) => (FIELDS as readonly string[]).includes(field));
      for (const [field, message] of known)
        setError(field as (typeof FIELDS)[number], { type: 'server', message }, { shouldFocus: true });
      if (known.length === 0)
        setError('root.server', {
          type: 'server',
          message: error instanceof Error ? error.message : messages.products.saveFailed,
        });
    }
  });

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

  const number = { valueAsNumber: true } as const;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid max-w-2xl gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormField label={messages.products.titleLabel} error={errors.name?.message} {...register('name')} />
      </div>
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label htmlFor={`${id}-description`} className="font-medium">
          {messages.products.descriptionLabel}
        </label>
        <textarea
          id={`${id}-description`}
          rows={4}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          className={`textarea w-full ${errors.description ? 'textarea-error' : ''}`}
          {...register('description')}
        />
        {errors.description ? (
          <p id={`${id}-description-error`} className="text-sm text-error">
            {errors.description.message}
          </p>
        ) : null}
      </div>
      <FormField
        label={messages.products.quantityLabel}
        type="number"
        inputMode="numeric"
        min={0}
        error={errors.available?.message}
        {...register('available', number)}
      />
      <FormField
        label={messages.products.minqtyLabel}
        type="number"
        inputMode="numeric"
        min={1}
        error={errors.minqty?.message}
        {...register('minqty', number)}
      />
      <FormField
        label={messages.products.priceLabel}
        type="number"
        inputMode="decimal"
        step="0.01"
        min={0}
        error={errors.price?.message}
        {...register('price', number)}
      />
      <FormField label={messages.products.skuLabel} error={errors.sku?.message} {...register('sku')} />
      <div className="sm:col-span-2">
        <FormField label={messages.products.imageLabel} error={errors.img?.message} {...register('img')} />
      </div>
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
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-category`} className="font-medium">
          {messages.products.categoryLabel}
        </label>
        <select id={`${id}-category`} className="select w-full" {...register('category')}>
          <option value="">{messages.products.none}</option>
          {categories.data?.map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-make`} className="font-medium">
          {messages.products.makeLabel}
        </label>
        <select id={`${id}-make`} className="select w-full" {...register('make')}>
          <option value="">{messages.products.none}</option>
          {makes.data?.map((make) => (
            <option key={make._id} value={make._id}>
              {make.name}
            </option>
          ))}
        </select>
      </div>
      {errors.root?.server ? (
        <p role="alert" className="text-error sm:col-span-2">
          {errors.root.server.message}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting || upload.isPending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
