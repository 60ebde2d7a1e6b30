import { messages } from '@partsforge/shared/messages';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '@/components/error-message';
import { Spinner } from '@/components/spinner';
import { useSession } from '@/lib/auth/use-session';
import { paths } from '@/lib/paths';
import { PART_REVIEWS_PAGE_SIZE, usePartReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';

/** Add A Review for the part `partId`: `/dashboard/addreview?part=<id>` (docs/requirements.md §12). */
export function addPartReviewHref(partId: string): string {
  return `${paths.dashboard.addReview.href()}?${new URLSearchParams({ part: partId }).toString()}`;
}

/** Previous / "Page X of Y" / Next of the part's reviews: buttons, as the page is held here and not in the URL. */
function ReviewPager({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav
      aria-label={messages.reviews.pagesLabel}
      className="mt-6 flex flex-wrap items-center justify-center gap-3"
    >
      <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {messages.reviews.previousPage}
      </button>
      <p className="text-sm text-base-content/70" aria-live="polite">
        {messages.pagination.pageOf(page, pageCount)}
      </p>
      <button
        type="button"
        className="btn btn-sm"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        {messages.reviews.nextPage}
      </button>
    </nav>
  );
}

/**
 * "Reviews of this part" on a part's page (docs/requirements.md §12, part pages): the reviews of the part
 * `partId` from `GET /review?part=`, newest first, as the home page's review cards, PART_REVIEWS_PAGE_SIZE a page
 * (Previous reviews / Next reviews when there are more); "No reviews of this part yet" when it has none; a spinner
 * while they load and the failure with "Try again" when they cannot be read. A signed-in customer also gets
 * "Review this part", to Add A Review for this part. Render it with `key={partId}` so another part starts on page 1.
 */
export function PartReviewsSection({ partId }: { partId: string }) {
  const id = useId();
  const headingId = `${id}-heading`;
  const heading = useRef<HTMLHeadingElement>(null);
  const [page, setPage] = useState(1);
  const { isNormalUser } = useSession();
  const reviews = usePartReviews(partId, {
    limit: PART_REVIEWS_PAGE_SIZE,
    offset: (page - 1) * PART_REVIEWS_PAGE_SIZE,
  });
  const total = reviews.data?.total ?? reviews.data?.data.length ?? 0;
  const pageCount = Math.max(page, Math.ceil(total / PART_REVIEWS_PAGE_SIZE));
  const goTo = (target: number) => {
    setPage(target);
    heading.current?.focus();
  };

  let body;
  if (reviews.isError)
    body = (
      <ErrorMessage title={messages.reviews.partFailed} detail={reviews.error.message}>
        <button type="button" className="btn btn-sm mt-3" onClick={() => void reviews.refetch()}>
          {messages.common.tryAgain}
        </button>
      </ErrorMessage>
    );
  else if (reviews.isPending)
    body = (
      <div role="status" aria-label={messages.reviews.partLoading} className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  else if (reviews.data.data.length === 0 && page === 1)
    body = <p className="rounded-box bg-base-200 p-4 font-medium">{messages.reviews.partEmpty}</p>;
  else
    body = (
      <>
        <ul
          className="grid grid-cols-1 gap-6 md:grid-cols-2"
          aria-labelledby={headingId}
          aria-busy={reviews.isPlaceholderData}
        >
          {reviews.data.data.map((review) => (
            <li key={review._id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
        {pageCount > 1 ? <ReviewPager page={page} pageCount={pageCount} onPage={goTo} /> : null}
      </>
    );

  return (
    <section aria-labelledby={headingId} className="mx-auto w-full max-w-5xl px-4 pb-14 sm:px-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight">
          {messages.reviews.partHeading}
        </h2>
        {isNormalUser ? (
          <Link to={addPartReviewHref(partId)} className="btn btn-outline btn-primary btn-sm">
            {messages.reviews.reviewThisPart}
          </Link>
        ) : null}
      </div>
      {body}
    </section>
  );
}
