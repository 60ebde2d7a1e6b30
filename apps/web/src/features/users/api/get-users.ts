import type { UserListItem } from '@partsforge/shared/identity';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithTotal, type ListResult } from '@/lib/api-client';

export interface UsersPage {
  limit: number;
  offset: number;
  /** Part of a name or email (docs/requirements.md §13 "Finding things"); '' for every user. */
  q?: string;
}

/**
 * `GET /api/user?q=&limit=&offset=` (admin, token): a page of users, newest first, each with their order count
 * and spend, and the total in `X-Total-Count`.
 */
export function getUsers(
  { limit, offset, q }: UsersPage,
  signal?: AbortSignal,
): Promise<ListResult<UserListItem[]>> {
  return apiRequestWithTotal<UserListItem[]>('user', {
    params: { ...(q ? { q } : {}), limit, offset },
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
