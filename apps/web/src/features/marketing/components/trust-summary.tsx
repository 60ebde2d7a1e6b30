import { TRUST_TILES } from '@partsforge/shared/constants';
import { messages } from '@partsforge/shared/messages';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

type TileId = (typeof TRUST_TILES)[number]['_id'];

/** Decorative pictograms of the four figures (24x24 outline icons). */
const icons: Record<TileId, string> = {
  reviews: 'M4 5h16v11H8l-4 4z M8 9h8 M8 12h5',
  feedback:
    'M7 11v9H4v-9z M7 11l4-7c1.5 0 2.5 1 2.2 2.6L12.6 10H19a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 17.8 20H7',
  parts:
    'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z M12 2v3 M12 19v3 M2 12h3 M19 12h3 M4.9 4.9l2.1 2.1 M17 17l2.1 2.1 M4.9 19.1L7 17 M17 7l2.1-2.1',
  customers:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z M2.5 20c.5-3.5 3.2-5.5 6.5-5.5s6 2 6.5 5.5 M16 4.3a3.5 3.5 0 0 1 0 6.4 M18 14.8c2 .7 3.2 2.5 3.5 5.2',
};

/** "Millions Business Trust Us": the four fixed figures, then the invitation to get in touch. */
export function TrustSummary() {
  return (
    <section aria-labelledby="trust-heading" className="bg-base-200 py-14">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="trust-heading" className="text-center text-3xl font-bold tracking-tight">
          {messages.home.trustHeading}
        </h2>
        <ul className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TRUST_TILES.map((tile) => (
            <li
              key={tile._id}
              className="flex flex-col items-center rounded-box bg-base-100 p-6 text-center shadow-sm"
            >
              <svg
                viewBox="0 0 24 24"
                aria-hidden="true"
                focusable="false"
                className="size-10 text-primary"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={icons[tile._id]} />
              </svg>
              <p className="mt-3">
                <span className="block text-3xl font-extrabold text-primary">{tile.number}</span>{' '}
                <span className="text-lg font-medium">{tile.text}</span>
              </p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col items-center justify-between gap-4 rounded-box bg-primary p-8 text-primary-content sm:flex-row">
          <h3 className="text-2xl font-bold">{messages.home.questionHeading}</h3>
          <Link to={paths.contactUs.href()} className="btn btn-accent btn-lg">
            {messages.home.contactUs}
          </Link>
        </div>
      </div>
    </section>
  );
}
