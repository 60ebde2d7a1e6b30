import { messages } from '@partsforge/shared';
import { ErrorMessage } from '@/components/error-message';
import { useReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';

/** "What Our Customers Say!": the customers' reviews as cards. */
export function ReviewsSection() {
  const reviews = useReviews();
  return (
    <section
      aria-labelledby="reviews-heading"
      // Far below the fold: let the browser skip its layout and paint until it scrolls near.
      className="bg-base-100 py-14"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="reviews-heading" className="text-center text-3xl font-bold tracking-tight">
          {messages.home.reviewsHeading}
        </h2>
        <div className="mt-10">
          {reviews.isError ? (
            <ErrorMessage title={messages.errors.reviewsFailed} detail={reviews.error.message} />
          ) : reviews.data ? (
            <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
              {reviews.data.map((review) => (
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
