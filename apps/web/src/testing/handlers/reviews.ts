import { http, HttpResponse } from 'msw';
import { reviewsFixture } from '../api-fixtures';

/** The customers' reviews, from the fixtures. */
export const reviewsHandlers = [http.get('/api/review', () => HttpResponse.json(reviewsFixture))];
