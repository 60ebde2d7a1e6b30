import { useState } from 'react';
import type { Review } from '@partsforge/shared/catalog';
import { RATING_MAX } from '@partsforge/shared/constants';
import { messages } from '@partsforge/shared/messages';

/** Up to two initials of a name, e.g. 'Rita van Dam' → 'RD'. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => word[0]!.toUpperCase()).join('') || '?';
}

/**
 * One customer review: avatar, name, what they wrote and the rating in stars. A customer's review image is any
 * https URL they typed; when it does not load (gone, or offline) the avatar falls back to their initials on a
 * coloured circle, like the shipped avatars, instead of a broken picture.
 */
export function ReviewCard({ review }: { review: Review }) {
  const [failedImg, setFailedImg] = useState<string | null>(null);
  const stars = Math.max(0, Math.min(RATING_MAX, Math.round(review.rating)));
  return (
    <figure className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <figcaption className="flex items-center gap-3">
          {failedImg === review.img ? (
            <span
              role="img"
              aria-label={review.name}
              className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-content ring-2 ring-primary/30"
            >
              {initialsOf(review.name)}
            </span>
          ) : (
            <img
              src={review.img}
              alt={review.name}
              width={56}
              height={56}
              loading="lazy"
              decoding="async"
              className="size-14 rounded-full bg-base-200 object-cover ring-2 ring-primary/30"
              onError={() => setFailedImg(review.img)}
            />
          )}
          <span className="text-lg font-semibold">{review.name}</span>
        </figcaption>
        <blockquote className="text-base-content/85">{review.description}</blockquote>
        <p className="mt-auto flex items-center gap-2 font-medium">
          <span aria-hidden="true" className="flex text-amber-600">
            {Array.from({ length: RATING_MAX }, (_, index) => (
              <svg
                key={index}
                viewBox="0 0 20 20"
                className="size-5"
                fill={index < stars ? 'currentColor' : 'none'}
                stroke="currentColor"
                strokeWidth="1.5"
              >
                <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8z" />
              </svg>
            ))}
          </span>
          <span>{messages.home.ratingStars(review.rating)}</span>
        </p>
      </div>
    </figure>
  );
}
