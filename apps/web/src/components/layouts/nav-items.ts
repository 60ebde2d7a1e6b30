import { messages } from '@partsforge/shared/messages';
import { paths } from '@/lib/paths';

/** Public navbar links (docs/requirements.md §2, Navigation); the navbar adds the signed-in items (Dashboard, name, Sign Out). */
export const navItems = [
  { to: paths.home.href(), label: messages.nav.home, end: true },
  { to: paths.parts.href(), label: messages.nav.parts, end: false },
  { to: paths.aboutUs.href(), label: messages.nav.aboutUs, end: false },
  { to: paths.contactUs.href(), label: messages.nav.contactUs, end: false },
  { to: paths.blogs.href(), label: messages.nav.blogs, end: false },
  { to: paths.myPortfolio.href(), label: messages.nav.myPortfolio, end: false },
] as const;
