import type { Category } from '@partsforge/shared/catalog';
import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import type {
  CompanyTerms,
  CompanyTermsInput,
  ContractPrice,
  ContractPricesImportReport,
  InvoiceWithPayments,
  PriceLevel,
  Receivables,
  RecordPaymentInput,
  Statement,
} from '@partsforge/shared/trade-terms';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest, apiRequestFile } from '@/lib/api-client';
import { postCsvImport } from '@/lib/csv-import';
import { saveFile } from '@/lib/save-file';

/** The admins' trade terms queries (docs/requirements.md §15 "Trade terms"); the company itself is ['admin-companies']. */
const priceLevelsKey = ['admin-price-levels'] as const;
const contractPricesKey = (companyId: string) => ['admin-contract-prices', companyId] as const;
const statementKey = (companyId: string) => ['admin-statement', companyId] as const;
const receivablesKey = ['admin-receivables'] as const;
/** The admin company page's query (features/companies/api/admin-companies), stale once its terms change. */
const adminCompaniesKey = ['admin-companies'] as const;

const companyPath = (companyId: string) => `admin/companies/${encodeURIComponent(companyId)}`;

/** `GET /api/admin/price-levels` (admin): every price level, `list` first. */
export function getPriceLevels(signal?: AbortSignal): Promise<PriceLevel[]> {
  return apiRequest<PriceLevel[]>('admin/price-levels', { auth: true, ...(signal ? { signal } : {}) });
}

/** The price levels (the company page's Price level select and the Price levels page). */
export function usePriceLevels() {
  return useQuery(
    queryOptions({ queryKey: priceLevelsKey, queryFn: ({ signal }) => getPriceLevels(signal), staleTime: 0 }),
  );
}

/**
 * `PUT /api/admin/price-levels` (admin): replaces the whole list and answers it; 400 with field errors, 409
 * LEVEL_IN_USE when a removed level is still given to a company.
 */
export function putPriceLevels(levels: PriceLevel[]): Promise<PriceLevel[]> {
  return apiRequest<PriceLevel[]>('admin/price-levels', { method: 'PUT', body: levels, auth: true });
}

/** Save price levels with a toast; failures are thrown to the form. */
export function useSavePriceLevels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putPriceLevels,
    onSuccess: (levels) => {
      queryClient.setQueryData(priceLevelsKey, levels);
      toast.success(messages.tradeTermsPages.priceLevelsSaved);
    },
  });
}

/** `GET /api/category`: every part category (the category discounts' select). */
function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return apiRequest<Category[]>('category', signal ? { signal } : {});
}

/** The part categories, under the catalogue's own query key (one cache for both). */
export function useCategoryOptions() {
  return useQuery(queryOptions({ queryKey: ['categories'], queryFn: ({ signal }) => getCategories(signal) }));
}

/**
 * `PUT /api/admin/companies/{id}/terms` (admin): the company's price level, payment terms, credit limit (dollars),
 * tax exemption and resale certificate; answers the terms. 400 with field errors (an unknown level), 404.
 */
export function putCompanyTerms(companyId: string, terms: CompanyTermsInput): Promise<CompanyTerms> {
  return apiRequest<CompanyTerms>(`${companyPath(companyId)}/terms`, {
    method: 'PUT',
    body: terms,
    auth: true,
  });
}

/** Save terms with a toast; the company and its statement (terms, available credit) refetch. */
export function useSaveCompanyTerms(companyId: string, companyName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (terms: CompanyTermsInput) => putCompanyTerms(companyId, terms),
    onSuccess: async () => {
      toast.success(messages.tradeTermsPages.termsSaved(companyName));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminCompaniesKey }),
        queryClient.invalidateQueries({ queryKey: statementKey(companyId) }),
      ]);
    },
  });
}

/** `GET /api/admin/companies/{id}/prices` (admin): the company's contract prices (dollars), by SKU. */
export function getContractPrices(companyId: string, signal?: AbortSignal): Promise<ContractPrice[]> {
  return apiRequest<ContractPrice[]>(`${companyPath(companyId)}/prices`, {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

/** A company's contract prices. */
export function useContractPrices(companyId: string) {
  return useQuery(
    queryOptions({
      queryKey: contractPricesKey(companyId),
      queryFn: ({ signal }) => getContractPrices(companyId, signal),
      staleTime: 0,
    }),
  );
}

/** `PUT /api/admin/companies/{id}/prices` (admin): replaces the list and answers it; 400 (an unknown SKU, one twice). */
export function putContractPrices(companyId: string, prices: ContractPrice[]): Promise<ContractPrice[]> {
  return apiRequest<ContractPrice[]>(`${companyPath(companyId)}/prices`, {
    method: 'PUT',
    body: prices,
    auth: true,
  });
}

/** Save contract prices with a toast; failures are thrown to the form. */
export function useSaveContractPrices(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prices: ContractPrice[]) => putContractPrices(companyId, prices),
    onSuccess: (prices) => {
      queryClient.setQueryData(contractPricesKey(companyId), prices);
      toast.success(messages.tradeTermsPages.contractPricesSaved(prices.length));
    },
  });
}

