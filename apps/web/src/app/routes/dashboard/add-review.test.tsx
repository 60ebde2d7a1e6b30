import type { Review } from '@partsforge/shared/catalog';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { partsFixture } from '@/testing/api-fixtures';
import { customerFixture, sessionOf } from '@/testing/handlers/identity';
import { apiError } from '@/testing/handlers/respond';
import { reviewsHandler } from '@/testing/handlers/reviews';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const pads = partsFixture[0]!;

/**
 * Signed in as a customer, with the part `pads`; `POST /api/review` answers `answer` (201 by default) and, once
 * it has saved one, `GET /api/review?part=` lists it. Returns the bodies sent.
 */
function reviewApi(answer?: () => Response) {
  const sent: Record<string, unknown>[] = [];
  const saved: Record<string, Review[]> = {};
  server.use(
    ...sessionOf(customerFixture).handlers,
    http.get('/api/parts/:id', ({ params }) =>
      params.id === pads._id ? HttpResponse.json(pads) : apiError(404, 'Part not found'),
    ),
    http.get('/api/parts/:id/fitment', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    http.post('/api/review', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      if (answer) return answer();
      const partId = body.partId as string;
      saved[partId] = [
        {
          _id: 'rev-new',
          name: body.name as string,
          img: body.img as string,
          description: body.description as string,
          rating: body.rating as number,
          partId,
        },
      ];
      return HttpResponse.json({ insertedId: 'rev-new' }, { status: 201 });
    }),
    reviewsHandler(saved),
  );
  return sent;
}

describe('/dashboard/addreview?part= (docs/requirements.md §12)', () => {
  it("names the part, sends its partId and returns to the part's page, where the review shows", async () => {
    const sent = reviewApi();
    const { user, router } = renderApp(`/dashboard/addreview?part=${pads._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add A Review' })).toBeTruthy();
    expect(await screen.findByText(`Reviewing: ${pads.name}`)).toBeTruthy();
    await user.type(screen.getByLabelText('Description'), 'Quiet and no dust.');
    await user.type(screen.getByLabelText('Rating (1 to 5 stars)'), '4');
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/me.png');
    await user.click(screen.getByRole('button', { name: 'Add Review' }));

    expect(await screen.findByText('Successfully added your review')).toBeTruthy();
    expect(sent).toEqual([
      {
        name: customerFixture.name,
        description: 'Quiet and no dust.',
        rating: 4,
        img: 'https://example.com/me.png',
        partId: pads._id,
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/parts/${pads._id}`));
    const section = await screen.findByRole('region', { name: 'Reviews of this part' });
    expect(await within(section).findByText('Quiet and no dust.')).toBeTruthy();
  });

  it('stays with the text kept when the review is refused', async () => {
    const sent = reviewApi(() =>
      apiError(400, 'Invalid request: partId must be the id of an existing part', {
        errors: { partId: 'partId must be the id of an existing part' },
      }),
    );
    const { user, router } = renderApp(`/dashboard/addreview?part=${pads._id}`);
    await screen.findByText(`Reviewing: ${pads.name}`);
    const description = screen.getByLabelText('Description') as HTMLTextAreaElement;
    await user.type(description, 'Fits well.');
    await user.type(screen.getByLabelText('Rating (1 to 5 stars)'), '5');
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/me.png');
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    expect(await screen.findByText('Failed to add review')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(description.value).toBe('Fits well.');
    expect(router.state.location.pathname).toBe('/dashboard/addreview');
  });

  it('says "Part not found" for an unknown part, without the form', async () => {
    reviewApi();
    renderApp('/dashboard/addreview?part=7b1f6a3e-0c4d-4e8a-9f1b-0000000000ff');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Part not found');
    expect(alert.textContent).toContain('This part does not exist or was removed from the catalogue.');
    expect(within(alert).getByRole('link', { name: 'Browse parts' }).getAttribute('href')).toBe('/parts');
    expect(screen.queryByRole('button', { name: 'Add Review' })).toBeNull();
    expect(screen.queryByText(/^Reviewing:/)).toBeNull();
  });

  it('shows a part that cannot be loaded with "Try again"', async () => {
    reviewApi();
    let calls = 0;
    server.use(
      http.get('/api/parts/:id', () => {
        calls += 1;
        return calls === 1 ? apiError(503, 'The database is unavailable.') : HttpResponse.json(pads);
      }),
    );
    const { user } = renderApp(`/dashboard/addreview?part=${pads._id}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The part to review could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(`Reviewing: ${pads.name}`)).toBeTruthy();
  });

  it('without ?part, is the shop-wide review form, naming no part', async () => {
    reviewApi();
    renderApp('/dashboard/addreview');
    expect(await screen.findByRole('button', { name: 'Add Review' })).toBeTruthy();
    expect(screen.queryByText(/^Reviewing:/)).toBeNull();
  });
});
