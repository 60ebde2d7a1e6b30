import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import {
  INVOICE_PAYMENT_METHODS,
  recordPaymentSchema,
  type RecordPaymentInput,
  type StatementInvoice,
} from '@partsforge/shared/trade-terms';
import { useState } from 'react';
import { z } from 'zod';
import { ErrorMessage } from '@/components/error-message';
import { Field, Form, FormAlert, SelectField, SubmitButton } from '@/components/form';
import { FormDialog } from '@/components/form-dialog';
import {
  downloadCompanyStatement,
  useCompanyStatement,
  useDownload,
  useRecordPayment,
} from '../api/admin-trade-terms';
import { throwToForm } from '../field-errors';
import { AgingTable, StatementInvoicesTable } from './account-statement';
import { LoadingLine } from './loading-line';

const text = messages.tradeTermsPages;

/**
 * A company's account for admins (docs/requirements.md §15 "Trade terms", Statements and Payments): balance,
 * credit limit and available credit, the aging of the open balance, Download statement (PDF), and the invoices as the
 * company's own account shows them (number, order, issue and due dates, total, paid, balance, status, Download) with,
 * for each one not paid in full, Record payment. The statement refetches after a payment.
 */
export function AdminCompanyAccount({ companyId }: { companyId: string }) {
  const statement = useCompanyStatement(companyId);
  const statementPdf = useDownload(downloadCompanyStatement);
  const [paying, setPaying] = useState<StatementInvoice | null>(null);
  return (
    <section aria-labelledby="account-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="account-heading" className="text-xl font-semibold">
          {text.accountHeading}
        </h2>
        <button
          type="button"
          className="btn btn-sm"
          disabled={statementPdf.isPending}
          aria-busy={statementPdf.isPending}
          onClick={() => statementPdf.mutate(companyId)}
        >
          {statementPdf.isPending ? text.downloading : text.downloadStatement}
        </button>
      </div>
      {statement.isPending ? (
        <LoadingLine />
      ) : statement.isError ? (
        <ErrorMessage title={text.statementLoadFailed} detail={statement.error.message} />
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-3">
            {(
              [
                [text.balance, statement.data.balance],
                [text.creditLimit, statement.data.creditLimit],
                [text.available, statement.data.available],
              ] as const
            ).map(([term, value]) => (
              <div key={term}>
                <dt className="text-sm font-medium text-base-content/70">{term}</dt>
                <dd className="text-lg font-semibold">{formatMoney(value)}</dd>
              </div>
            ))}
          </dl>
          <AgingTable aging={statement.data.aging} />
          {statement.data.invoices.length === 0 ? (
            <p>{text.invoicesEmpty}</p>
          ) : (
            <StatementInvoicesTable
              invoices={statement.data.invoices}
              actions={(invoice) =>
                invoice.balance > 0 ? (
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    aria-label={text.recordPaymentFor(invoice.number)}
                    onClick={() => setPaying(invoice)}
                  >
                    {text.recordPayment}
                  </button>
                ) : null
              }
            />
          )}
        </>
      )}
      <FormDialog
        open={paying !== null}
        title={paying ? text.recordPaymentTitle(paying.number) : text.recordPayment}
        onClose={() => setPaying(null)}
      >
        {paying ? (
          <RecordPaymentForm companyId={companyId} invoice={paying} onDone={() => setPaying(null)} />
        ) : null}
      </FormDialog>
    </section>
  );
}

/** The payment as typed (the amount as text), parsed into the POST body. */
const paymentFormSchema = z
  .object({ amount: z.string(), method: z.enum(INVOICE_PAYMENT_METHODS), reference: z.string() })
  .transform((input): RecordPaymentInput => ({
    ...input,
    amount: input.amount.trim() === '' ? Number.NaN : Number(input.amount.replace(/[$,\s]/g, '')),
  }))
  .pipe(recordPaymentSchema);

interface RecordPaymentFormProps {
  companyId: string;
  invoice: StatementInvoice;
  onDone: () => void;
}

/**
 * Record payment's form: Amount (the invoice's balance to start with), Method (ACH, Check, Wire, Card) and Reference;
 * the server's refusal (409 OVERPAYMENT: more than the balance) shows in the dialog.
 */
function RecordPaymentForm({ companyId, invoice, onDone }: RecordPaymentFormProps) {
  const record = useRecordPayment(companyId);
  return (
    <Form
      schema={paymentFormSchema}
      defaultValues={{ amount: invoice.balance.toFixed(2), method: 'ach', reference: '' }}
      onSubmit={async (input, form) => {
        try {
          await record.mutateAsync({ invoice: invoice.number, input });
        } catch (error) {
          throwToForm(error, form);
        }
        onDone();
      }}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-base-content/80">
        {text.columnBalance}: {formatMoney(invoice.balance)}
      </p>
      <Field name="amount" label={text.amount} inputMode="decimal" autoComplete="off" />
      <SelectField name="method" label={text.method}>
        {INVOICE_PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {text.paymentMethodOptions[method]}
          </option>
        ))}
      </SelectField>
      <Field name="reference" label={text.reference} autoComplete="off" />
      <FormAlert />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onDone}>
          {text.cancel}
        </button>
        <SubmitButton>{(submitting) => (submitting ? text.recording : text.recordPayment)}</SubmitButton>
      </div>
    </Form>
  );
}
