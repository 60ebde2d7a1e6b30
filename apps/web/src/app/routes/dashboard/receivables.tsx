import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { ReceivablesTable } from '@/features/trade-terms/components/receivables-table';

/**
 * /dashboard/receivables (admins; docs/requirements.md §15 "Trade terms", Statements): the aging report of every
 * company with an open balance, and its CSV.
 */
export function ReceivablesRoute() {
  return (
    <ContentLayout
      title={messages.tradeTermsPages.receivablesTitle}
      lead={messages.tradeTermsPages.receivablesLead}
    >
      <ReceivablesTable />
    </ContentLayout>
  );
}
