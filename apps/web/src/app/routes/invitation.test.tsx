import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { myCompanyFixture } from '@/testing/handlers/companies';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const TOKEN = 'tok_abc123';

const preview = {
  companyName: 'Acme Garage',
  email: customerFixture.email,
  role: 'buyer' as const,
  invitedBy: 'Olga Owner',
  expiresAt: '2026-12-01T09:00:00.000Z',
};

const previewHandler = http.get(`/api/invitations/${TOKEN}`, () => HttpResponse.json(preview));

function signedIn(...handlers: RequestHandler[]) {
  server.use(...sessionOf(customerFixture).handlers, previewHandler, ...handlers);
}

describe('/invitations/:token', () => {
  it('shows a visitor the invitation with Sign in and Sign up, which come back here after signing in', async () => {
    const { session, handlers } = sessionOf(customerFixture, { signedIn: false });
    server.use(
      ...handlers,
      previewHandler,
      http.post('/api/auth/sign-in/email', () => {
        session.signedIn = true;
        return HttpResponse.json({ redirect: false, token: 'session-token', user: customerFixture });
      }),
    );
    const { user, router } = renderApp(`/invitations/${TOKEN}`);
    const card = await screen.findByRole('region', { name: 'Join Acme Garage' });
    expect(within(card).getByText('Olga Owner')).toBeTruthy();
    expect(within(card).getByText('Buyer')).toBeTruthy();
    expect(within(card).getByText(customerFixture.email)).toBeTruthy();
    expect(
      within(card).getByText(`Sign in or sign up as ${customerFixture.email} to accept the invitation.`),
    ).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();

    await user.click(within(card).getByRole('link', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await user.type(screen.getByLabelText('Email'), customerFixture.email);
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/invitations/${TOKEN}`);
  }, 15_000);

  it('comes back here after signing up', async () => {
    const { session, handlers } = sessionOf(customerFixture, { signedIn: false });
    server.use(
      ...handlers,
      previewHandler,
      http.post('/api/auth/sign-up/email', () => {
        session.signedIn = true;
        return HttpResponse.json({ token: 'session-token', user: customerFixture });
      }),
    );
    const { user, router } = renderApp(`/invitations/${TOKEN}`);
    await user.click(await screen.findByRole('link', { name: 'Sign up' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
    await user.type(screen.getByLabelText('Name'), customerFixture.name);
    await user.type(screen.getByLabelText('Email'), customerFixture.email);
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/invitations/${TOKEN}`);
  }, 15_000);

  it('accepts the invitation when signed in, then opens the company page with a toast', async () => {
    let accepted = 0;
    signedIn(
      http.post(`/api/invitations/${TOKEN}/accept`, () => {
        accepted += 1;
        return HttpResponse.json(myCompanyFixture('buyer'));
      }),
    );
    const { user, router } = renderApp(`/invitations/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('You joined Acme Garage')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/company'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Acme Garage' })).toBeTruthy();
    expect(accepted).toBe(1);
  });

  it('says so when signed in with another account (403) or already in a company (409)', async () => {
    const answers = [
      apiError(403, 'This invitation is for casey@example.com. Sign in with that address to accept it.'),
      apiError(409, 'You already belong to a company.'),
    ];
    signedIn(http.post(`/api/invitations/${TOKEN}/accept`, () => answers.shift()));
    const { user, router } = renderApp(`/invitations/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    let alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The invitation could not be accepted')).toBeTruthy();
    expect(
      within(alert).getByText(
        'This invitation is for casey@example.com. Sign in with that address to accept it.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    alert = await screen.findByRole('alert');
    expect(await within(alert).findByText('You already belong to a company.')).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Sign Out' })).toBeNull();
    expect(router.state.location.pathname).toBe(`/invitations/${TOKEN}`);
  });

  it('offers Sign Out after a 403, then Sign in and Sign up', async () => {
    signedIn(
      http.post(`/api/invitations/${TOKEN}/accept`, () =>
        apiError(403, 'This invitation is for casey@example.com. Sign in with that address to accept it.'),
      ),
    );
    const { user } = renderApp(`/invitations/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('says when the invitation is unknown, used or revoked', async () => {
    server.use(
      http.get(`/api/invitations/${TOKEN}`, () =>
        apiError(404, 'This invitation does not exist, was revoked or has already been used.'),
      ),
    );
    renderApp(`/invitations/${TOKEN}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This invitation cannot be used')).toBeTruthy();
    expect(
      within(alert).getByText('This invitation does not exist, was revoked or has already been used.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('says when the invitation has expired', async () => {
    server.use(
      http.get(`/api/invitations/${TOKEN}`, () =>
        apiError(410, 'This invitation has expired. Ask for a new one.'),
      ),
    );
    renderApp(`/invitations/${TOKEN}`);
    expect(await screen.findByText('This invitation has expired. Ask for a new one.')).toBeTruthy();
  });
});
