import type { InsertedIdResponse } from '@partsforge/shared/catalog-admin';
import { messages } from '@partsforge/shared/messages';
import type { ReviewInput } from '@partsforge/shared/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest } from '@/lib/api-client';
import { reviewsQueryOptions } from './get-reviews';

/**
 * `POST /api/review` (normal users, token): `{ name, img, description, rating, partId? }` (stars 1..5; `partId`, a
 * part's `_id`, makes it a review of that part, docs/requirements.md §12) -> `{ insertedId }`. Throws ApiError (400
 * with `errors.partId` for a part that does not exist).
 */
export function createReview(input: ReviewInput): Promise<InsertedIdResponse> {
  return apiRequest<InsertedIdResponse>('review', { method: 'POST', body: input, auth: true });
}

/**
 * Add A Review with the spec's toasts; every review list (the home page's and each part's) is refetched so the new
 * one shows.
 */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: async () => {
      toast.success(messages.toast.reviewAdded);
      await queryClient.invalidateQueries({ queryKey: reviewsQueryOptions().queryKey });
    },
    onError: () => {
      toast.error(messages.toast.reviewFailed);
    },
  });
}
