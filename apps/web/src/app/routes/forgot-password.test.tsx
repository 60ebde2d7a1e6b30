import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { requestLog, server } from '@/testing/server';

const requested =
  'If an account with a password uses this email, we sent it a link to reset the password. The link works once, for one hour.';

describe('/forgot-password', () => {
  it('is reached from the login page', async () => {
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('checks the email before asking', async () => {
    const log = requestLog();
    const { user } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is Required')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'ann.example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Provide a valid Email')).toBeTruthy();
    expect(log.some((request) => request.includes('request-password-reset'))).toBe(false);
  });

  it('sends the email and shows the same answer for any address, with a way back to Login', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/request-password-reset', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ status: true, message: requested });
      }),
    );
    const { user } = renderApp('/forgot-password');
    const email = await screen.findByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    await user.type(email, 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(requested);
    expect(bodies).toEqual([{ email: 'ann@example.com' }]);
    expect(screen.queryByRole('button', { name: 'Send reset link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
  });

  it('shows a refusal in red and keeps the form', async () => {
    server.use(
      http.post('/api/auth/request-password-reset', () =>
        apiError(429, 'Too many requests. Please wait a moment and try again.', { code: 'RATE_LIMITED' }),
      ),
    );
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many requests. Please wait a moment and try again.');
    expect(alert.className).toContain('text-error');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });
});
