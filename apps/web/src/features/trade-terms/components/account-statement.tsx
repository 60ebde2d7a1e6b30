import { creditMemoMessages } from '@partsforge/shared/credit-memo-messages';
import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import type { Aging, Statement, StatementInvoice } from '@partsforge/shared/trade-terms';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { downloadInvoicePdf, useDownload } from '../api/admin-trade-terms';
import { downloadMyStatement, useMyStatement } from '../api/my-statement';

const text = messages.tradeTermsPages;

/** The aging buckets in the statement's order, with their column labels. */
const agingColumns: readonly [keyof Aging, string][] = [
  ['current', text.agingCurrent],
  ['days1to30', text.aging1to30],
  ['days31to60', text.aging31to60],
  ['days61to90', text.aging61to90],
  ['over90', text.agingOver90],
];

/** One fact of the account: a term and its value. */
function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm font-medium text-base-content/70">{term}</dt>
      <dd className="text-lg font-semibold break-words">{children}</dd>
    </div>
  );
}

/**
 * The company's account for its owners and managers (docs/requirements.md §15 "Trade terms", Statements): its terms
 * (price level, payment terms, credit limit, tax exemption and resale certificate), balance and available credit,
 * its account credits (credit memos, docs/requirements.md §17: the balance, available credit and aging are net of them),
 * the aging of the open balance, the invoices (number, order, issue and due dates, total, paid, balance, status) each
 * with Download, and Download statement (PDF). Loading, error (a 403 says only owners and managers see it) and empty
 * states; the tables scroll sideways on narrow screens.
 */
