import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { dashboardHandler, emptyDashboardFixture } from '@/testing/handlers/dashboard';
import { adminFixture, customerFixture, sessionOf } from '@/testing/handlers/identity';
import { apiError } from '@/testing/handlers/respond';
import { renderApp } from '@/testing/render-app';
import { deferred, server } from '@/testing/server';

/** The rows of the table in the section headed `heading`, each as its cells' texts. */
function rowsOf(heading: string): string[][] {
  const section = screen.getByRole('region', { name: heading });
  return within(section)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('/dashboard/overview', () => {
  it('shows the revenue summary, orders by status, the top parts and low stock', async () => {
    server.use(...sessionOf(adminFixture).handlers, dashboardHandler());
    renderApp('/dashboard/overview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Revenue, last 30 days' })).toBeTruthy();
    // The chart is hidden from assistive technology; its caption and table say what it shows.
    expect(
      screen.getByText('$1,280.50 from 5 paid orders, Oct 27, 2026 to Nov 25, 2026 (UTC).'),
    ).toBeTruthy();
    const revenueTable = screen.getByRole('table', { name: 'Revenue per day (UTC)' });
    expect(within(revenueTable).getAllByRole('row')).toHaveLength(31);
    expect(within(revenueTable).getByRole('row', { name: 'Nov 24, 2026 $1,200.50 3' })).toBeTruthy();

    expect(rowsOf('Orders by status')).toEqual([
      ['Status', 'Orders'],
      ['Unpaid', '4'],
      ['Pending', '2'],
      ['Shipped', '3'],
      ['Cancelled', '1'],
      ['Expired', '0'],
    ]);
    expect(rowsOf('Top 10 parts by revenue')).toEqual([
      ['SKU', 'Name', 'Units', 'Revenue'],
      ['BP-TOY-48210', 'Ceramic Brake Pad Set', '40', '$1,000.00'],
      ['HL-H11-55W', 'H11 Headlight Bulb', '95', '$280.50'],
    ]);
    expect(rowsOf('Low stock')).toEqual([
      ['SKU', 'Name', 'In stock', 'Minimum'],
      ['WB-22-HYB', 'Hybrid Wiper Blade 22"', '0', '1'],
      ['SP-IRI-4', 'Iridium Spark Plug', '3', '8'],
    ]);
    expect(screen.getByRole('link', { name: 'Edit SP-IRI-4' }).getAttribute('href')).toBe(
      '/dashboard/manageproducts/p-plug',
    );
    expect(screen.getByText('Showing 2 of 3 parts.')).toBeTruthy();
  });

  it('says so when nothing has been sold and no part is low on stock', async () => {
    server.use(...sessionOf(adminFixture).handlers, dashboardHandler(emptyDashboardFixture));
    renderApp('/dashboard/overview');
    expect(await screen.findByText('No paid orders in the last 30 days.')).toBeTruthy();
    expect(screen.getByText('No orders yet.')).toBeTruthy();
    expect(screen.getByText('No part has been sold yet.')).toBeTruthy();
    expect(screen.getByText('Every part has at least its minimum order quantity in stock.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Edit / })).toBeNull();
  });

  it('shows a spinner while the figures load, and the error with Try again when they fail', async () => {
    const answer = deferred();
    let calls = 0;
    server.use(
      ...sessionOf(adminFixture).handlers,
      http.get('/api/admin/dashboard', async () => {
        calls += 1;
        await answer.promise;
        return apiError(503, 'The database is busy. Try again shortly.');
      }),
    );
    const { user } = renderApp('/dashboard/overview');
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeTruthy();
    answer.resolve();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The dashboard could not be loaded.')).toBeTruthy();
    expect(within(alert).getByText('The database is busy. Try again shortly.')).toBeTruthy();
    server.use(dashboardHandler());
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Top 10 parts by revenue' })).toBeTruthy();
    expect(calls).toBe(1);
  });

  it('is for admins only: a customer is sent to /login', async () => {
    server.use(...sessionOf(customerFixture).handlers);
    const { router } = renderApp('/dashboard/overview');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it("is where an admin's Dashboard link goes, and the first entry of the admin's menu", async () => {
    server.use(...sessionOf(adminFixture).handlers, dashboardHandler());
    renderApp('/dashboard/overview');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    const main = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(within(main).getAllByRole('link')[0]?.textContent).toBe('Overview');
    const dashboardLinks = await screen.findAllByRole('link', { name: 'Dashboard' });
    expect(dashboardLinks.map((link) => link.getAttribute('href'))).toContain('/dashboard/overview');
    expect(dashboardLinks.every((link) => link.getAttribute('href') === '/dashboard/overview')).toBe(true);
  });
});
