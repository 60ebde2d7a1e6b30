import { HttpResponse } from 'msw';

/** A page of a list, with its total in X-Total-Count (the whole list's length unless `total` says otherwise). */
export function page(items: unknown[], total = items.length) {
  return HttpResponse.json(items, { headers: { 'X-Total-Count': String(total) } });
}

/** The API's error body, `{ message, ...extra }`, with `status`. */
export function apiError(status: number, message: string, extra: Record<string, unknown> = {}) {
  return HttpResponse.json({ message, ...extra }, { status });
}
