import type { FitmentRow } from '@partsforge/shared/fitment';
import { http, HttpResponse } from 'msw';
import { apiError, page } from './respond';

/** A vehicle of the fitment fixtures: make and model slugs with their names. */
const vehicles = [
  ['toyota', 'Toyota', 'camry', 'Camry'],
  ['toyota', 'Toyota', 'corolla', 'Corolla'],
  ['honda', 'Honda', 'accord', 'Accord'],
  ['ford', 'Ford', 'f-150', 'F-150'],
] as const;

/**
 * `count` application rows (docs/requirements.md §12), sorted as the API lists them (make, model, first year):
 * the vehicles above in turn, each a year range, every third row for one engine, some with a position and note.
 */
export function fitmentRowsFixture(count: number): FitmentRow[] {
  const rows = Array.from({ length: count }, (_, index): Omit<FitmentRow, '_id'> => {
    const [make, makeName, model, modelName] = vehicles[index % vehicles.length]!;
    const yearFrom = 1995 + Math.floor(index / vehicles.length);
    return {
      make,
      makeName,
      model,
      modelName,
      yearFrom,
      yearTo: yearFrom + 4,
      engine: index % 3 === 0 ? '2.5L 4-cyl' : null,
      submodel: index % 5 === 0 ? 'LE' : null,
      position: index % 2 === 0 ? 'Front Left' : null,
      quantity: 1 + (index % 2),
      note: index % 4 === 0 ? 'With ABS' : null,
    };
  });
  return rows
    .sort(
      (a, b) =>
        a.makeName.localeCompare(b.makeName) ||
        a.modelName.localeCompare(b.modelName) ||
        a.yearFrom - b.yearFrom,
    )
    .map((row, index) => ({ _id: index + 1, ...row }));
}

/**
 * `GET /api/parts/{id}/fitment` of the parts in `rowsByPart` (part id -> its rows), filtered by `make` and
 * `model` and paged by `limit` and `offset` like the API (default limit 20), the total in X-Total-Count; 404
 * for a part not in the map.
 */
export function fitmentHandler(rowsByPart: Record<string, FitmentRow[]>) {
  return http.get('/api/parts/:id/fitment', ({ params, request }) => {
    const rows = rowsByPart[params.id as string];
    if (!rows) return apiError(404, 'Not found');
    const search = new URL(request.url).searchParams;
    const make = search.get('make');
    const model = search.get('model');
    const limit = Number(search.get('limit') ?? '20');
    const offset = Number(search.get('offset') ?? '0');
    const matches = rows.filter((row) => (!make || row.make === make) && (!model || row.model === model));
    return page(matches.slice(offset, offset + limit), matches.length);
  });
}

/**
 * The vehicle selector's lists (docs/requirements.md §12) for any year: the makes of the fixtures, a make's
 * models, and two engines of any model; an unknown make gives an empty list.
 */
export const vehicleChoicesHandlers = [
  http.get('/api/vehicles/makes', () =>
    HttpResponse.json(
      [...new Map(vehicles.map(([slug, name]) => [slug, { slug, name }])).values()].sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    ),
  ),
  http.get('/api/vehicles/models', ({ request }) => {
    const make = new URL(request.url).searchParams.get('make');
    return HttpResponse.json(
      vehicles.filter(([slug]) => slug === make).map(([, , slug, name]) => ({ slug, name })),
    );
  }),
  http.get('/api/vehicles/engines', () =>
    HttpResponse.json([
      { id: 1, name: '2.5L 4-cyl' },
      { id: 2, name: '3.5L V6' },
    ]),
  ),
];
