import { zodResolver } from '@hookform/resolvers/zod';
import { messages, reviewInputSchema, type ReviewFormValues, type ReviewInput } from '@partsforge/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { useCreateReview } from '../api/create-review';

/**
 * Add A Review (docs/requirements.md §5): name, description, rating and image URL with the spec's messages. The rating
 * is typed as text and sent as a number of stars ('Rating must be 1 star' below 1, 'Rating can be maximum
 * 5 star' above 5). Clears itself once saved.
 */
export function AddReviewForm({ defaultName }: { defaultName: string }) {
  const id = useId();
  const createReview = useCreateReview();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFormValues, unknown, ReviewInput>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: { name: defaultName, description: '', img: '' },
  });

  const submit = handleSubmit(async (input) => {
    try {
      await createReview.mutateAsync(input);
      reset({ name: defaultName, description: '', img: '' });
    } catch {
      // The toast says it failed; the form keeps the text.
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex max-w-xl flex-col gap-4">
      <FormField label={messages.reviews.nameLabel} error={errors.name?.message} {...register('name')} />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-description`} className="font-medium">
          {messages.reviews.descriptionLabel}
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
        label={messages.reviews.ratingLabel}
        inputMode="numeric"
        maxLength={5}
        error={errors.rating?.message}
        {...register('rating', {
          setValueAs: (value: string) => (value.trim() === '' ? Number.NaN : Number(value)),
        })}
      />
      <FormField
        label={messages.reviews.imageLabel}
        type="url"
        error={errors.img?.message}
        {...register('img')}
      />
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {messages.reviews.submit}
        </button>
      </div>
    </form>
  );
}
