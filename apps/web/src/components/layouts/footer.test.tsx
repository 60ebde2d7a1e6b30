import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Footer } from './footer';

function renderFooter(shopName = 'PartsForge') {
  const router = createMemoryRouter([{ path: '/', element: <Footer shopName={shopName} /> }]);
  return render(<RouterProvider router={router} />);
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
});
