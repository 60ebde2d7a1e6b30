/**
 * Add A Review contract (docs/decisions/009-catalogue-admin-uploads-and-profiles.md; docs/requirements.md §3, §5 and §7: POST /review). One schema for the form and the
 * route: rating is a number of stars 1..5 (the form converts its text input), img an http(s) URL.
 */
import { z } from 'zod';
import { RATING_MAX, RATING_MIN } from './constants.js';
import { NAME_MAX_LENGTH } from './identity.js';
import { messages } from './messages.js';
import { requiredImageUrl, requiredText } from './text-fields.js';

export const REVIEW_DESCRIPTION_MAX_LENGTH = 1000;

/** Add A Review form and `POST /review` body. */
export const reviewInputSchema = z.object({
  name: requiredText('Name', messages.validation.nameRequired, NAME_MAX_LENGTH),
  description: requiredText(
    'Description',
    messages.validation.descriptionRequired,
    REVIEW_DESCRIPTION_MAX_LENGTH,
  ),
  rating: z
    .number({ message: messages.validation.ratingRequired })
    .int({ message: messages.validation.wholeNumber('Rating') })
    .min(RATING_MIN, { message: messages.validation.ratingTooLow })
    .max(RATING_MAX, { message: messages.validation.ratingTooHigh }),
  img: requiredImageUrl(false),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
export type ReviewFormValues = z.input<typeof reviewInputSchema>;