export function AccountStatement() {
  const statement = useMyStatement();
  const statementPdf = useDownload(downloadMyStatement);

  if (statement.isPending) return <PageSpinner label={messages.common.loading} />;
  if (statement.isError)
    return statement.error instanceof ApiError && statement.error.status === 403 ? (
      <p className="rounded-box border border-base-300 p-4">{text.ownersOnly}</p>
    ) : (
      <ErrorMessage title={text.accountLoadFailed} detail={statement.error.message} />
    );
  const { terms, invoices, aging } = statement.data;
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-lg font-semibold">{statement.data.company.name}</p>
        <button
          type="button"
          className="btn btn-primary btn-outline"
          disabled={statementPdf.isPending}
          aria-busy={statementPdf.isPending}
          onClick={() => statementPdf.mutate()}
        >
          {statementPdf.isPending ? text.downloading : text.downloadStatement}
        </button>
      </div>

      <section aria-labelledby="account-terms-heading" className="flex flex-col gap-3">
        <h2 id="account-terms-heading" className="text-xl font-semibold">
          {text.termsHeading}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Fact term={text.priceLevel}>{terms.priceLevel}</Fact>
          <Fact term={text.paymentTerms}>{text.paymentTermsLabel[terms.paymentTerms]}</Fact>
          <Fact term={text.creditLimit}>{formatMoney(statement.data.creditLimit)}</Fact>
          <Fact term={text.taxStatus}>
            {terms.taxExempt
              ? terms.resaleCertificate
                ? text.taxExemptWith(terms.resaleCertificate)
                : text.taxExempt
              : text.taxable}
          </Fact>
          <Fact term={text.balance}>{formatMoney(statement.data.balance)}</Fact>
          <Fact term={text.available}>{formatMoney(statement.data.available)}</Fact>
          {statement.data.credits ? (
            <Fact term={creditMemoMessages.accountCredits}>{formatMoney(statement.data.credits)}</Fact>
          ) : null}
        </dl>
      </section>

      {statement.data.creditMemos?.length ? (
        <section aria-labelledby="account-credits-heading" className="flex flex-col gap-3">
          <h2 id="account-credits-heading" className="text-xl font-semibold">
            {creditMemoMessages.heading}
          </h2>
          <p>{creditMemoMessages.accountCreditsHint}</p>
          <ul className="flex flex-col gap-1">
            {statement.data.creditMemos.map((memo) => (
              <li key={memo.number}>
                {creditMemoMessages.accountCreditLine(
                  memo.number,
                  memo.orderNumber,
                  formatDate(memo.issuedAt),
                  formatMoney(memo.total),
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="account-aging-heading" className="flex flex-col gap-3">
        <h2 id="account-aging-heading" className="text-xl font-semibold">
          {text.agingHeading}
        </h2>
        <AgingTable aging={aging} />
      </section>

      <section aria-labelledby="account-invoices-heading" className="flex flex-col gap-3">
        <h2 id="account-invoices-heading" className="text-xl font-semibold">
          {text.invoicesHeading}
        </h2>
        {invoices.length === 0 ? (
          <p className="rounded-box border border-dashed border-base-300 p-6 text-center">
            {text.invoicesEmpty}
          </p>
        ) : (
          <StatementInvoicesTable invoices={invoices} />
        )}
      </section>
    </div>
  );
}

/** A statement's open balance by days past due (the company's account, and the admins' company page). */
export function AgingTable({ aging }: { aging: Aging }) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table">
        <caption className="p-3 text-left font-semibold">{text.agingCaption}</caption>
        <thead className="text-base-content">
          <tr>
            {agingColumns.map(([bucket, label]) => (
              <th key={bucket} scope="col" className="text-right whitespace-nowrap">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {agingColumns.map(([bucket]) => (
              <td key={bucket} className="text-right">
                {formatMoney(aging[bucket])}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

interface StatementInvoicesTableProps {
  invoices: Statement['invoices'];
  /** More buttons of an invoice's row after Download (the admins' Record payment). */
  actions?: (invoice: StatementInvoice) => ReactNode;
}

/**
 * A statement's invoices, newest first, each with Download (its PDF) and `actions` (the company's account, and the
 * admins' company page).
 */
export function StatementInvoicesTable({ invoices, actions }: StatementInvoicesTableProps) {
  const invoicePdf = useDownload(downloadInvoicePdf);
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table">
        <caption className="p-3 text-left font-semibold">{text.invoicesCaption}</caption>
        <thead className="text-base-content">
          <tr>
            <th scope="col">{text.columnInvoice}</th>
            <th scope="col">{text.columnOrder}</th>
            <th scope="col">{text.columnIssued}</th>
            <th scope="col">{text.columnDue}</th>
            <th scope="col" className="text-right">
              {text.columnTotal}
            </th>
            <th scope="col" className="text-right">
              {text.columnPaid}
            </th>
            <th scope="col" className="text-right">
              {text.columnBalance}
            </th>
            <th scope="col">{text.columnStatus}</th>
            <th scope="col">
              <span className="sr-only">{text.columnActions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.number}>
              <th scope="row" className="font-mono font-medium whitespace-nowrap">
                {invoice.number}
              </th>
              <td className="whitespace-nowrap">
                <Link to={paths.dashboard.order.href(invoice.orderId)} className="link link-hover">
                  {invoice.orderNumber}
                </Link>
              </td>
              <td className="whitespace-nowrap">
                <time dateTime={invoice.issuedAt}>{formatDate(invoice.issuedAt)}</time>
              </td>
              <td className="whitespace-nowrap">
                {invoice.dueAt ? (
                  <time dateTime={invoice.dueAt}>{formatDate(invoice.dueAt)}</time>
                ) : (
                  text.noDueDate
                )}
              </td>
              <td className="text-right">{formatMoney(invoice.total)}</td>
              <td className="text-right">{formatMoney(invoice.paid)}</td>
              <td className="text-right">{formatMoney(invoice.balance)}</td>
              <td>
                <span
                  className={`badge whitespace-nowrap ${
                    invoice.status === 'overdue'
                      ? 'badge-error'
                      : invoice.status === 'paid'
                        ? 'badge-success'
                        : 'badge-ghost'
                  }`}
                >
                  {text.invoiceStatus[invoice.status]}
                </span>
              </td>
              <td>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={text.downloadInvoice(invoice.number)}
                    disabled={invoicePdf.isPending && invoicePdf.variables === invoice.orderId}
                    onClick={() => invoicePdf.mutate(invoice.orderId)}
                  >
                    {text.download}
                  </button>
                  {actions?.(invoice)}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
