import { messages } from '@partsforge/shared/messages';
import { useDeferredValue } from 'react';
import { FullScreenSpinner } from '@/components/full-screen-spinner';
import { useCategories } from '@/features/catalog/api/get-categories';
import { useMakes } from '@/features/catalog/api/get-makes';
import { useReviews } from '@/features/reviews/api/get-reviews';

/**
 * By the spec a full-screen spinner shows while the review, category and make lists load (the parts list shows
 * none). Its own component, so a list arriving re-renders the spinner and that list's section, not the whole page.
 */
export function HomeListsSpinner() {
  const reviews = useReviews();
  const categories = useCategories();
  const makes = useMakes();
  // Deferred like the lists' cards, so the spinner goes in the same commit as the last list's cards appear.
  const loading = useDeferredValue(reviews.isPending || categories.isPending || makes.isPending);
  return loading ? <FullScreenSpinner label={messages.common.loading} /> : null;
}
