import { messages } from '@partsforge/shared/messages';
import { preload } from 'react-dom';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

const HERO_IMAGE = '/images/hero/workshop.svg';

/** The welcome banner over the workshop picture: the page's h1. "Shop Now" opens the parts catalogue. */
export function HeroBanner({ shopName }: { shopName: string }) {
  // The picture is the page's largest paint (LCP): start its download now, while the rest of the page renders,
  // rather than when the finished page is put on screen.
  preload(HERO_IMAGE, { as: 'image', fetchPriority: 'high' });
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden bg-neutral text-neutral-content"
    >
      <img
        src={HERO_IMAGE}
        alt=""
        width={1600}
        height={900}
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 -z-10 h-full w-full object-cover"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-r from-neutral/95 via-neutral/85 to-neutral/60"
      />
      <div className="mx-auto flex min-h-[26rem] max-w-7xl flex-col justify-center px-4 py-16 sm:px-6 lg:min-h-[32rem]">
        <h1
          id="hero-heading"
          className="max-w-3xl text-4xl font-extrabold tracking-tight text-white sm:text-5xl lg:text-6xl"
        >
          {messages.home.heroTitle(shopName)}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-neutral-content sm:text-xl">{messages.home.heroText}</p>
        <div className="mt-8">
          <Link to={paths.parts.href()} className="btn btn-accent btn-lg">
            {messages.home.shopNow}
          </Link>
        </div>
      </div>
    </section>
  );
}
