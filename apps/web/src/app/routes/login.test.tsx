import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { profileHandler } from '@/testing/handlers/profiles';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { requestLog, server } from '@/testing/server';

describe('/login', () => {
  it('has labelled fields, a link to sign up and a Google button that says when Google is not configured', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByRole('link', { name: 'Create New Account' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(google.getAttribute('aria-describedby')).toBeTruthy());
    expect((google as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(google.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Google sign-in is not configured on this shop.',
    );
  });

  it.each([
    ['', 'secret1', 'Email is Required'],
    ['ann.example.com', 'secret1', 'Provide a valid Email'],
    ['ann@example.com', '', 'Password is Required'],
    ['ann@example.com', '12345', 'Password must be 6 characters or longer'],
  ])('shows the spec message for email %j and password %j', async (email, password, message) => {
    const log = requestLog();
    const { user } = renderApp('/login');
    if (email) await user.type(await screen.findByLabelText('Email'), email);
    if (password) await user.type(await screen.findByLabelText('Password'), password);
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(log.some((request) => request.includes('sign-in'))).toBe(false);
  });

  it("shows the identity provider's error in red", async () => {
    server.use(
      http.post('/api/auth/sign-in/email', () =>
        apiError(401, 'Invalid email or password', { code: 'INVALID_EMAIL_OR_PASSWORD' }),
      ),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid email or password');
    expect(alert.className).toContain('text-error');
  });

  it('shows why Google sign-in failed', async () => {
    renderApp('/login?error=account_not_linked');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This email already has an account with a password. Log in with your password to use it.',
    );
  });

  it('after login goes back to the page that sent the visitor here, signed in', async () => {
    const { session, handlers } = sessionOf(customerFixture, { signedIn: false });
    server.use(
      ...handlers,
      profileHandler(customerFixture),
      http.post('/api/auth/sign-in/email', () => {
        session.signedIn = true;
        return HttpResponse.json({ redirect: false, token: 'session-token', user: customerFixture });
      }),
    );
    const { user, router } = renderApp('/dashboard/myprofile');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText('Email'), customerFixture.email);
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/myprofile');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByText('Casey Customer')).toBeTruthy();
    expect(localStorage.getItem('accessToken')).toMatch(/^ey/);
  });
});
