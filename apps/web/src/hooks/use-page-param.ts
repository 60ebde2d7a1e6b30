import { useSearchParams } from 'react-router';

/**
 * The 1-based page of a paged dashboard list, kept in the URL as `?page=` so Back and shared links work, and
 * the link target of any page for `Pagination`. A missing or invalid value is page 1.
 */
export function usePageParam(): { page: number; hrefFor: (page: number) => string } {
  const [search] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  return { page, hrefFor: (target) => (target === 1 ? '?' : `?page=${target}`) };
}
