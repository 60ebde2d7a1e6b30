import { messages } from '@partsforge/shared/messages';
import { reviewInputSchema } from '@partsforge/shared/reviews';
import { Field, Form, SubmitButton, TextAreaField } from '@/components/form';
import { useCreateReview } from '../api/create-review';

/**
 * Add A Review (docs/requirements.md §5): name, description, rating and image URL with the spec's messages. The rating
 * is typed as text and sent as a number of stars ('Rating must be 1 star' below 1, 'Rating can be maximum
 * 5 star' above 5). Clears itself once saved.
 */
export function AddReviewForm({ defaultName }: { defaultName: string }) {
  const createReview = useCreateReview();
  return (
    // On a failure the toast says so and the form keeps the text.
    <Form
      schema={reviewInputSchema}
      defaultValues={{ name: defaultName, description: '', img: '' }}
      onSubmit={(input) => createReview.mutateAsync(input)}
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
