import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

describe('/signup', () => {
  it.each([
    [{ email: 'ann@example.com', password: 'secret12' }, 'Name is Required'],
    [{ name: 'Ann', password: 'secret12' }, 'Email is Required'],
    [{ name: 'Ann', email: 'ann@', password: 'secret12' }, 'Provide a valid Email'],
    [{ name: 'Ann', email: 'ann@example.com' }, 'Password is Required'],
    [{ name: 'Ann', email: 'ann@example.com', password: 'abc' }, 'Password must be 8 characters or longer'],
    [
      { name: 'Ann', email: 'ann@example.com', password: 'seven77' },
      'Password must be 8 characters or longer',
    ],
  ])('shows the message for %j: %s', async (input: Record<string, string>, message) => {
    const { user } = renderApp('/signup');
    if (input.name) await user.type(await screen.findByLabelText('Name'), input.name);
    if (input.email) await user.type(await screen.findByLabelText('Email'), input.email);
    if (input.password) await user.type(await screen.findByLabelText('Password'), input.password);
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('signs up, lands on the home page and shows the display name; a taken email shows the provider message', async () => {
    const { session, handlers } = sessionOf(customerFixture, { signedIn: false });
    server.use(
      ...handlers,
      http.post('/api/auth/sign-up/email', async ({ request }) => {
        const body = (await request.json()) as { email: string };
        if (body.email === 'taken@example.com')
          return apiError(422, 'User already exists. Use another email.');
        session.signedIn = true;
        return HttpResponse.json({ token: 'session-token', user: customerFixture });
      }),
    );
    const { user, router } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Name'), customerFixture.name);
    await user.type(screen.getByLabelText('Email'), 'taken@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByRole('alert')).textContent).toBe('User already exists. Use another email.');

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), customerFixture.email);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to PartsForge' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    // The account's address was sent a verification link: the buyer is told where.
    expect(
      await screen.findByText(
        `Welcome! We sent a verification link to ${customerFixture.email}. Open it to verify your email.`,
      ),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByText('Casey Customer')).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });
});
