import { ContentLayout } from '@/components/content-layout';
import { ListSearchForm } from '@/components/list-search-form';
import { AdminCompaniesTable } from '@/features/companies/components/admin-companies-table';
import { useUserSearch } from '@/features/users/hooks/use-user-search';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/**
 * /dashboard/companies (admins; docs/requirements.md §14 "Company accounts"): every company, searched by name or
 * member email, with members, orders, spend and creation date (`?q=` and `?page=` kept in the URL).
 */
export function CompaniesRoute() {
  const { q, page, hrefFor, setQ } = useUserSearch();
  return (
    <ContentLayout title={companyPageMessages.companiesTitle}>
      <div className="flex flex-col gap-4">
        <ListSearchForm
          q={q}
          onSearch={setQ}
          formLabel={companyPageMessages.searchFormLabel}
          label={companyPageMessages.searchLabel}
          placeholder={companyPageMessages.searchPlaceholder}
          buttonLabel={companyPageMessages.search}
        />
        <AdminCompaniesTable q={q} page={page} hrefFor={hrefFor} />
      </div>
    </ContentLayout>
  );
}
