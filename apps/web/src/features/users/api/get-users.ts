import type { UserSummary } from '@partsforge/shared/identity';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithTotal, type ListResult } from '@/lib/api-client';

export interface UsersPage {
  limit: number;
  offset: number;
}

/** `GET /api/user?limit=&offset=` (admin, token): a page of users and the total in `X-Total-Count`. */
export function getUsers(
  { limit, offset }: UsersPage,
  signal?: AbortSignal,
): Promise<ListResult<UserSummary[]>> {
  return apiRequestWithTotal<UserSummary[]>('user', {
    params: { limit, offset },
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export const usersQueryKey = ['users'] as const;

export function usersQueryOptions(page: UsersPage) {
  return queryOptions({
    queryKey: [...usersQueryKey, page],
    queryFn: ({ signal }) => getUsers(page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useUsers(page: UsersPage) {
  return useQuery(usersQueryOptions(page));
}
