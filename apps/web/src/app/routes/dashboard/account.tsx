import { managesCompany } from '@partsforge/shared/companies';
import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { useMyCompany } from '@/features/companies/api/get-my-company';
import { AccountStatement } from '@/features/trade-terms/components/account-statement';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const text = messages.tradeTermsPages;

/**
 * /dashboard/account (customers who own or manage a company; docs/requirements.md §15 "Trade terms"): the company's
 * terms, balance, available credit, aging and invoices, with the statement PDF. A buyer, or a customer in no company,
 * is told only owners and managers see it (the server refuses them too).
 */
export function AccountRoute() {
  const company = useMyCompany();
  return (
    <ContentLayout title={text.accountTitle} lead={text.accountLead}>
      {company.isPending ? (
        <PageSpinner label={messages.common.loading} />
      ) : company.isError ? (
        <ErrorMessage title={companyPageMessages.loadFailed} detail={company.error.message} />
      ) : company.data && managesCompany(company.data.role) ? (
        <AccountStatement />
      ) : (
        <p className="rounded-box border border-base-300 p-4">
          {company.data ? text.ownersOnly : `${text.noCompany} ${text.ownersOnly}`}
        </p>
      )}
    </ContentLayout>
  );
}
