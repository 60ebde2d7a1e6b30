import type { AdminCompany, AdminCompanySummary } from '@partsforge/shared/companies';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal, type ListResult } from '@/lib/api-client';

const adminCompaniesQueryKey = ['admin-companies'] as const;

export interface CompaniesPage {
  limit: number;
  offset: number;
  /** Part of a company's name or a member's email; '' for every company. */
  q: string;
}

/**
 * `GET /api/admin/companies?q=&limit=&offset=` (admin; docs/requirements.md §14): a page of companies with their
 * member count, order count and spend, and the total in `X-Total-Count`.
 */
export function getAdminCompanies(
  { limit, offset, q }: CompaniesPage,
  signal?: AbortSignal,
): Promise<ListResult<AdminCompanySummary[]>> {
  return apiRequestWithTotal<AdminCompanySummary[]>('admin/companies', {
    params: { ...(q ? { q } : {}), limit, offset },
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

/** A page of the admins' company list (docs/requirements.md §14 "Company accounts"), kept while the next loads. */
export function useAdminCompanies(page: CompaniesPage) {
  return useQuery(
    queryOptions({
      queryKey: [...adminCompaniesQueryKey, 'list', page],
      queryFn: ({ signal }) => getAdminCompanies(page, signal),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  );
}

/** `GET /api/admin/companies/{id}` (admin): one company with its members and address book; ApiError 404. */
export function getAdminCompany(id: string, signal?: AbortSignal): Promise<AdminCompany> {
  return apiRequest<AdminCompany>(`admin/companies/${encodeURIComponent(id)}`, {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

/** One company for admins (docs/requirements.md §14 "Company accounts"). */
export function useAdminCompany(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...adminCompaniesQueryKey, 'one', id],
      queryFn: ({ signal }) => getAdminCompany(id, signal),
      staleTime: 0,
    }),
  );
}