/**
 * `POST /api/admin/companies/{id}/prices/import` (admin) with a `sku,price` CSV: with `dryRun` a preview, else the
 * import (all or nothing; it replaces the list). A file with errors resolves with its report, as the catalogue's.
 */
export function importContractPrices(companyId: string, file: File, dryRun: boolean) {
  return postCsvImport<ContractPricesImportReport>(`${companyPath(companyId)}/prices/import`, file, dryRun);
}

/** Preview (dry run) of a contract prices file. */
export function usePreviewContractPricesImport(companyId: string) {
  return useMutation({ mutationFn: (file: File) => importContractPrices(companyId, file, true) });
}

/** Applies a contract prices file; once written the list refetches and a toast says what changed. */
export function useApplyContractPricesImport(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importContractPrices(companyId, file, false),
    onSuccess: async ({ report, applied }) => {
      if (!applied) return;
      toast.success(messages.tradeTermsPages.imported(report.created, report.updated));
      await queryClient.invalidateQueries({ queryKey: contractPricesKey(companyId) });
    },
  });
}

/**
 * `GET /api/admin/companies/{id}/statement` (admin): the company's balance, credit, aging and invoices (dollars),
 * as its owners see theirs.
 */
export function getCompanyStatement(companyId: string, signal?: AbortSignal): Promise<Statement> {
  return apiRequest<Statement>(`${companyPath(companyId)}/statement`, {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

/** A company's statement for admins. */
export function useCompanyStatement(companyId: string) {
  return useQuery(
    queryOptions({
      queryKey: statementKey(companyId),
      queryFn: ({ signal }) => getCompanyStatement(companyId, signal),
      staleTime: 0,
    }),
  );
}

/** `GET /api/admin/companies/{id}/statement.pdf` (admin): the statement as a PDF download. */
export async function downloadCompanyStatement(companyId: string): Promise<void> {
  const { blob, filename } = await apiRequestFile(`${companyPath(companyId)}/statement.pdf`, { auth: true });
  saveFile(blob, filename ?? 'statement.pdf');
}

/** `GET /api/order/{orderId}/invoice.pdf` (the order's owner or an admin): an invoice PDF as a download. */
export async function downloadInvoicePdf(orderId: string): Promise<void> {
  const { blob, filename } = await apiRequestFile(`order/${encodeURIComponent(orderId)}/invoice.pdf`, {
    auth: true,
  });
  saveFile(blob, filename ?? `invoice-${orderId}.pdf`);
}

/** A download (invoice or statement PDF, receivables CSV); a failure shows as a toast with the server's reason. */
export function useDownload<Input>(download: (input: Input) => Promise<void>) {
  return useMutation({
    mutationFn: download,
    onError: (error) => {
      toast.error(`${messages.tradeTermsPages.downloadFailed} ${error.message}`);
    },
  });
}

/**
 * `POST /api/admin/invoices/{number}/payments` (admin): a payment (dollars) against the invoice; answers the invoice
 * with `paid`, `balance` and `status`. 409 OVERPAYMENT above the balance, 404.
 */
export function recordPayment(
  invoiceNumber: string,
  input: RecordPaymentInput,
): Promise<InvoiceWithPayments> {
  return apiRequest<InvoiceWithPayments>(`admin/invoices/${encodeURIComponent(invoiceNumber)}/payments`, {
    method: 'POST',
    body: input,
    auth: true,
  });
}

/** Record a payment with a toast; the company's statement and the receivables refetch. Failures go to the form. */
export function useRecordPayment(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoice, input }: { invoice: string; input: RecordPaymentInput }) =>
      recordPayment(invoice, input),
    onSuccess: async (_invoice, { invoice, input }) => {
      toast.success(messages.tradeTermsPages.paymentRecorded(formatMoney(input.amount), invoice));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: statementKey(companyId) }),
        queryClient.invalidateQueries({ queryKey: receivablesKey }),
      ]);
    },
  });
}

/** `GET /api/admin/receivables` (admin): every company with an open balance, largest first, aged, and the totals. */
export function getReceivables(signal?: AbortSignal): Promise<Receivables> {
  return apiRequest<Receivables>('admin/receivables', { auth: true, ...(signal ? { signal } : {}) });
}

/** The receivables report. */
export function useReceivables() {
  return useQuery(
    queryOptions({ queryKey: receivablesKey, queryFn: ({ signal }) => getReceivables(signal), staleTime: 0 }),
  );
}

/** `GET /api/admin/receivables.csv` (admin): the report as a CSV download. */
export async function downloadReceivablesCsv(): Promise<void> {
  const { blob, filename } = await apiRequestFile('admin/receivables.csv', { auth: true });
  saveFile(blob, filename ?? 'receivables.csv');
}
