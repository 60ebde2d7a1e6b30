import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createTestQueryClient } from '@/testing/render-app';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { server } from '@/testing/server';
import { Footer } from './footer';

function renderFooter(shopName = 'PartsForge') {
  const router = createMemoryRouter([{ path: '/', element: <Footer shopName={shopName} /> }]);
  return render(
    <AppProvider queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('Footer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the copyright with the current year, computed when it renders', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-15T12:00:00Z'));
    renderFooter('Axle & Co');
    expect(screen.getByText('© 2031 Axle & Co')).toBeTruthy();
  });

  it('says manufacturing since 1992 and links to the company pages', () => {
    renderFooter();
    expect(screen.getByRole('contentinfo').textContent).toContain('manufacturing since 1992');
    expect(screen.getByText(`© ${new Date().getFullYear()} PartsForge`)).toBeTruthy();
    const company = screen.getByRole('navigation', { name: 'Company links' });
    expect(
      Array.from(company.querySelectorAll('a')).map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['About Us', '/aboutus'],
      ['Contact Us', '/contactus'],
      ['My Portfolio', '/myportfolio'],
    ]);
  });

  it('offers Login to a visitor', async () => {
    renderFooter();
    const resources = screen.getByRole('navigation', { name: 'Resources links' });
    expect((await within(resources).findByRole('link', { name: 'Login' })).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('offers Dashboard, not Login, to a signed-in user', async () => {
    server.use(...sessionOf(customerFixture).handlers);
    renderFooter();
    const resources = screen.getByRole('navigation', { name: 'Resources links' });
    expect((await within(resources).findByRole('link', { name: 'Dashboard' })).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(within(resources).queryByRole('link', { name: 'Login' })).toBeNull();
  });
});
