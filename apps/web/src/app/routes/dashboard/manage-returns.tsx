import { returnMessages } from '@partsforge/shared/return-messages';
import { messages } from '@partsforge/shared/messages';
import { RETURN_STATUSES, type ReturnStatusValue } from '@partsforge/shared/returns';
import { useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { PastLastPage } from '@/components/past-last-page';
import { ReturnSettingsForm } from '@/features/credit-memos/components/return-settings-form';
import { useAllReturns } from '@/features/returns/api/get-returns';
import { ReturnAdminActions } from '@/features/returns/components/return-admin-actions';
import { RETURNS_PAGE_SIZE, ReturnsTable } from '@/features/returns/components/returns-table';
import { usePageParam } from '@/hooks/use-page-param';

const text = returnMessages;

const isStatus = (value: string | null): value is ReturnStatusValue =>
  (RETURN_STATUSES as readonly string[]).includes(value ?? '');

/**
 * /dashboard/manage-returns (admins; docs/requirements.md §17 "Returns"): every return, newest first, filtered by
 * status (kept in the URL), with Approve, Reject (with its reason) and Receive (units and condition per line); above
 * them the restocking fee (docs/requirements.md §17 "Credit memos and refunds").
 */
export function ManageReturnsRoute() {
  const { page, hrefFor } = usePageParam();
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('status');
  const status = isStatus(wanted) ? wanted : undefined;
  const offset = (page - 1) * RETURNS_PAGE_SIZE;
  const returns = useAllReturns({ limit: RETURNS_PAGE_SIZE, offset, status });

  return (
    <ContentLayout title={messages.dashboard.manageReturns}>
      <ReturnSettingsForm />
      <label className="mb-4 flex max-w-xs flex-col gap-1">
        <span>{text.statusFilter}</span>
        <select
          className="select select-bordered"
          value={status ?? ''}
          onChange={(event) => {
            const next = new URLSearchParams(search);
            next.delete('page');
            if (event.target.value) next.set('status', event.target.value);
            else next.delete('status');
            setSearch(next);
          }}
        >
          <option value="">{text.allStatuses}</option>
          {RETURN_STATUSES.map((value) => (
            <option key={value} value={value}>
              {text.statuses[value]}
            </option>
          ))}
        </select>
      </label>
      {returns.isPending ? (
        <PageSpinner label={text.loading} />
      ) : returns.isError ? (
        <ErrorMessage title={text.loadFailed} detail={returns.error.message} />
      ) : returns.data.data.length === 0 ? (
        (returns.data.total ?? 0) > 0 ? (
          <PastLastPage page={page} firstPage={hrefFor(1)} />
        ) : (
          <p>{status ? text.emptyFiltered : text.empty}</p>
        )
      ) : (
        <ReturnsTable
          items={returns.data.data}
          offset={offset}
          page={page}
          pageCount={Math.ceil((returns.data.total ?? returns.data.data.length) / RETURNS_PAGE_SIZE)}
          hrefFor={hrefFor}
          actions={(item) => <ReturnAdminActions item={item} />}
        />
      )}
    </ContentLayout>
  );
}
