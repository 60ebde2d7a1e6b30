import { messages } from '@partsforge/shared/messages';
import { Link } from 'react-router';
import { catalogHref } from '../catalog-url';

interface CatalogTileProps {
  id: string;
  name: string;
  img: string;
  /** Which catalogue filter the tile is: "Shop Now" opens /parts filtered by this category or make. */
  filter: 'category' | 'make';
}

/**
 * A category or make: picture, name and "Shop Now", which opens the parts catalogue filtered by it (the spec's
 * button had no action; docs/design.md item 5).
 */
export function CatalogTile({ id, name, img, filter }: CatalogTileProps) {
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
        <Link
          to={catalogHref({ [filter]: id })}
          className="btn btn-outline btn-primary btn-sm mt-auto"
          aria-describedby={nameId}
        >
          {messages.home.shopNow}
        </Link>
      </div>
    </article>
  );
}
