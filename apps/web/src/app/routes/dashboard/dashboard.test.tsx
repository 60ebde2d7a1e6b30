import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { partsFixture } from '@/testing/api-fixtures';
import { adminFixture, customerFixture, sessionOf, type TestUser } from '@/testing/handlers/identity';
import { profileHandler, savedProfileFixture } from '@/testing/handlers/profiles';
import { apiError } from '@/testing/handlers/respond';
import { usersHandlers } from '@/testing/handlers/users';
import { renderApp } from '@/testing/render-app';
import { requestLog, server } from '@/testing/server';

function menuLinks() {
  const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

/** Signed in as `user` (with a saved profile) until the app calls sign-out; logs the requests from now on. */
function stubSession(user: TestUser) {
  const { session, handlers } = sessionOf(user);
  server.use(...handlers, ...usersHandlers(), profileHandler(user, savedProfileFixture));
  return { log: requestLog(), signedOut: () => !session.signedIn };
}

describe('/dashboard', () => {
  it('sends a signed-out visitor to /login, keeping where they were going', async () => {
    const { router } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard' } });
    expect(screen.getByRole('status').textContent).toBe('Please sign in to continue.');
  });

  it("shows a customer's profile and the customer menu: My Orders, Company, My Returns, Add A Review, My Profile", async () => {
    stubSession(customerFixture);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    expect(screen.getByText('casey@example.com')).toBeTruthy();
    expect(screen.getByText('Customer')).toBeTruthy();
    expect(await screen.findByText('Springfield')).toBeTruthy();
    expect(screen.getByText('BSc Mechanical Engineering')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Update Profile' }).getAttribute('href')).toBe('/updateprofile');
    expect(menuLinks()).toEqual([
      ['My Orders', '/dashboard/myorders'],
      ['Company', '/dashboard/company'],
      ['My Returns', '/dashboard/returns'],
      ['Add A Review', '/dashboard/addreview'],
      ['My Profile', '/dashboard/myprofile'],
    ]);
  });

  it('shows an admin the admin menu: Overview, My Profile, All Users, Manage All Orders, Manage Returns, Companies, Price levels, Receivables, Shipping methods, Tax rates, Add A Product, Manage Products', async () => {
    stubSession(adminFixture);
    renderApp('/dashboard/myprofile');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    expect(screen.getByText('Admin')).toBeTruthy();
    expect(menuLinks()).toEqual([
      ['Overview', '/dashboard/overview'],
      ['My Profile', '/dashboard/myprofile'],
      ['All Users', '/dashboard/users'],
      ['Manage All Orders', '/dashboard/manageorders'],
      ['Manage Returns', '/dashboard/manage-returns'],
      ['Companies', '/dashboard/companies'],
      ['Price levels', '/dashboard/price-levels'],
      ['Receivables', '/dashboard/receivables'],
      ['Shipping methods', '/dashboard/shipping-methods'],
      ['Tax rates', '/dashboard/tax-rates'],
      ['Add A Product', '/dashboard/addproduct'],
      ['Manage Products', '/dashboard/manageproducts'],
    ]);
  });

  it('shows a customer the Add A Review form with the rating messages for 0 and 6', async () => {
    stubSession(customerFixture);
    renderApp('/dashboard/addreview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add A Review' })).toBeTruthy();
    const rating = screen.getByLabelText('Rating (1 to 5 stars)');
    fireEvent.change(rating, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Review' }));
    expect(await screen.findByText('Rating must be 1 star')).toBeTruthy();
    expect(screen.getByText('Description is Required')).toBeTruthy();
    expect(screen.getByText('Image is Required')).toBeTruthy();
    fireEvent.change(rating, { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Review' }));
    expect(await screen.findByText('Rating can be maximum 5 star')).toBeTruthy();
  });

  it('saves a review and clears the form; a refused review keeps the text', async () => {
    stubSession(customerFixture);
    const sent: unknown[] = [];
    server.use(
      http.post('/api/review', async ({ request }) => {
        sent.push(await request.json());
        return sent.length === 1
          ? apiError(503, 'The database is unavailable.')
          : HttpResponse.json({ insertedId: 'rev-9' }, { status: 201 });
      }),
    );
    const { user } = renderApp('/dashboard/addreview');
    const description = (await screen.findByLabelText('Description')) as HTMLTextAreaElement;
    await user.type(description, 'Fast delivery.');
    await user.type(screen.getByLabelText('Rating (1 to 5 stars)'), '5');
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/me.png');
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    expect(await screen.findByText('Failed to add review')).toBeTruthy();
    expect(description.value).toBe('Fast delivery.');

    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    expect(await screen.findByText('Successfully added your review')).toBeTruthy();
    await waitFor(() => expect(description.value).toBe(''));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(customerFixture.name);
    expect(sent[1]).toEqual({
      name: customerFixture.name,
      description: 'Fast delivery.',
      rating: 5,
      img: 'https://example.com/me.png',
    });
  });

  it('signs a customer out and sends them to /login when they open an admin page', async () => {
    const { log, signedOut } = stubSession(customerFixture);
    const { router } = renderApp('/dashboard/users');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/users' } });
    expect(signedOut()).toBe(true);
    expect(await screen.findByText(/This page is for admins/)).toBeTruthy();
    expect(localStorage.getItem('accessToken')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Login' });
    expect(log.some((request) => request.startsWith('GET /api/user?'))).toBe(false);
  });

  it("sends an admin to /login from a customer's page, still signed in", async () => {
    const { signedOut } = stubSession(adminFixture);
    const { router } = renderApp('/dashboard/myorders');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/myorders' } });
    expect(signedOut()).toBe(false);
    expect(screen.getByText(/This page is for customers/)).toBeTruthy();
  });

  it('shows an admin the products table with Edit and Delete for each part', async () => {
    stubSession(adminFixture);
    renderApp('/dashboard/manageproducts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Products' })).toBeTruthy();
    const first = partsFixture[0]!;
    expect(await screen.findByRole('rowheader', { name: new RegExp(first.name) })).toBeTruthy();
    expect(screen.getByRole('link', { name: `Edit ${first.name}` }).getAttribute('href')).toBe(
      `/dashboard/manageproducts/${first._id}`,
    );
    expect(screen.getByRole('button', { name: `Delete ${first.name}` })).toBeTruthy();
  });

  it('shows prices in Manage Products as money with two decimals', async () => {
    stubSession(adminFixture);
    renderApp('/dashboard/manageproducts');
    const battery = partsFixture.find((part) => part.price === 189)!;
    const row = (await screen.findByRole('rowheader', { name: new RegExp(battery.name) })).closest('tr')!;
    expect(within(row).getByText('$189.00')).toBeTruthy();
  });

  it("shows the server's reason on the SKU field when the SKU is taken", async () => {
    const skuTaken = 'Another part already has this SKU';
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.post('/api/parts', () =>
        apiError(409, skuTaken, { code: 'SKU_TAKEN', errors: { sku: skuTaken } }),
      ),
    );
    renderApp('/dashboard/addproduct');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Wiper Blade' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'A wiper blade.' } });
    fireEvent.change(screen.getByLabelText('Available quantity'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Minimum order quantity'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Price (USD)'), { target: { value: '9.5' } });
    fireEvent.change(screen.getByLabelText('SKU (optional)'), { target: { value: 'TP-0001' } });
    fireEvent.change(screen.getByLabelText('Image URL'), { target: { value: 'https://example.com/w.png' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    const sku = screen.getByLabelText('SKU (optional)');
    await waitFor(() => expect(sku.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(skuTaken)).toBeTruthy();
    expect((sku as HTMLInputElement).value).toBe('TP-0001');
  });

  it("shows the server's reason under Add A Product when it names no field", async () => {
    stubSession(adminFixture);
    server.use(http.post('/api/parts', () => apiError(503, 'The database is unavailable.')));
    const { user } = renderApp('/dashboard/addproduct');
    await user.type(await screen.findByLabelText('Title'), 'Wiper Blade');
    await user.type(screen.getByLabelText('Description'), 'A wiper blade.');
    await user.type(screen.getByLabelText('Available quantity'), '10');
    await user.type(screen.getByLabelText('Minimum order quantity'), '2');
    await user.type(screen.getByLabelText('Price (USD)'), '9.5');
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/w.png');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    // The form's own alert, under the fields (the save toast is another alert).
    const alert = await screen.findByText('The database is unavailable.', {
      selector: 'form p[role="alert"]',
    });
    expect(alert.className).toContain('text-error');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Wiper Blade');
  });

  it('sends the pack size and quantity breaks, and names the broken rule of breaks out of order', async () => {
    stubSession(adminFixture);
    let sent: unknown;
    server.use(
      http.post('/api/parts', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ insertedId: '7b1f6a3e-0c4d-4e8a-9f1b-0000000000aa' }, { status: 201 });
      }),
    );
    const { user } = renderApp('/dashboard/addproduct');
    await user.type(await screen.findByLabelText('Title'), 'Oil Filter');
    await user.type(screen.getByLabelText('Description'), 'Spin-on filter.');
    await user.type(screen.getByLabelText('Available quantity'), '500');
    await user.type(screen.getByLabelText('Minimum order quantity'), '10');
    await user.type(screen.getByLabelText('Price (USD)'), '6.5');
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/f.png');
    await user.clear(screen.getByLabelText('Pack size'));
    await user.type(screen.getByLabelText('Pack size'), '10');
    await user.click(screen.getByRole('button', { name: 'Add a quantity break' }));
    await user.click(screen.getByRole('button', { name: 'Add a quantity break' }));
    await user.type(screen.getByLabelText('Break 1: from quantity'), '100');
    await user.type(screen.getByLabelText('Break 1: unit price'), '5.9');
    await user.type(screen.getByLabelText('Break 2: from quantity'), '50');
    await user.type(screen.getByLabelText('Break 2: unit price'), '5.5');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(
      await screen.findByText('Quantity break thresholds must be whole numbers in ascending order, above 1'),
    ).toBeTruthy();
    expect(sent).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Remove break 2' }));
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() =>
      expect(sent).toMatchObject({ packSize: 10, priceBreaks: [{ minQuantity: 100, price: 5.9 }] }),
    );
  });

  it('sends Weight (kg), 1 by default, and refuses one with more than 3 decimals', async () => {
    stubSession(adminFixture);
    let sent: unknown;
    server.use(
      http.post('/api/parts', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ insertedId: '7b1f6a3e-0c4d-4e8a-9f1b-0000000000ab' }, { status: 201 });
      }),
    );
    const { user } = renderApp('/dashboard/addproduct');
    await user.type(await screen.findByLabelText('Title'), 'Car Battery');
    await user.type(screen.getByLabelText('Description'), 'Group 24F.');
    await user.type(screen.getByLabelText('Available quantity'), '20');
    await user.type(screen.getByLabelText('Minimum order quantity'), '1');
    await user.type(screen.getByLabelText('Price (USD)'), '129');
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/b.png');
    const weight = screen.getByLabelText('Weight (kg)') as HTMLInputElement;
    expect(weight.value).toBe('1');
    await user.clear(weight);
    await user.type(weight, '18.0005');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Weight (kg) can have at most 3 decimals')).toBeTruthy();
    expect(sent).toBeUndefined();
    await user.clear(weight);
    await user.type(weight, '18.25');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(sent).toMatchObject({ name: 'Car Battery', weightKg: 18.25 }));
  });

  it("shows Add A Product's messages for each empty field", async () => {
    stubSession(adminFixture);
    renderApp('/dashboard/addproduct');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Product' }));
    for (const message of [
      'Title is Required',
      'Description is Required',
      'Quantity is Required',
      'Minimum Order Quantity is Required',
      'Price is Required',
      'Image is Required',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
  });
});

describe('/updateprofile', () => {
  it('needs sign-in (docs/design.md item 6)', async () => {
    const { router } = renderApp('/updateprofile');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/updateprofile' } });
  });

  it('is the profile form, pre-filled with the saved profile, with the spec messages when emptied', async () => {
    stubSession(customerFixture);
    renderApp('/updateprofile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Update Profile' })).toBeTruthy();
    const city = await screen.findByLabelText('City');
    expect((city as HTMLInputElement).value).toBe('Springfield');
    fireEvent.change(city, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('City is Required')).toBeTruthy();
  });

  it('asks for the state, postal code and country and sends them (docs/requirements.md §16)', async () => {
    stubSession(customerFixture);
    let sent: unknown;
    server.use(
      http.put(`/api/profile/${encodeURIComponent(customerFixture.email)}`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ acknowledged: true });
      }),
    );
    const { user } = renderApp('/updateprofile');
    await user.type(await screen.findByLabelText('State or province'), 'IL');
    await user.type(screen.getByLabelText('Postal code'), '62701');
    await user.type(screen.getByLabelText('Country (two-letter code, e.g. US)'), 'US');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent).toMatchObject({ region: 'IL', postalCode: '62701', country: 'US' }));
  });
});
