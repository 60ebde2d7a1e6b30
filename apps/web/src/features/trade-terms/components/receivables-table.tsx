import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import type { Aging } from '@partsforge/shared/trade-terms';
import { Link } from 'react-router';
import { ErrorMessage } from '@/components/error-message';
import { paths } from '@/lib/paths';
import { downloadReceivablesCsv, useDownload, useReceivables } from '../api/admin-trade-terms';
import { LoadingLine } from './loading-line';

const text = messages.tradeTermsPages;

/** The aging columns of the report, in order. */
const buckets: readonly (keyof Aging)[] = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'];

/**
 * The receivables report (docs/requirements.md §15 "Trade terms", Statements): every company with an open balance,
 * largest first, with its terms, credit limit, balance and aging (Current, 1–30, 31–60, 61–90, Over 90 days past
 * due), the totals, and Download CSV. Each company links to its admin page.
 */
export function ReceivablesTable() {
  const receivables = useReceivables();
  const csv = useDownload(downloadReceivablesCsv);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <button
          type="button"
          className="btn btn-sm"
          disabled={csv.isPending}
          aria-busy={csv.isPending}
          onClick={() => csv.mutate(undefined)}
        >
          {csv.isPending ? text.downloading : text.downloadCsv}
        </button>
      </div>
      {receivables.isPending ? (
        <LoadingLine />
      ) : receivables.isError ? (
        <ErrorMessage title={text.receivablesLoadFailed} detail={receivables.error.message} />
      ) : receivables.data.rows.length === 0 ? (
        <p>{text.noReceivables}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table">
            <caption className="sr-only">{text.receivablesCaption}</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">{text.company}</th>
                <th scope="col">{text.terms}</th>
                <th scope="col" className="text-right">
                  {text.creditLimitColumn}
                </th>
                <th scope="col" className="text-right">
                  {text.balance}
                </th>
                {buckets.map((bucket) => (
                  <th key={bucket} scope="col" className="text-right">
                    {text.receivablesAging[bucket]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {receivables.data.rows.map((row) => (
                <tr key={row.companyId}>
                  <th scope="row" className="font-medium">
                    <Link to={paths.dashboard.adminCompany.href(row.companyId)} className="link link-primary">
                      {row.companyName}
                    </Link>
                  </th>
                  <td>{text.paymentTermsLabel[row.paymentTerms]}</td>
                  <td className="text-right">{formatMoney(row.creditLimit)}</td>
                  <td className="text-right">{formatMoney(row.balance)}</td>
                  {buckets.map((bucket) => (
                    <td key={bucket} className="text-right">
                      {formatMoney(row.aging[bucket])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot className="text-base-content">
              <tr>
                <th scope="row">{text.totals}</th>
                <td />
                <td />
                <td className="text-right font-semibold">{formatMoney(receivables.data.totals.balance)}</td>
                {buckets.map((bucket) => (
                  <td key={bucket} className="text-right font-semibold">
                    {formatMoney(receivables.data.totals[bucket])}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
