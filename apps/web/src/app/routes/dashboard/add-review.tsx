import { messages } from '@partsforge/shared/messages';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { Spinner } from '@/components/spinner';
import { usePart } from '@/features/catalog/api/get-part';
import { AddReviewForm } from '@/features/reviews/components/add-review-form';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/use-session';
import { paths } from '@/lib/paths';

/**
 * Add A Review of one part (docs/requirements.md §12): "Reviewing: <name>" above the form, which sends the part's
 * `partId` and returns to the part's page once saved. A spinner while the part loads; an unknown part says "Part
 * not found" with a way to the catalogue, another failure that the part could not be loaded, with "Try again".
 */
function PartReview({ partId, defaultName }: { partId: string; defaultName: string }) {
  const part = usePart(partId);
  const navigate = useNavigate();
  if (part.isPending)
    return (
      <div role="status" aria-label={messages.common.loading} className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  if (part.isError)
    return part.error instanceof ApiError && part.error.status === 404 ? (
      <ErrorMessage title={messages.errors.partNotFound} detail={messages.orders.partNotFoundText}>
        <Link to={paths.parts.href()} className="btn btn-sm mt-3">
          {messages.orders.backToParts}
        </Link>
      </ErrorMessage>
    ) : (
      <ErrorMessage title={messages.reviews.partLoadFailed} detail={part.error.message}>
        <button type="button" className="btn btn-sm mt-3" onClick={() => void part.refetch()}>
          {messages.common.tryAgain}
        </button>
      </ErrorMessage>
    );
  const href = paths.part.href(part.data._id);
  return (
    <>
      <p className="mb-6 text-lg font-medium">{messages.reviews.reviewing(part.data.name)}</p>
      <AddReviewForm defaultName={defaultName} partId={part.data._id} onSaved={() => void navigate(href)} />
    </>
  );
}

/**
 * /dashboard/addreview (normal users): the review form; saved reviews show on the home page. With `?part=<id>`
 * (the part page's "Review this part", docs/requirements.md §12) the review is of that part (PartReview).
 */
export function AddReviewRoute() {
  const { user } = useSession();
  const [search] = useSearchParams();
  const partId = search.get('part')?.trim() ?? '';
  const defaultName = user?.name ?? '';
  return (
    <ContentLayout title={messages.dashboard.addReview}>
      {partId ? (
        <PartReview key={partId} partId={partId} defaultName={defaultName} />
      ) : (
        <AddReviewForm defaultName={defaultName} />
      )}
    </ContentLayout>
  );
}
