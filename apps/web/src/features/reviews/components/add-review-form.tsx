import { messages } from '@partsforge/shared/messages';
import { reviewInputSchema } from '@partsforge/shared/reviews';
import { Field, Form, SubmitButton, TextAreaField } from '@/components/form';
import { useCreateReview } from '../api/create-review';

interface AddReviewFormProps {
  /** The name field's first value (the signed-in user's name). */
  defaultName: string;
  /** The `_id` of the part reviewed (docs/requirements.md §12), sent as `partId`; absent: a shop-wide review. */
  partId?: string | undefined;
  /** Called once the review is saved (e.g. to return to the part's page). */
  onSaved?: (() => void) | undefined;
}

/**
 * Add A Review (docs/requirements.md §5): name, description, rating and image URL with the spec's messages. The rating
 * is typed as text and sent as a number of stars ('Rating must be 1 star' below 1, 'Rating can be maximum
 * 5 star' above 5). With `partId` the review is of that part (docs/requirements.md §12). Clears itself once saved,
 * then calls `onSaved`.
 */
export function AddReviewForm({ defaultName, partId, onSaved }: AddReviewFormProps) {
  const createReview = useCreateReview();
  return (
    // On a failure the toast says so and the form keeps the text.
    <Form
      schema={reviewInputSchema}
      defaultValues={{ name: defaultName, description: '', img: '' }}
      onSubmit={async (input) => {
        await createReview.mutateAsync(partId ? { ...input, partId } : input);
        onSaved?.();
      }}
      resetAfterSubmit
      className="flex max-w-xl flex-col gap-4"
    >
      <Field name="name" label={messages.reviews.nameLabel} />
      <TextAreaField name="description" label={messages.reviews.descriptionLabel} rows={4} />
      <Field
        name="rating"
        label={messages.reviews.ratingLabel}
        inputMode="numeric"
        maxLength={5}
        options={{ setValueAs: (value: string) => (value.trim() === '' ? Number.NaN : Number(value)) }}
      />
      <Field name="img" label={messages.reviews.imageLabel} type="url" />
      <div>
        <SubmitButton>{messages.reviews.submit}</SubmitButton>
      </div>
    </Form>
  );
}
