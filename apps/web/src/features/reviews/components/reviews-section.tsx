import { messages } from '@partsforge/shared/messages';
import { usePrefetchQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { ErrorMessage } from '@/components/error-message';
import { reviewsQueryOptions, useReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';

/** "What Our Customers Say!": the customers' reviews as cards. */
export function ReviewsSection() {
  // The request starts while the page renders, after the hero picture's, rather than in the effects run after
  // the first paint (where the home page's requests would make one long main-thread task).
  usePrefetchQuery(reviewsQueryOptions());
  const reviews = useReviews();
  // The cards render in a background, interruptible render once the list arrives (no long main-thread task).
  const list = useDeferredValue(reviews.data);
  return (
    <section aria-labelledby="reviews-heading" className="bg-base-100 py-14">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="reviews-heading" className="text-center text-3xl font-bold tracking-tight">
          {messages.home.reviewsHeading}
        </h2>
        <div className="mt-10">
          {reviews.isError ? (
            <ErrorMessage title={messages.errors.reviewsFailed} detail={reviews.error.message} />
          ) : list ? (
            <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
              {list.map((review) => (
                <li key={review._id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </section>
  );
}
