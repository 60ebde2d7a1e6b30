import { returnMessages } from '@partsforge/shared/return-messages';
import { useParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { useReturn } from '@/features/returns/api/get-returns';
import { ReturnDetails } from '@/features/returns/components/return-details';

const text = returnMessages;

/** /dashboard/returns/:id (its buyer or their company; docs/requirements.md §17 "Returns"): one return in full. */
export function ReturnRoute() {
  const { id = '' } = useParams();
  const item = useReturn(id);
  if (item.isPending) return <PageSpinner label={text.loading} />;
  if (item.isError)
    return (
      <ContentLayout title={text.notFound}>
        <ErrorMessage title={text.notFound} detail={item.error.message} />
      </ContentLayout>
    );
  return (
    <ContentLayout title={text.detailHeading(item.data.number)}>
      <ReturnDetails item={item.data} />
    </ContentLayout>
  );
}
