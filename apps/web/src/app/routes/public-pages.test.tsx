import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';

describe('public placeholder and static pages', () => {
  it.each([
    ['/aboutus', 'About Us'],
    ['/contactus', 'Contact Us'],
  ])('%s shows the heading %s', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('/myportfolio shows a static portfolio with skills, three projects, education and contact links', async () => {
    renderApp('/myportfolio');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Portfolio' })).toBeTruthy();
    for (const name of ['Skills', 'Projects', 'Education', 'Contact']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    const projects = screen.getByRole('region', { name: 'Projects' });
    expect(projects.querySelectorAll('li h3')).toHaveLength(3);
    expect(screen.getByRole('link', { name: /^Email / }).getAttribute('href')).toMatch(/^mailto:/);
    // Offline-safe: no picture is loaded from another site.
    for (const image of document.querySelectorAll('img')) expect(image.getAttribute('src')).toMatch(/^\//);
  });

  it('sends a signed-out visitor from /purchase/:productId to /login, keeping where they were going', async () => {
    const { router } = renderApp('/purchase/7b1f6a3e-0c4d-4e8a-9f1b-000000000001');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/purchase/7b1f6a3e-0c4d-4e8a-9f1b-000000000001' },
    });
  });
});
