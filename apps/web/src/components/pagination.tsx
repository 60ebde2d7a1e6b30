import { messages } from '@partsforge/shared/messages';
import { Link, type To } from 'react-router';

interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  pageCount: number;
  /** Link target of a page (keeps the list's search and filters). */
  hrefFor: (page: number) => To;
  /** Called when a page link is followed, e.g. to move focus to the top of the list. */
  onNavigate?: () => void;
}

/** Pages to offer around `page`: the first, the last, two either side, and gaps ('…') between. */
function pagesAround(page: number, pageCount: number): (number | 'gap')[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])]
    .filter((number) => number >= 1 && number <= pageCount)
    .sort((a, b) => a - b);
  return shown.flatMap((number, index) =>
    index > 0 && number - shown[index - 1]! > 1 ? ['gap' as const, number] : [number],
  );
}

const itemClass = 'join-item btn btn-sm min-w-10';

/**
 * Paging links of a long list: Previous, nearby page numbers, Next, and "Page X of Y". Real links (they open
 * in a new tab, and Back returns to the previous page); the current page is marked with aria-current. Past
 * the last page (an old `?page=99` of 10) it offers the pages that exist and no "Page 99 of 10".
 */
export function Pagination({ page, pageCount, hrefFor, onNavigate }: PaginationProps) {
  if (pageCount <= 1) return null;
  const edge = (target: number, label: string, enabled: boolean) =>
    enabled ? (
      <Link to={hrefFor(target)} preventScrollReset className={itemClass} onClick={onNavigate}>
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" className={`${itemClass} btn-disabled`}>
        {label}
      </span>
    );
  return (
    <nav aria-label={messages.pagination.label} className="flex flex-col items-center gap-3">
      <ul className="join flex-wrap justify-center">
        <li className="join-item flex">{edge(page - 1, messages.pagination.previous, page > 1)}</li>
        {pagesAround(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="join-item hidden sm:flex">
              <span className={`${itemClass} btn-disabled`}>…</span>
            </li>
          ) : (
            <li key={item} className={`join-item ${item === page ? 'flex' : 'hidden sm:flex'}`}>
              <Link
                to={hrefFor(item)}
                preventScrollReset
                aria-label={messages.pagination.page(item)}
                aria-current={item === page ? 'page' : undefined}
                className={`${itemClass} ${item === page ? 'btn-primary' : ''}`}
                onClick={onNavigate}
              >
                {item.toLocaleString('en-US')}
              </Link>
            </li>
          ),
        )}
        <li className="join-item flex">{edge(page + 1, messages.pagination.next, page < pageCount)}</li>
      </ul>
      {page <= pageCount ? (
        <p className="text-sm text-base-content/70">{messages.pagination.pageOf(page, pageCount)}</p>
      ) : null}
    </nav>
  );
}
