import { messages } from '@partsforge/shared/messages';
import {
  PAYMENT_TERMS,
  companyTermsSchema,
  type CompanyTerms,
  type CompanyTermsInput,
} from '@partsforge/shared/trade-terms';
import { z } from 'zod';
import { ErrorMessage } from '@/components/error-message';
import { CheckboxField, Field, Form, FormAlert, SelectField, SubmitButton } from '@/components/form';
import { LoadingLine } from './loading-line';
import { usePriceLevels, useSaveCompanyTerms } from '../api/admin-trade-terms';
import { throwToForm } from '../field-errors';

const text = messages.tradeTermsPages;

/** The form's values as typed (the credit limit as text), parsed into the PUT body. */
const termsFormSchema = z
  .object({
    priceLevel: z.string(),
    paymentTerms: z.enum(PAYMENT_TERMS),
    creditLimit: z.string(),
    taxExempt: z.boolean(),
    resaleCertificate: z.string(),
  })
  .transform((input): CompanyTermsInput => ({
    ...input,
    creditLimit: input.creditLimit.trim() === '' ? 0 : Number(input.creditLimit.replace(/[$,\s]/g, '')),
  }))
  .pipe(companyTermsSchema);

interface AdminTermsFormProps {
  companyId: string;
  companyName: string;
  /** The company's current terms (DEFAULT_COMPANY_TERMS when never set). */
  terms: CompanyTerms;
}

/**
 * A company's trade terms for admins (docs/requirements.md §15 "Trade terms"): Price level (from the price levels),
 * Payment terms (Card, Net 15, Net 30, Net 60), Credit limit in dollars, Tax exempt and Resale certificate; Save terms
 * sends them whole, says so in a toast, and marks the fields a 400 names.
 */
export function AdminTermsForm({ companyId, companyName, terms }: AdminTermsFormProps) {
  const levels = usePriceLevels();
  const save = useSaveCompanyTerms(companyId, companyName);
  return (
    <section aria-labelledby="terms-heading" className="flex flex-col gap-3">
      <h2 id="terms-heading" className="text-xl font-semibold">
        {text.adminTermsHeading}
      </h2>
      {levels.isPending ? (
        <LoadingLine />
      ) : levels.isError ? (
        <ErrorMessage title={text.levelsLoadFailed} detail={levels.error.message} />
      ) : (
        <Form
          schema={termsFormSchema}
          defaultValues={{
            priceLevel: terms.priceLevel,
            paymentTerms: terms.paymentTerms,
            creditLimit: String(terms.creditLimit),
            taxExempt: terms.taxExempt,
            resaleCertificate: terms.resaleCertificate ?? '',
          }}
          onSubmit={async (input, form) => {
            try {
              await save.mutateAsync(input);
            } catch (error) {
              throwToForm(error, form);
            }
          }}
          className="grid gap-4 sm:grid-cols-2"
        >
          <SelectField name="priceLevel" label={text.priceLevel}>
            {levels.data.some((level) => level.code === terms.priceLevel) ? null : (
              <option value={terms.priceLevel}>{terms.priceLevel}</option>
            )}
            {levels.data.map((level) => (
              <option key={level.code} value={level.code}>
                {level.name} ({level.code})
              </option>
            ))}
          </SelectField>
          <SelectField name="paymentTerms" label={text.paymentTerms}>
            {PAYMENT_TERMS.map((term) => (
              <option key={term} value={term}>
                {text.paymentTermsLabel[term]}
              </option>
            ))}
          </SelectField>
          <Field name="creditLimit" label={text.creditLimitInput} inputMode="decimal" autoComplete="off" />
          <Field name="resaleCertificate" label={text.resaleCertificate} autoComplete="off" />
          <CheckboxField name="taxExempt" label={text.taxExempt} />
          <div className="flex flex-col gap-2 sm:col-span-2">
            <FormAlert />
            <div>
              <SubmitButton>{(submitting) => (submitting ? text.saving : text.saveTerms)}</SubmitButton>
            </div>
          </div>
        </Form>
      )}
    </section>
  );
}
