import { useSearchParams } from 'react-router';

/**
 * The 1-based page of a paged dashboard list, kept in the URL as `?page=` so Back and shared links work, and
 * the link target of any page for `Pagination`, which keeps the list's other parameters (its search and
 * filters). A missing or invalid value is page 1.
 */
export function usePageParam(): { page: number; hrefFor: (page: number) => string } {
  const [search] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(search);
    if (target === 1) next.delete('page');
    else next.set('page', String(target));
    const query = next.toString();
    return `?${query}`;
  };
  return { page, hrefFor };
}
