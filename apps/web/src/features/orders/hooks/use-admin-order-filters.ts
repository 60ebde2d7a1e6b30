import { useSearchParams } from 'react-router';
import { usePageParam } from '@/hooks/use-page-param';
import { orderFilterParams, readOrderFilters, type AdminOrderFilters } from '../admin-order-filters';

/**
 * Manage All Orders' filters and page, kept in the URL so Back, reloads and shared links show the same list
 * (docs/requirements.md §13 "Finding things"). `setFilters` starts again at page 1; `hrefFor` keeps the filters.
 */
export function useAdminOrderFilters() {
  const [search, setSearch] = useSearchParams();
  const { page, hrefFor } = usePageParam();
  const filters = readOrderFilters(search);
  const setFilters = (next: AdminOrderFilters) => setSearch(orderFilterParams(next));
  return { filters, page, hrefFor, setFilters };
}
