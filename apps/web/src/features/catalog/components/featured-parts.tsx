import { FEATURED_PARTS_COUNT, messages } from '@partsforge/shared';
import { ErrorMessage } from '@/components/error-message';
import { useParts } from '../api/get-parts';
import { PartCard } from './part-card';

const FEATURED_PARTS_HEADING_ID = 'featured-parts-heading';

/**
 * The first FEATURED_PARTS_COUNT parts as cards, 1, 2 or 3 per row by screen width. By the spec the list shows
 * no loading indicator (it only keeps its space); a failure is shown as an error message.
 */
export function FeaturedParts() {
  const parts = useParts({ limit: FEATURED_PARTS_COUNT });
  return (
    <section id="featured-parts" aria-labelledby={FEATURED_PARTS_HEADING_ID} className="bg-base-100 py-14">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id={FEATURED_PARTS_HEADING_ID} className="text-center text-3xl font-bold tracking-tight">
          {messages.home.featuredParts}
        </h2>
        <div className="mt-10">
          {parts.isError ? (
            <ErrorMessage title={messages.errors.featuredPartsFailed} detail={parts.error.message} />
          ) : parts.isPending ? (
            <div className="min-h-[40rem]" />
          ) : (
            <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {parts.data.data.slice(0, FEATURED_PARTS_COUNT).map((part) => (
                <li key={part._id}>
                  <PartCard part={part} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
