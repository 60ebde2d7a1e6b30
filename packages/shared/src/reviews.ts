/**
 * Add A Review contract (docs/decisions/009-catalogue-admin-uploads-and-profiles.md; docs/requirements.md §3, §5 and §7: POST /review). One schema for the form and the
 * route: rating is a number of stars 1..5 (the form converts its text input), img an http(s) URL. A review may
 * be of one part (`partId`; docs/requirements.md §12, part pages), listed with `GET /review?part=`.
 */
import { z } from 'zod';
import { pageQuerySchema } from './catalog.js';
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
    { multiLine: true },
  ),
  rating: z
    .number({ message: messages.validation.ratingRequired })
    .int({ message: messages.validation.wholeNumber('Rating') })
    .min(RATING_MIN, { message: messages.validation.ratingTooLow })
    .max(RATING_MAX, { message: messages.validation.ratingTooHigh }),
  img: requiredImageUrl(false),
  /**
   * The `_id` of the part reviewed (docs/requirements.md §12); absent or null for a shop-wide review. A value that
   * is not a part id is 400 with `errors.partId`, as is the id of a part that does not exist (checked on saving).
   */
  partId: z.uuid({ message: messages.validation.reviewPartId }).nullish(),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
export type ReviewFormValues = z.input<typeof reviewInputSchema>;

/**
 * `GET /review` query (docs/requirements.md §7 and §12): `limit`/`offset` paging, and `part`, a part's `_id`, for
 * that part's reviews only; without `part`, the shop-wide reviews. A `part` that is not an id is 400 naming it.
 */
export const reviewListQuerySchema = pageQuerySchema.extend({
  part: z.uuid({ message: messages.validation.reviewPartQuery }).optional(),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;
