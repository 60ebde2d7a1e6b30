import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createTestQueryClient } from '@/testing/render-app';
import { RequireAdmin } from '@/app/guards/require-admin';
import { adminFixture, customerFixture, sessionOf } from '@/testing/handlers/identity';
import { requestLog, server } from '@/testing/server';
import { Navbar } from './navbar';

function renderNavbar(cartLines?: number | null) {
  const router = createMemoryRouter(
    [{ path: '*', element: <Navbar shopName="PartsForge" cartLines={cartLines} /> }],
    {
      initialEntries: ['/blogs'],
    },
  );
  render(
    <AppProvider queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, user: userEvent.setup() };
}

describe('Navbar', () => {
  it('links to the public pages and Login, marking the current one', async () => {
    renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Login' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['PartsForge', '/'],
      ['Home', '/'],
      ['Parts', '/parts'],
      ['About Us', '/aboutus'],
      ['Contact Us', '/contactus'],
      ['Blogs', '/blogs'],
      ['My Portfolio', '/myportfolio'],
      ['Login', '/login'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Blogs' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('shows Dashboard, the display name and Sign Out when signed in; Sign Out clears the token', async () => {
    server.use(...sessionOf(customerFixture).handlers);
    const log = requestLog();
    const { user } = renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect((await within(nav).findByRole('link', { name: 'Dashboard' })).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(within(nav).getByText('Casey Customer')).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Login' })).toBeNull();
    expect(localStorage.getItem('accessToken')).toMatch(/^ey/);

    await user.click(within(nav).getByRole('button', { name: 'Sign Out' }));
    await within(nav).findByRole('link', { name: 'Login' });
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(log).toContain('POST /api/auth/sign-out');
  });

  it('Sign Out on an admin page lands on the home page even while the home page is still loading', async () => {
    server.use(...sessionOf(adminFixture).handlers);
    // The home page's loader answers only when the test says: the session ends while it is pending.
    let homeLoaded = () => {};
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <Navbar shopName="PartsForge" />
              <Outlet />
            </>
          ),
          children: [
            {
              index: true,
              loader: () => new Promise((done) => (homeLoaded = () => done(null))),
              element: <p>Home page</p>,
            },
            {
              path: 'admin',
              element: (
                <RequireAdmin>
                  <p>Admin page</p>
                </RequireAdmin>
              ),
            },
          ],
        },
        { path: '/login', element: <p>Login page</p> },
      ],
      { initialEntries: ['/admin'] },
    );
    render(
      <AppProvider queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    const user = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await screen.findByText('Admin page');
    await user.click(within(nav).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    // Still signed in while the home page loads.
    expect(localStorage.getItem('accessToken')).toMatch(/^ey/);
    act(() => homeLoaded());
    await within(nav).findByRole('link', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('Login page')).toBeNull();
  });

  it('shows "Cart (N)" with the number of cart lines, and Quick order to a signed-in customer', async () => {
    server.use(...sessionOf(customerFixture).handlers);
    renderNavbar(3);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect((await within(nav).findByRole('link', { name: 'Quick order' })).getAttribute('href')).toBe(
      '/quick-order',
    );
    expect(within(nav).getByRole('link', { name: 'Cart (3)' }).getAttribute('href')).toBe('/cart');
  });

  it('shows a visitor "Cart (0)" and no Quick order', async () => {
    renderNavbar(0);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Login' });
    expect(within(nav).getByRole('link', { name: 'Cart (0)' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Quick order' })).toBeNull();
  });

  it('opens and closes the phone menu with its button and with Escape', async () => {
    const { user, router } = renderNavbar();
    const button = screen.getByRole('button', { name: 'Open main menu' });
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hidden).toBe(true);

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Close main menu');
    expect(menu.hidden).toBe(false);

    await user.keyboard('{Escape}');
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(button);

    // Choosing a page closes the menu.
    await user.click(button);
    await user.click(within(menu).getByRole('link', { name: 'Contact Us' }));
    expect(router.state.location.pathname).toBe('/contactus');
    expect(menu.hidden).toBe(true);

    // Any other navigation (a footer link, the back button) closes it too.
    await user.click(button);
    expect(menu.hidden).toBe(false);
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/blogs');
    await waitFor(() => expect(menu.hidden).toBe(true));
  });
});
