import { ContentLayout } from '@/components/content-layout';
import { ApprovalsTable } from '@/features/orders/components/approvals-table';
import { usePageParam } from '@/hooks/use-page-param';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/**
 * /dashboard/approvals (customers who own or manage a company; docs/requirements.md §14 "Company accounts"): the
 * company's orders awaiting approval, with Approve and Reject. The server refuses buyers (403), shown as an error.
 */
export function ApprovalsRoute() {
  const { page, hrefFor } = usePageParam();
  return (
    <ContentLayout title={companyPageMessages.approvalsTitle} lead={companyPageMessages.approvalsLead}>
      <ApprovalsTable page={page} hrefFor={hrefFor} />
    </ContentLayout>
  );
}
