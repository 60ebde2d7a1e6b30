import { MANUFACTURING_SINCE } from '@partsforge/shared/constants';
import { messages } from '@partsforge/shared/messages';
import { Link } from 'react-router';
import { useSession } from '@/lib/auth/use-session';
import { BrandLogo } from './brand-logo';
import { paths } from '@/lib/paths';

const linkGroups = [
  {
    title: messages.footer.companyLinks,
    links: [
      { to: paths.aboutUs.href(), label: messages.nav.aboutUs },
      { to: paths.contactUs.href(), label: messages.nav.contactUs },
      { to: paths.myPortfolio.href(), label: messages.nav.myPortfolio },
    ],
  },
  {
    title: messages.footer.resourceLinks,
    links: [
      { to: paths.home.href(), label: messages.nav.home },
      { to: paths.blogs.href(), label: messages.nav.blogs },
    ],
  },
] as const;

/**
 * Company and resource links, the tagline and the copyright with the year computed at render. The resource
 * links end with Login for a visitor and Dashboard for a signed-in user (never Login to someone signed in).
 */
export function Footer({ shopName }: { shopName: string }) {
  const year = new Date().getFullYear();
  const { user, isAdmin, isLoading } = useSession();
  const accountLink = user
    ? {
        // An admin's dashboard home is Overview (docs/requirements.md §13).
        to: isAdmin ? paths.dashboard.overview.href() : paths.dashboard.root.href(),
        label: messages.nav.dashboard,
      }
    : isLoading
      ? null
      : { to: paths.login.href(), label: messages.nav.login };
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div>
          <p className="flex items-center gap-2 text-xl font-bold text-white">
            <BrandLogo />
            {shopName}
          </p>
          <p className="mt-3 max-w-sm text-neutral-content/85">
            {messages.footer.tagline(MANUFACTURING_SINCE)}
          </p>
        </div>
        {linkGroups.map((group) => (
          <nav key={group.title} aria-label={`${group.title} links`}>
            <h2 className="text-sm font-semibold tracking-wider text-white uppercase">{group.title}</h2>
            <ul className="mt-3 space-y-2">
              {[
                ...group.links,
                ...(group.title === messages.footer.resourceLinks && accountLink ? [accountLink] : []),
              ].map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="link-hover rounded-field text-neutral-content/85 hover:text-white"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-4 text-sm text-neutral-content/85 sm:px-6">
          {messages.footer.copyright(year, shopName)}
        </p>
      </div>
    </footer>
  );
}
