import { messages } from '@partsforge/shared/messages';
import { contractPricesSchema, type ContractPrice } from '@partsforge/shared/trade-terms';
import { useState } from 'react';
import { get, useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { z } from 'zod';
import { CsvImportDialog } from '@/components/csv-import-dialog';
import { ErrorMessage } from '@/components/error-message';
import { Form, FormAlert, SubmitButton } from '@/components/form';
import {
  useApplyContractPricesImport,
  useContractPrices,
  usePreviewContractPricesImport,
  useSaveContractPrices,
} from '../api/admin-trade-terms';
import { throwToForm } from '../field-errors';
import { LoadingLine } from './loading-line';

const text = messages.tradeTermsPages;

/** The rows as typed (prices as text), parsed into the PUT body. */
const pricesFormSchema = z
  .object({ prices: z.array(z.object({ sku: z.string(), price: z.string() })) })
  .transform(({ prices }) => ({
    prices: prices.map((row) => ({
      sku: row.sku,
      price: row.price.trim() === '' ? Number.NaN : Number(row.price.replace(/[$,\s]/g, '')),
    })),
  }))
  .pipe(z.object({ prices: contractPricesSchema }));
type PricesFormInput = z.input<typeof pricesFormSchema>;

/**
 * A company's contract prices for admins (docs/requirements.md §15 "Trade terms"): a table of SKU and price rows to
 * add, change and remove, saved whole by Save contract prices (the PUT replaces the list; a 400 marks its rows), and
 * Import CSV, the catalogue import's dialog on a `sku,price` file (preview, then all or nothing).
 */
export function AdminContractPrices({ companyId }: { companyId: string }) {
  const prices = useContractPrices(companyId);
  const [importing, setImporting] = useState(false);
  const preview = usePreviewContractPricesImport(companyId);
  const apply = useApplyContractPricesImport(companyId);
  return (
    <section aria-labelledby="contract-prices-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="contract-prices-heading" className="text-xl font-semibold">
          {text.contractPricesHeading}
        </h2>
        <button type="button" className="btn btn-sm" onClick={() => setImporting(true)}>
          {text.importCsv}
        </button>
      </div>
      <p className="text-base-content/80">{text.contractPricesLead}</p>
      {prices.isPending ? (
        <LoadingLine />
      ) : prices.isError ? (
        <ErrorMessage title={text.contractPricesLoadFailed} detail={prices.error.message} />
      ) : (
        // Fresh rows whenever the list is refetched (after an import).
        <ContractPricesForm key={prices.dataUpdatedAt} companyId={companyId} prices={prices.data} />
      )}
      <CsvImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        title={text.importTitle}
        fileHint={text.importHint}
        preview={preview}
        apply={apply}
      />
    </section>
  );
}

function ContractPricesForm({ companyId, prices }: { companyId: string; prices: ContractPrice[] }) {
  const save = useSaveContractPrices(companyId);
  return (
    <Form
      schema={pricesFormSchema}
      defaultValues={{ prices: prices.map((row) => ({ sku: row.sku, price: row.price.toFixed(2) })) }}
      onSubmit={async (input, form) => {
        try {
          await save.mutateAsync(input.prices);
        } catch (error) {
          throwToForm(error, form, 'prices.');
        }
      }}
      className="flex flex-col gap-3"
    >
      <PriceRows />
      <FormAlert />
      <div>
        <SubmitButton>{(submitting) => (submitting ? text.saving : text.saveContractPrices)}</SubmitButton>
      </div>
    </Form>
  );
}

/** The editable rows: an input per cell (named for its row), its message under it, and Remove. */
function PriceRows() {
  const { control, register } = useFormContext<PricesFormInput>();
  const { errors } = useFormState({ control });
  const rows = useFieldArray({ control, name: 'prices' });
  const listError = (errors.prices?.message ?? errors.prices?.root?.message) as string | undefined;
  const cellError = (name: string) => (get(errors, name) as { message?: string } | undefined)?.message;
  return (
    <>
      {rows.fields.length === 0 ? <p>{text.noContractPrices}</p> : null}
      <div className="overflow-x-auto">
        <table className="table">
          <caption className="sr-only">{text.contractPricesCaption}</caption>
          <thead className="text-base-content">
            <tr>
              <th scope="col">{text.sku}</th>
              <th scope="col">{text.price}</th>
              <th scope="col">{text.columnActions}</th>
            </tr>
          </thead>
          <tbody>
            {rows.fields.map((field, index) => {
              const skuError = cellError(`prices.${index}.sku`);
              const priceError = cellError(`prices.${index}.price`);
              return (
                <tr key={field.id}>
                  <td>
                    <input
                      className={`input input-sm w-full ${skuError ? 'input-error' : ''}`}
                      aria-label={text.rowSku(index + 1)}
                      aria-invalid={skuError ? true : undefined}
                      autoComplete="off"
                      {...register(`prices.${index}.sku`)}
                    />
                    {skuError ? <p className="text-sm text-error">{skuError}</p> : null}
                  </td>
                  <td>
                    <input
                      className={`input input-sm w-full ${priceError ? 'input-error' : ''}`}
                      aria-label={text.rowPrice(index + 1)}
                      aria-invalid={priceError ? true : undefined}
                      inputMode="decimal"
                      autoComplete="off"
                      {...register(`prices.${index}.price`)}
                    />
                    {priceError ? <p className="text-sm text-error">{priceError}</p> : null}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={text.removePrice(index + 1)}
                      onClick={() => rows.remove(index)}
                    >
                      {text.remove}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {listError ? <p className="text-error">{listError}</p> : null}
      <div>
        <button type="button" className="btn btn-sm" onClick={() => rows.append({ sku: '', price: '' })}>
          {text.addPrice}
        </button>
      </div>
    </>
  );
}
