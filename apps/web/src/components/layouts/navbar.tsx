import { messages } from '@partsforge/shared/messages';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useMatch, useNavigate } from 'react-router';
import { useSession, useSignOut } from '@/lib/auth/use-session';
import { BrandLogo } from './brand-logo';
import { navItems } from './nav-items';
import { paths } from '@/lib/paths';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-field px-3 py-2 font-medium lg:px-2 lg:text-sm transition-colors hover:bg-white/10 ${
    isActive
      ? 'bg-white/15 text-white underline decoration-accent decoration-2 underline-offset-8'
      : 'text-neutral-content'
  }`;

interface NavbarProps {
  shopName: string;
  /**
   * Lines in the buyer's cart, shown as "Cart (N)" (docs/requirements.md §11); null or absent for no cart link
   * (an admin, or while the session loads). The app layer counts them (the cart is a feature).
   */
  cartLines?: number | null;
  /**
   * The My Garage control (docs/requirements.md §12: "the navbar shows the active vehicle"), drawn by the app
   * layer (vehicles are a feature): beside the shop name at every width. With it, phones show the logo without
   * the shop's name (still its link's name) so the bar fits 390 px.
   */
  garage?: ReactNode;
}

/** The cart's icon in the phone-width bar. */
function CartIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="size-5 shrink-0 sm:hidden"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" />
      <circle cx="9" cy="19" r="1.5" />
      <circle cx="17" cy="19" r="1.5" />
    </svg>
  );
}

/**
 * Top navigation (docs/requirements.md §2, Navigation): inline links from the lg breakpoint (1024 px; below it the
 * signed-in row does not fit and Sign Out was pushed off-screen), a disclosure menu behind a button below it.
 * Signed in, it adds Dashboard and the user's display name (inline only from xl, and always in the menu), and
 * Sign Out replaces Login. Visitors and customers see "Cart (N)" in the bar at every width, never only in the menu
 * (below 640 px as a cart icon with the count, its name still "Cart (N)"); customers also Quick order (inline from
 * 2xl, always in the menu; the cart page links to it at every width). The menu button keeps an accent focus ring
 * on the dark bar. `garage` (My Garage) sits beside the shop name at every width. So that a signed-in row with
 * the longest vehicle label and a long name fits one line from 1280 px, the inline links are 14 px, the shop's
 * name shows beside its logo only below 1024 px and from 1536 px (where the bar widens to 1536 px), and nothing
 * in the row wraps.
 */
export function Navbar({ shopName, cartLines = null, garage }: NavbarProps) {
  const location = useLocation();
  const { user, isAdmin, isNormalUser, isLoading } = useSession();
  // An admin's Dashboard opens their dashboard home, Overview (docs/requirements.md §13); it stays marked on every
  // dashboard page.
  const dashboardHref = isAdmin ? paths.dashboard.overview.href() : paths.dashboard.root.href();
  const inDashboard = useMatch({ path: paths.dashboard.root.pattern, end: false }) !== null;
  const dashboardLinkClass = ({ isActive }: { isActive: boolean }) =>
    linkClass({ isActive: isActive || inDashboard });
  const signOutNow = useSignOut();
  const navigate = useNavigate();
  // Signing out leaves for the home page first and ends the session only once the home page is on screen: a guarded
  // page still showing when the session ends (an admin's, say; the router renders a navigation as a transition, after
  // its loaders) would send the visitor to /login and keep itself as the place to return to after the next sign-in,
  // which may be another user's who could not open it.
  const signOutOnHome = useRef(false);
  const onHome = location.pathname === paths.home.href();
  useEffect(() => {
    if (!signOutOnHome.current || !onHome) return;
    signOutOnHome.current = false;
    void signOutNow();
  }, [location.key, onHome, signOutNow]);
  const signOut = () => {
    signOutOnHome.current = true;
    void navigate(paths.home.href());
  };
  // The menu is open for the page it was opened on: any navigation (menu, footer, back button) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.key;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? location.key : null);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 bg-neutral text-neutral-content shadow-md">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-2 sm:px-6 2xl:max-w-[96rem]"
      >
        <div className="flex min-w-0 items-center gap-2 sm:gap-4 lg:max-xl:gap-2">
          <Link
            to={paths.home.href()}
            className="flex shrink-0 items-center gap-2 rounded-field py-1 text-xl font-bold text-white"
            onClick={closeMenu}
          >
            <BrandLogo />
            <span className={garage ? 'max-sm:sr-only lg:max-2xl:sr-only' : undefined}>{shopName}</span>
          </Link>
          {garage}
        </div>

        <ul className="ml-auto flex min-w-0 items-center gap-0.5 lg:ml-0">
          {navItems.map((item) => (
            <li key={item.to} className="max-lg:hidden">
              <NavLink to={item.to} end={item.end} className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {user && isNormalUser ? (
            <li className="hidden 2xl:block">
              <NavLink to={paths.quickOrder.href()} className={linkClass}>
                {messages.cart.quickOrder}
              </NavLink>
            </li>
          ) : null}
          {cartLines !== null ? (
            <li>
              <NavLink
                to={paths.cart.href()}
                className={(state) => `${linkClass(state)} flex items-center gap-1`}
                onClick={closeMenu}
              >
                <CartIcon />
                <span className="max-sm:sr-only">{messages.cart.link(cartLines)}</span>
                <span aria-hidden="true" className="badge badge-sm badge-accent sm:hidden">
                  {cartLines}
                </span>
              </NavLink>
            </li>
          ) : null}
          {user ? (
            <>
              <li className="max-lg:hidden">
                <NavLink to={dashboardHref} className={dashboardLinkClass}>
                  {messages.nav.dashboard}
                </NavLink>
              </li>
              <li
                className="ml-1 hidden max-w-60 truncate text-sm font-semibold whitespace-nowrap text-white xl:block"
                title={user.name}
              >
                {user.name}
              </li>
              <li className="ml-2 shrink-0 max-lg:hidden">
                <button type="button" className="btn btn-accent btn-sm" onClick={signOut}>
                  {messages.nav.signOut}
                </button>
              </li>
            </>
          ) : isLoading ? null : (
            <li className="ml-2 max-lg:hidden">
              <NavLink to={paths.login.href()} className="btn btn-accent btn-sm">
                {messages.nav.login}
              </NavLink>
            </li>
          )}
        </ul>

        <button
          ref={menuButton}
          type="button"
          className="btn btn-ghost btn-square text-neutral-content hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? messages.common.closeMenu : messages.common.openMenu}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>

      <div id={menuId} hidden={!menuOpen} className="border-t border-white/10 lg:hidden">
        <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
          {navItems.map((item) => (
            <li key={item.to} className="flex">
              <NavLink
                to={item.to}
                end={item.end}
                className={(state) => `${linkClass(state)} w-full`}
                onClick={closeMenu}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          {user && isNormalUser ? (
            <li className="flex">
              <NavLink
                to={paths.quickOrder.href()}
                className={(state) => `${linkClass(state)} w-full`}
                onClick={closeMenu}
              >
                {messages.cart.quickOrder}
              </NavLink>
            </li>
          ) : null}
          {user ? (
            <>
              <li className="flex">
                <NavLink
                  to={dashboardHref}
                  className={(state) => `${dashboardLinkClass(state)} w-full`}
                  onClick={closeMenu}
                >
                  {messages.nav.dashboard}
                </NavLink>
              </li>
              <li className="mt-2 truncate px-3 font-semibold text-white">{user.name}</li>
              <li className="mt-2 flex">
                <button
                  type="button"
                  className="btn btn-accent w-full"
                  onClick={() => {
                    closeMenu();
                    signOut();
                  }}
                >
                  {messages.nav.signOut}
                </button>
              </li>
            </>
          ) : isLoading ? null : (
            <li className="mt-2 flex">
              <NavLink to={paths.login.href()} className="btn btn-accent w-full" onClick={closeMenu}>
                {messages.nav.login}
              </NavLink>
            </li>
          )}
        </ul>
      </div>
    </header>
  );
}
