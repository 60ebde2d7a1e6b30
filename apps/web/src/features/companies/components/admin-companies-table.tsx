import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import { Link } from 'react-router';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { PagedTable } from '@/components/paged-table';
import { PastLastPage } from '@/components/past-last-page';
import { formatDate } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { useAdminCompanies } from '../api/admin-companies';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/** Companies per page of the admins' list. */
export const COMPANIES_PAGE_SIZE = 20;

const text = companyPageMessages;

interface AdminCompaniesTableProps {
  q: string;
  page: number;
  hrefFor: (page: number) => string;
}

/**
 * The admins' companies (docs/requirements.md §14 "Company accounts"): name (a link to the company's page), member
 * count, order count, spend and creation date, paged; "No companies match" when a search finds none.
 */
export function AdminCompaniesTable({ q, page, hrefFor }: AdminCompaniesTableProps) {
  const offset = (page - 1) * COMPANIES_PAGE_SIZE;
  const companies = useAdminCompanies({ limit: COMPANIES_PAGE_SIZE, offset, q });

  if (companies.isPending) return <PageSpinner label={messages.common.loading} />;
  if (companies.isError)
    return <ErrorMessage title={text.companiesLoadFailed} detail={companies.error.message} />;

  const list = companies.data.data;
  const total = companies.data.total ?? list.length;
  if (list.length === 0) {
    if (total > 0) return <PastLastPage page={page} firstPage={hrefFor(1)} />;
    return <p>{q ? text.companiesNoMatch : text.companiesEmpty}</p>;
  }

  return (
    <PagedTable
      columns={[text.name, text.members, text.orders, text.spend, text.createdAt]}
      page={page}
      pageCount={Math.ceil(total / COMPANIES_PAGE_SIZE)}
      hrefFor={hrefFor}
    >
      {list.map((company, index) => (
        <tr key={company._id}>
          <td>{offset + index + 1}</td>
          <th scope="row" className="font-medium">
            <Link to={paths.dashboard.adminCompany.href(company._id)} className="link link-primary">
              {company.name}
            </Link>
          </th>
          <td className="text-right tabular-nums">{company.memberCount.toLocaleString('en-US')}</td>
          <td className="text-right tabular-nums">{company.orderCount.toLocaleString('en-US')}</td>
          <td className="text-right whitespace-nowrap tabular-nums">{formatMoney(company.spend)}</td>
          <td className="whitespace-nowrap">
            <time dateTime={company.createdAt}>{formatDate(company.createdAt)}</time>
          </td>
        </tr>
      ))}
    </PagedTable>
  );
}
