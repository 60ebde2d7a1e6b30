import type { MyCompany } from '@partsforge/shared/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

/** Key prefix of every company query of the signed-in customer (their company, its invitations). */
export const companiesQueryKey = ['companies'] as const;
/** The caller's company (docs/requirements.md §14 "Company accounts"), under companiesQueryKey. */
export const myCompanyQueryKey = [...companiesQueryKey, 'mine'] as const;

/**
 * `GET /api/companies/mine` (token; docs/requirements.md §14 "Company accounts"): the caller's company with their
 * role, members and address book, or null when they belong to none (404).
 */
export async function getMyCompany(signal?: AbortSignal): Promise<MyCompany | null> {
  try {
    return await apiRequest<MyCompany>('companies/mine', { auth: true, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /companies/mine as a query: kept 30 s (the dashboard menu, checkout and company pages share it). */
export const myCompanyQueryOptions = queryOptions({
  queryKey: myCompanyQueryKey,
  queryFn: ({ signal }) => getMyCompany(signal),
  staleTime: 30_000,
});

/** The signed-in customer's company (null: none); `enabled` false skips the call (admins, visitors). */
export function useMyCompany(enabled = true) {
  return useQuery({ ...myCompanyQueryOptions, enabled });
}
