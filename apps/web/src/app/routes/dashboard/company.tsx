import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { useMyCompany } from '@/features/companies/api/get-my-company';
import { CompanyOverview } from '@/features/companies/components/company-overview';
import { CreateCompanyForm } from '@/features/companies/components/create-company-form';
import { useSession } from '@/lib/auth/use-session';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/**
 * /dashboard/company (customers; docs/requirements.md §14 "Company accounts"): the form to create a company for a
 * customer in none; otherwise the company with its members, invitations and address book.
 */
export function CompanyRoute() {
  const { user } = useSession();
  const company = useMyCompany();
  return (
    <ContentLayout title={companyPageMessages.menuCompany}>
      {company.isPending ? (
        <PageSpinner label={messages.common.loading} />
      ) : company.isError ? (
        <ErrorMessage title={companyPageMessages.loadFailed} detail={company.error.message} />
      ) : company.data ? (
        <CompanyOverview company={company.data} myEmail={user?.email ?? ''} />
      ) : (
        <CreateCompanyForm />
      )}
    </ContentLayout>
  );
}
