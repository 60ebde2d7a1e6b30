import { http, HttpResponse } from 'msw';
import { categoriesFixture, makesFixture, partsFixture } from '../api-fixtures';
import { apiError, page } from './respond';

/** `GET /api/parts` answered with `parts` (every one requested: the home page asks for 6 of the 8 fixtures). */
export const partsHandler = (parts = partsFixture) => http.get('/api/parts', () => page(parts));

/**
 * The catalogue: parts, one part by id (404 for an unknown id) and its fitment (none), categories and makes, from
 * the fixtures.
 */
export const catalogHandlers = [
  partsHandler(),
  http.get('/api/parts/:id', ({ params }) => {
    const part = partsFixture.find((candidate) => candidate._id === params.id);
    return part ? HttpResponse.json(part) : apiError(404, 'Not found');
  }),
  // docs/requirements.md §12: no fixture part lists fitment rows (testing/handlers/fitment.ts gives some).
  http.get('/api/parts/:id/fitment', ({ params }) =>
    partsFixture.some((candidate) => candidate._id === params.id) ? page([]) : apiError(404, 'Not found'),
  ),
  http.get('/api/category', () => HttpResponse.json(categoriesFixture)),
  http.get('/api/make', () => HttpResponse.json(makesFixture)),
];
