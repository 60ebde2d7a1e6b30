import type { ReactNode } from 'react';
import type { To } from 'react-router';
import { Pagination } from './pagination';

interface PagedTableProps {
  /** The table's name for screen readers (a visually hidden caption); none when not given. */
  label?: string;
  /** Column headings after the row number column ('#'). */
  columns: readonly string[];
  /** Current page, 1-based. */
  page: number;
  pageCount: number;
  /** Link target of a page (the list's URL with ?page=). */
  hrefFor: (page: number) => To;
  /** The rows (`<tr>`), each starting with its number cell. */
  children: ReactNode;
}

/**
 * A dashboard list: a bordered table that scrolls sideways on narrow screens, headed '#' then `columns`, with
 * the shared Pagination below it; `label` names it.
 */
export function PagedTable({ label, columns, page, pageCount, hrefFor, children }: PagedTableProps) {
  return (
    <>
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table">
          {label ? <caption className="sr-only">{label}</caption> : null}
          <thead className="text-base-content">
            <tr>
              <th scope="col">#</th>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      <div className="mt-4">
        <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
      </div>
    </>
  );
}
