import type { MyCompany } from '@partsforge/shared/companies';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_ID,
  buyerFixture,
  COMPANY_ID,
  myCompanyFixture,
  myCompanyHandler,
} from '@/testing/handlers/companies';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const invitation = {
  _id: 'inv-1',
  email: 'new@example.com',
  role: 'buyer' as const,
  spendingLimit: 300,
  expiresAt: '2026-12-01T09:00:00.000Z',
  createdAt: '2026-11-24T09:00:00.000Z',
};

/** Signed in as the customer fixture, with `handlers` (newest first). */
function signedIn(...handlers: RequestHandler[]) {
  server.use(...sessionOf(customerFixture).handlers, ...handlers);
}

/** The company of the customer fixture, as a live value the handlers read and the test changes. */
function companyState(initial: MyCompany | null) {
  const state = { company: initial };
  const handler = http.get('/api/companies/mine', () =>
    state.company ? HttpResponse.json(state.company) : apiError(404, 'You do not belong to a company.'),
  );
  return { state, handler };
}

const invitationsHandler = (list: unknown[]) =>
  http.get('/api/companies/mine/invitations', () => HttpResponse.json(list));

function menuLinks() {
  const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('/dashboard/company', () => {
  it('lets a customer in no company create one, then shows it', async () => {
    const { state, handler } = companyState(null);
    let sent: unknown;
    signedIn(
      handler,
      invitationsHandler([]),
      http.post('/api/companies', async ({ request }) => {
        sent = await request.json();
        state.company = myCompanyFixture('owner', {
          members: [myCompanyFixture().members[0]!],
          addresses: [],
        });
        return HttpResponse.json(
          { _id: COMPANY_ID, name: 'Acme Garage', taxId: 'US-1', createdAt: '2026-11-01T09:00:00.000Z' },
          { status: 201 },
        );
      }),
    );
    const { user } = renderApp('/dashboard/company');
    expect(await screen.findByRole('heading', { level: 1, name: 'Company' })).toBeTruthy();
    expect(menuLinks()).toEqual(['My Orders', 'Company', 'My Returns', 'Add A Review', 'My Profile']);
    await user.click(await screen.findByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('Company name is required')).toBeTruthy();

    await user.type(screen.getByLabelText('Company name'), 'Acme Garage');
    await user.type(screen.getByLabelText('Tax ID'), 'US-1');
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('Acme Garage was created')).toBeTruthy();
    expect(sent).toEqual({ name: 'Acme Garage', taxId: 'US-1' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Acme Garage' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Members' })).toBeTruthy();
    // Owners get Approvals in the menu.
    await waitFor(() =>
      expect(menuLinks()).toEqual([
        'My Orders',
        'Company',
        'Approvals',
        'Account',
        'My Returns',
        'Add A Review',
        'My Profile',
      ]),
    );
  }, 15_000);

  it('shows a refused creation in the form', async () => {
    signedIn(http.post('/api/companies', () => apiError(409, 'You already belong to a company.')));
    const { user } = renderApp('/dashboard/company');
    await user.type(await screen.findByLabelText('Company name'), 'Acme Garage');
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You already belong to a company.');
  });

  it('shows the owner the company, members with their limits, and invites a member', async () => {
    const invitations: unknown[] = [];
    const sent: unknown[] = [];
    signedIn(
      myCompanyHandler(myCompanyFixture('owner')),
      http.get('/api/companies/mine/invitations', () => HttpResponse.json(invitations)),
      http.post('/api/companies/mine/invitations', async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        invitations.push(invitation);
        return HttpResponse.json(invitation, { status: 201 });
      }),
    );
    const { user } = renderApp('/dashboard/company');
    expect(await screen.findByRole('heading', { level: 2, name: 'Acme Garage' })).toBeTruthy();
    expect(screen.getByText('US-12-3456789')).toBeTruthy();
    const members = screen.getByRole('table', { name: 'Members of the company' });
    const bo = within(members).getByRole('row', { name: /Bo Buyer/ });
    expect(within(bo).getByText('Buyer')).toBeTruthy();
    expect(within(bo).getByText('$250.00')).toBeTruthy();
    const me = within(members).getByRole('row', { name: /Casey Customer/ });
    expect(within(me).getByText('No limit')).toBeTruthy();
    expect(within(me).queryByRole('button')).toBeNull();
    expect(await screen.findByText('No pending invitations.')).toBeTruthy();

    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Spending limit'), '300');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com')).toBeTruthy();
    expect(sent).toEqual([{ email: 'new@example.com', role: 'buyer', spendingLimit: 300 }]);
    const pending = await screen.findByRole('table', { name: 'Invitations not yet accepted' });
    expect(within(pending).getByText('new@example.com')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  }, 15_000);

  it('invites a manager without a limit, and refuses a bad email', async () => {
    const sent: unknown[] = [];
    signedIn(
      myCompanyHandler(myCompanyFixture('manager')),
      invitationsHandler([]),
      http.post('/api/companies/mine/invitations', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...invitation, role: 'manager', spendingLimit: null }, { status: 201 });
      }),
    );
    const { user } = renderApp('/dashboard/company');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Provide a valid Email')).toBeTruthy();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'Manager');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(sent).toEqual([{ email: 'new@example.com', role: 'manager' }]));
  }, 15_000);

  it('revokes a pending invitation after a confirmation', async () => {
    let revoked = '';
    signedIn(
      myCompanyHandler(myCompanyFixture('owner')),
      invitationsHandler([invitation]),
      http.delete('/api/companies/mine/invitations/:id', ({ params }) => {
        revoked = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/dashboard/company');
    await user.click(await screen.findByRole('button', { name: 'Revoke the invitation to new@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep invitation' }));
    expect(revoked).toBe('');
    await user.click(screen.getByRole('button', { name: 'Revoke the invitation to new@example.com' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke invitation' }),
    );
    expect(await screen.findByText('The invitation to new@example.com was revoked')).toBeTruthy();
    expect(revoked).toBe('inv-1');
  });

  it('removes a member only after a confirmation', async () => {
    const { state, handler } = companyState(myCompanyFixture('owner'));
    const removed: string[] = [];
    signedIn(
      handler,
      invitationsHandler([]),
      http.delete('/api/companies/mine/members/:userId', ({ params }) => {
        removed.push(String(params.userId));
        state.company = { ...state.company!, members: [state.company!.members[0]!] };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/dashboard/company');
    await user.click(await screen.findByRole('button', { name: 'Remove Bo Buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Bo Buyer from the company?' });
    expect(within(dialog).getByText(/Bo Buyer \(bo@example.com\) will no longer order/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep member' }));
    expect(removed).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove Bo Buyer' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove member' }),
    );
    expect(await screen.findByText('Bo Buyer was removed from the company')).toBeTruthy();
    expect(removed).toEqual([buyerFixture.userId]);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Bo Buyer/ })).toBeNull());
  });

  it("changes a member's role and spending limit in a dialog, and shows the server's refusal", async () => {
    const sent: unknown[] = [];
    signedIn(
      myCompanyHandler(myCompanyFixture('owner')),
      invitationsHandler([]),
      http.patch('/api/companies/mine/members/:userId', async ({ request }) => {
        sent.push(await request.json());
        return sent.length === 1
          ? apiError(409, 'A company keeps at least one owner: make another member owner first.')
          : HttpResponse.json({ ...buyerFixture, spendingLimit: 750 });
      }),
    );
    const { user } = renderApp('/dashboard/company');
    await user.click(await screen.findByRole('button', { name: 'Change Bo Buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Bo Buyer' });
    const limit = within(dialog).getByLabelText('Spending limit per order (USD)') as HTMLInputElement;
    expect(limit.value).toBe('250');
    await user.clear(limit);
    await user.type(limit, '750');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/at least one owner/);
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Manager');
    await user.clear(limit);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved the changes to Bo Buyer')).toBeTruthy();
    expect(sent).toEqual([
      { role: 'buyer', spendingLimit: 750 },
      { role: 'manager', spendingLimit: null },
    ]);
  }, 15_000);

  it('adds, edits and deletes (after a confirmation) addresses of the book', async () => {
    const calls: string[] = [];
    const bodies: unknown[] = [];
    const saved = (body: Record<string, unknown>, id: string) =>
      HttpResponse.json({ _id: id, line2: null, ...body });
    signedIn(
      myCompanyHandler(myCompanyFixture('manager')),
      invitationsHandler([]),
      http.post('/api/companies/mine/addresses', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        calls.push('POST');
        bodies.push(body);
        return saved(body, 'new-address');
      }),
      http.put('/api/companies/mine/addresses/:id', async ({ request, params }) => {
        const body = (await request.json()) as Record<string, unknown>;
        calls.push(`PUT ${String(params.id)}`);
        bodies.push(body);
        return saved(body, String(params.id));
      }),
      http.delete('/api/companies/mine/addresses/:id', ({ params }) => {
        calls.push(`DELETE ${String(params.id)}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/dashboard/company');
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add an address' });
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(dialog).findByText('Label is required')).toBeTruthy();
    expect(within(dialog).getByText('Country must be a two-letter ISO 3166-1 code, e.g. US')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Label'), 'Warehouse');
    await user.type(within(dialog).getByLabelText('Address line 1'), '5 Dock Street');
    await user.type(within(dialog).getByLabelText('City'), 'Ogdenville');
    await user.type(within(dialog).getByLabelText('Region'), 'IL');
    await user.type(within(dialog).getByLabelText('Postal code'), '62999');
    await user.type(within(dialog).getByLabelText('Country (two-letter code)'), 'us');
    await user.type(within(dialog).getByLabelText('Phone'), '555-0123');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Saved Warehouse')).toBeTruthy();
    expect(bodies[0]).toEqual({
      label: 'Warehouse',
      line1: '5 Dock Street',
      city: 'Ogdenville',
      region: 'IL',
      postalCode: '62999',
      country: 'US',
      phone: '555-0123',
    });

    await user.click(screen.getByRole('button', { name: 'Edit Main depot' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Main depot' });
    const city = within(dialog).getByLabelText('City') as HTMLInputElement;
    expect(city.value).toBe('Springfield');
    await user.clear(city);
    await user.type(city, 'Capital City');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Saved Main depot')).toBeTruthy();
    expect(bodies[1]).toMatchObject({ label: 'Main depot', city: 'Capital City', country: 'US' });

    await user.click(screen.getByRole('button', { name: 'Delete Main depot' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Main depot?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete address' }));
    expect(await screen.findByText('Deleted Main depot')).toBeTruthy();
    expect(calls).toEqual(['POST', `PUT ${ADDRESS_ID}`, `DELETE ${ADDRESS_ID}`]);
  }, 20_000);

  it('shows a buyer the company read-only: no member actions, invitations or address editing', async () => {
    signedIn(myCompanyHandler(myCompanyFixture('buyer')));
    renderApp('/dashboard/company');
    expect(await screen.findByRole('heading', { level: 2, name: 'Acme Garage' })).toBeTruthy();
    expect(screen.getByText('Main depot')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove Bo Buyer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Pending invitations' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add address' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Main depot' })).toBeNull();
    expect(menuLinks()).toEqual(['My Orders', 'Company', 'My Returns', 'Add A Review', 'My Profile']);
  });
});
