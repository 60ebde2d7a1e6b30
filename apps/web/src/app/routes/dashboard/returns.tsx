import { returnMessages } from '@partsforge/shared/return-messages';
import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { PastLastPage } from '@/components/past-last-page';
import { useMyReturns } from '@/features/returns/api/get-returns';
import { RETURNS_PAGE_SIZE, ReturnsTable } from '@/features/returns/components/returns-table';
import { usePageParam } from '@/hooks/use-page-param';

const text = returnMessages;

/**
 * /dashboard/returns (customers; docs/requirements.md §17 "Returns"): My Returns, the caller's returns and their
 * company's, newest first, each a link to its page. Returns are asked for from an order's page ("Return items").
 */
export function MyReturnsRoute() {
  const { page, hrefFor } = usePageParam();
  const offset = (page - 1) * RETURNS_PAGE_SIZE;
  const returns = useMyReturns({ limit: RETURNS_PAGE_SIZE, offset });
  return (
    <ContentLayout title={messages.dashboard.myReturns}>
      {returns.isPending ? (
        <PageSpinner label={text.loading} />
      ) : returns.isError ? (
        <ErrorMessage title={text.loadFailed} detail={returns.error.message} />
      ) : returns.data.data.length === 0 ? (
        (returns.data.total ?? 0) > 0 ? (
          <PastLastPage page={page} firstPage={hrefFor(1)} />
        ) : (
          <p>{text.empty}</p>
        )
      ) : (
        <ReturnsTable
          items={returns.data.data}
          offset={offset}
          page={page}
          pageCount={Math.ceil((returns.data.total ?? returns.data.data.length) / RETURNS_PAGE_SIZE)}
          hrefFor={hrefFor}
        />
      )}
    </ContentLayout>
  );
}
