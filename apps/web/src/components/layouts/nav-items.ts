import { messages } from '@partsforge/shared';

/** Public navbar links (docs/requirements.md §2, Navigation); the navbar adds the signed-in items (Dashboard, name, Sign Out). */
export const navItems = [
  { to: '/', label: messages.nav.home, end: true },
  { to: '/parts', label: messages.nav.parts, end: false },
  { to: '/aboutus', label: messages.nav.aboutUs, end: false },
  { to: '/contactus', label: messages.nav.contactUs, end: false },
  { to: '/blogs', label: messages.nav.blogs, end: false },
  { to: '/myportfolio', label: messages.nav.myPortfolio, end: false },
] as const;
