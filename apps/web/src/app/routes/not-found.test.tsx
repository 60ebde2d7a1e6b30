import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';

describe('404 page', () => {
  it('answers an unknown path with 404-PAGE NOT FOUND and a way home', async () => {
    const { user, router } = renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: '404-PAGE NOT FOUND' })).toBeTruthy();
    const home = screen.getByRole('link', { name: 'Back to home' });
    expect(home.getAttribute('href')).toBe('/');

    await user.click(home);
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to PartsForge' })).toBeTruthy();
    expect(screen.queryByText('404-PAGE NOT FOUND')).toBeNull();
  });
});
