import { useSearchParams } from 'react-router';
import { usePageParam } from '@/hooks/use-page-param';

/**
 * All Users' search text and page, kept in the URL (`?q=&page=`) so Back and shared links show the same list
 * (docs/requirements.md §13 "Finding things"). `setQ` starts again at page 1; `hrefFor` keeps the search.
 */
export function useUserSearch() {
  const [search, setSearch] = useSearchParams();
  const { page, hrefFor } = usePageParam();
  const q = (search.get('q') ?? '').trim();
  const setQ = (next: string) => setSearch(next.trim() ? { q: next.trim() } : {});
  return { q, page, hrefFor, setQ };
}
