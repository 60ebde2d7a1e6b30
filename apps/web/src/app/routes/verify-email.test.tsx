import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { deferred, server } from '@/testing/server';

describe('/verify-email', () => {
  it('verifies the link token while saying so, then says the email is verified', async () => {
    const answer = deferred();
    const tokens: (string | null)[] = [];
    server.use(
      http.get('/api/auth/verify-email', async ({ request }) => {
        tokens.push(new URL(request.url).searchParams.get('token'));
        await answer.promise;
        return HttpResponse.json({ status: true });
      }),
    );
    renderApp('/verify-email?token=jwt.token.here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email' })).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe('Verifying your email…');
    answer.resolve();
    expect(await screen.findByText('Your email is verified')).toBeTruthy();
    expect(tokens).toEqual(['jwt.token.here']);
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/parts');
  });

  it('says an expired link expired and lets a signed-in user send a new link', async () => {
    const { handlers } = sessionOf(customerFixture);
    let sent = 0;
    server.use(
      ...handlers,
      http.get('/api/auth/verify-email', () =>
        apiError(400, 'This verification link has expired.', { code: 'TOKEN_EXPIRED' }),
      ),
      http.post('/api/auth/send-verification-email', () => {
        sent += 1;
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderApp('/verify-email?token=old');
    expect((await screen.findByRole('alert')).textContent).toBe('This verification link has expired.');
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'We sent a new verification link to your email.',
    );
    expect(sent).toBe(1);
  });

  it("shows the server's refusal of a new link in red", async () => {
    const { handlers } = sessionOf(customerFixture);
    server.use(
      ...handlers,
      http.get('/api/auth/verify-email', () =>
        apiError(400, 'This verification link is invalid.', { code: 'INVALID_TOKEN' }),
      ),
      http.post('/api/auth/send-verification-email', () =>
        apiError(400, 'Your email is already verified.', { code: 'EMAIL_ALREADY_VERIFIED' }),
      ),
    );
    const { user } = renderApp('/verify-email?token=bad');
    expect(await screen.findByText('This verification link is invalid.')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText('Your email is already verified.')).toBeTruthy();
  });

  it('asks a visitor to log in for a new link, and says a link without a token is invalid', async () => {
    const { user, router } = renderApp('/verify-email');
    expect((await screen.findByRole('alert')).textContent).toBe('This verification link is invalid.');
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
    await user.click(await screen.findByRole('link', { name: 'Log in to get a new link.' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
