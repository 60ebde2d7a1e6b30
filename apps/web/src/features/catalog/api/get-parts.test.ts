import { SEARCH_VEHICLE_HEADER as sharedHeader } from '@partsforge/shared/fitment';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { partsFixture } from '@/testing/api-fixtures';
import { server } from '@/testing/server';
import { getParts, readSearchVehicle, SEARCH_VEHICLE_HEADER } from './get-parts';

const civic = {
  year: 2015,
  make: { slug: 'honda', name: 'Honda' },
  model: { slug: 'civic', name: 'Civic' },
  label: '2015 Honda Civic',
  remainder: 'brake pads',
};

describe('getParts (docs/requirements.md §12)', () => {
  it('uses the contract’s header name', () => {
    expect(SEARCH_VEHICLE_HEADER).toBe(sharedHeader);
  });

  it('sends the vehicle instead of the make filter, and reads the total and the understood vehicle', async () => {
    let url: URL | undefined;
    server.use(
      http.get('/api/parts', ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json(partsFixture.slice(0, 2), {
          headers: { 'X-Total-Count': '42', 'X-Search-Vehicle': encodeURIComponent(JSON.stringify(civic)) },
        });
      }),
    );
    const result = await getParts({
      limit: 12,
      q: ' 2015 honda civic brake pads ',
      make: 'd0000000-0000-4000-8000-000000000001',
      vehicle: { year: 2019, make: 'toyota', model: 'camry', engine: null },
    });
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      limit: '12',
      offset: '0',
      q: '2015 honda civic brake pads',
      year: '2019',
      make: 'toyota',
      model: 'camry',
    });
    expect(result.total).toBe(42);
    expect(result.data).toHaveLength(2);
    expect(result.searchVehicle).toEqual(civic);
  });

  it('throws the API’s error', async () => {
    server.use(
      http.get('/api/parts', () =>
        HttpResponse.json({ message: 'year, make and model filter by vehicle together' }, { status: 400 }),
      ),
    );
    const error = await getParts({ limit: 12 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe('year, make and model filter by vehicle together');
  });

  it('reads a header it does not understand as no vehicle', () => {
    expect(readSearchVehicle(null)).toBeNull();
    expect(readSearchVehicle('%E0%A4%A')).toBeNull();
    expect(readSearchVehicle(encodeURIComponent('{"label":"x"}'))).toBeNull();
    expect(
      readSearchVehicle(
        encodeURIComponent(
          JSON.stringify({ make: { slug: 'ford', name: 'Ford' }, label: 'Ford', remainder: '' }),
        ),
      ),
    ).toEqual({ make: { slug: 'ford', name: 'Ford' }, label: 'Ford', remainder: '' });
  });
});
