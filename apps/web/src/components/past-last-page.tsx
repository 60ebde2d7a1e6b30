import { messages } from '@partsforge/shared/messages';
import { Link, type To } from 'react-router';

/**
 * The state of a paged list opened past its last page (e.g. `?page=99` of 10, from an old link or after
 * deletions): says so and links to page 1, instead of an empty list that claims there is nothing at all.
 */
export function PastLastPage({ page, firstPage }: { page: number; firstPage: To }) {
  return (
    <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
      <p className="text-lg">{messages.pagination.pastLastPage(page)}</p>
      <Link to={firstPage} className="btn btn-primary mt-4">
        {messages.catalog.firstPage}
      </Link>
    </div>
  );
}
