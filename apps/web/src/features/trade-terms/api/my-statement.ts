import type { Statement } from '@partsforge/shared/trade-terms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, apiRequestFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** Key of the signed-in owner's or manager's company statement. */
export const myStatementKey = ['trade-terms', 'statement', 'mine'] as const;

/**
 * `GET /api/companies/mine/statement` (token; owners and managers; docs/requirements.md §15 "Statements"): the
 * company's terms, balance, credit limit and available credit, aging and invoices, in dollars. ApiError 403 for a
 * buyer, 404 without a company.
 */
export function getMyStatement(signal?: AbortSignal): Promise<Statement> {
  return apiRequest<Statement>('companies/mine/statement', { auth: true, ...(signal ? { signal } : {}) });
}

/** The company's statement; `enabled` false skips the call (a buyer, or no company). */
export function useMyStatement(enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: myStatementKey,
      queryFn: ({ signal }) => getMyStatement(signal),
      staleTime: 0,
    }),
    enabled,
  });
}

/** `GET /api/companies/mine/statement.pdf` (token; owners and managers): the statement as a PDF download. */
export async function downloadMyStatement(): Promise<void> {
  const { blob, filename } = await apiRequestFile('companies/mine/statement.pdf', { auth: true });
  saveFile(blob, filename ?? 'statement.pdf');
}
