import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { AddReviewForm } from '@/features/reviews/components/add-review-form';
import { useSession } from '@/lib/auth/use-session';

/** /dashboard/addreview (normal users): the review form; saved reviews show on the home page. */
export function AddReviewRoute() {
  const { user } = useSession();
  return (
    <ContentLayout title={messages.dashboard.addReview}>
      <AddReviewForm defaultName={user?.name ?? ''} />
    </ContentLayout>
  );
}
