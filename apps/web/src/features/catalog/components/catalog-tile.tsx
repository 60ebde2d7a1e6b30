import { messages } from '@partsforge/shared';

interface CatalogTileProps {
  id: string;
  name: string;
  img: string;
}

/**
 * A category or make: picture, name and "Shop Now". The button has no action yet (spec); a later release makes it
 * open the catalogue filtered by this category or make.
 */
export function CatalogTile({ id, name, img }: CatalogTileProps) {
  const nameId = `tile-${id}-name`;
  return (
    <article className="card h-full border border-base-300 bg-base-100 text-center shadow-sm">
      <figure className="bg-base-200 p-4">
        <img
          src={img}
          alt={name}
          width={160}
          height={120}
          loading="lazy"
          decoding="async"
          className="h-28 w-full object-contain"
        />
      </figure>
      <div className="card-body items-center gap-3 p-4">
        <h3 id={nameId} className="font-semibold">
          {name}
        </h3>
        <button
          type="button"
          className="btn btn-outline btn-primary btn-sm mt-auto"
          aria-describedby={nameId}
        >
          {messages.home.shopNow}
        </button>
      </div>
    </article>
  );
}
