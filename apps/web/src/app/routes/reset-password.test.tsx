import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { requestLog, server } from '@/testing/server';

const invalid = 'This reset link is invalid, expired or already used. Ask for a new one.';

describe('/reset-password', () => {
  it('has labelled password fields and checks them with the sign-up rules', async () => {
    const log = requestLog();
    const { user } = renderApp('/reset-password?token=abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset password' })).toBeTruthy();
    const password = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm password');
    expect(password.getAttribute('type')).toBe('password');
    expect(confirm.getAttribute('type')).toBe('password');

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password is Required')).toBeTruthy();
    await user.type(password, 'seven77');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be 8 characters or longer')).toBeTruthy();
    await user.clear(password);
    await user.type(password, 'a-new-password');
    await user.type(confirm, 'another-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(log.some((request) => request.includes('reset-password'))).toBe(false);
  });

  it('sets the new password with the link token, then says so and links to Login', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/reset-password', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your password has been reset and every session of your account was signed out. Log in with your new password.',
    );
    expect(bodies).toEqual([{ token: 'abc123', newPassword: 'a-new-password' }]);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('shows an expired or used link in red, with a way to ask for a new one', async () => {
    server.use(
      http.post('/api/auth/reset-password', () => apiError(400, invalid, { code: 'INVALID_TOKEN' })),
    );
    const { user } = renderApp('/reset-password?token=used');
    await user.type(await screen.findByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(invalid);
    expect(alert.className).toContain('text-error');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('says a link without a token is invalid, without a form', async () => {
    renderApp('/reset-password');
    expect((await screen.findByRole('alert')).textContent).toBe(invalid);
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  });
});
