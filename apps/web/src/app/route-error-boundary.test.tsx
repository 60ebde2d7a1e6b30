import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageSpinner } from '@/components/page-spinner';
import { loadChunk } from '@/lib/chunk-load';
import { allowConsoleError } from '@/testing/setup';
import { renderApp } from '@/testing/render-app';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('Cannot read properties of undefined (reading "price")');
}

/** The app's layout and error boundaries around a page whose chunk fails and a page that throws. */
const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: PageSpinner,
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { index: true, element: <h1>Start</h1> },
          {
            path: 'blogs',
            lazy: async () => {
              await loadChunk('blogs', () =>
                Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
              );
              return {};
            },
          },
          { path: 'broken', Component: Broken },
        ],
      },
    ],
  },
];

describe('route error boundary', () => {
  it('shows "Loading chunk {name} failed" with a Reload button, inside the layout, when a page chunk fails', async () => {
    renderApp('/blogs', routes);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1, name: 'Loading chunk blogs failed' })).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeTruthy();
    // The navbar and footer stay, so the visitor can still go elsewhere.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('shows the chunk error after a client-side navigation too', async () => {
    const { user } = renderApp('/', routes);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Blogs' }),
    );
    expect(await screen.findByRole('heading', { name: 'Loading chunk blogs failed' })).toBeTruthy();
  });

  it('shows a generic error view for other errors', async () => {
    allowConsoleError(); // React reports the error caught by the boundary.
    renderApp('/broken', routes);

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Cannot read properties of undefined (reading "price")')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});
