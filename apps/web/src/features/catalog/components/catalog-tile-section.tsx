import type { Category, Make } from '@partsforge/shared/catalog';
import { useDeferredValue } from 'react';
import { ErrorMessage } from '@/components/error-message';
import { CatalogTile } from './catalog-tile';

interface CatalogTileSectionProps {
  id: string;
  title: string;
  items: ReadonlyArray<Category | Make> | undefined;
  /** The catalogue filter each tile's "Shop Now" applies. */
  filter: 'category' | 'make';
  /** Message shown when the list failed to load; null while it loads or after it loaded. */
  error: { title: string; detail: string } | null;
  tone?: 'base' | 'muted';
}

/** A titled grid of category or make tiles. */
export function CatalogTileSection({
  id,
  title,
  items,
  filter,
  error,
  tone = 'base',
}: CatalogTileSectionProps) {
  const headingId = `${id}-heading`;
  // The tiles render in a background, interruptible render once the list arrives (no long main-thread task).
  const tiles = useDeferredValue(items);
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`py-14 ${tone === 'muted' ? 'bg-base-200' : 'bg-base-100'}`}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id={headingId} className="text-center text-3xl font-bold tracking-tight">
          {title}
        </h2>
        <div className="mt-10">
          {error ? (
            <ErrorMessage title={error.title} detail={error.detail} />
          ) : tiles ? (
            <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
              {tiles.map((item) => (
                <li key={item._id}>
                  <CatalogTile id={item._id} name={item.name} img={item.img} filter={filter} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </section>
  );
}
