import { messages } from '@partsforge/shared/messages';
import { Link, useParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { useAdminCompany } from '@/features/companies/api/admin-companies';
import { AdminCompanyDetails } from '@/features/companies/components/admin-company-details';
import { AdminCompanyTradeTerms } from '@/features/trade-terms/components/admin-company-trade-terms';
import { CompanyOrdersTable } from '@/features/orders/components/company-orders-table';
import { usePageParam } from '@/hooks/use-page-param';
import { useSession } from '@/lib/auth/use-session';
import { paths } from '@/lib/paths';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/**
 * /dashboard/companies/:id (admins; docs/requirements.md §14 "Company accounts"): one company's trade terms,
 * contract prices and account with Record payment (§15 "Trade terms"), its members, its orders (newest first, paged
 * with `?page=`) and its address book.
 */
export function AdminCompanyRoute() {
  const { id = '' } = useParams();
  const company = useAdminCompany(id);
  const { user } = useSession();
  const { page, hrefFor } = usePageParam();
  const back = (
    <Link to={paths.dashboard.companies.href()} className="link link-primary">
      {companyPageMessages.backToCompanies}
    </Link>
  );
  if (company.isPending) return <PageSpinner label={messages.common.loading} />;
  if (company.isError)
    return (
      <ContentLayout title={companyPageMessages.companyNotFound} lead={back}>
        <ErrorMessage title={companyPageMessages.companyNotFound} detail={company.error.message} />
      </ContentLayout>
    );
  return (
    <ContentLayout title={company.data.name} lead={back}>
      <AdminCompanyDetails
        company={company.data}
        orders={
          <CompanyOrdersTable adminEmail={user?.email ?? ''} companyId={id} page={page} hrefFor={hrefFor} />
        }
        tradeTerms={<AdminCompanyTradeTerms company={company.data} />}
      />
    </ContentLayout>
  );
}
