import { messages } from '@partsforge/shared/messages';
import {
  ORDER_STATUS_VALUES,
  type AdminOrderSort,
  type OrderStatusValue,
  type SortDirection,
} from '@partsforge/shared/orders';
import type { QueryParams } from '@/lib/api-client';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/**
 * What Manage All Orders shows (docs/requirements.md §13 "Finding things"), as kept in the page's URL
 * (`?q=&status=&from=&to=&sort=&dir=&page=`): search text, one status or none (every order but cancelled ones),
 * a range of days (YYYY-MM-DD, UTC, both included) and the order. Empty strings mean "not set". `companyId` (not
 * in that URL) keeps the list to one company's orders, for the admins' company page (docs/requirements.md §14).
 */
export interface AdminOrderFilters {
  q: string;
  status: OrderStatusValue | '';
  from: string;
  to: string;
  sort: AdminOrderSort;
  dir: SortDirection;
  companyId?: string;
}

export const DEFAULT_ORDER_FILTERS: AdminOrderFilters = {
  q: '',
  status: '',
  from: '',
  to: '',
  sort: 'date',
  dir: 'desc',
};

/** The Sort select's choices: the API's sort and direction under one value. */
export const ORDER_SORT_OPTIONS = [
  { value: 'date-desc', sort: 'date', dir: 'desc', label: messages.orders.sortNewest },
  { value: 'date-asc', sort: 'date', dir: 'asc', label: messages.orders.sortOldest },
  { value: 'total-desc', sort: 'total', dir: 'desc', label: messages.orders.sortHighest },
  { value: 'total-asc', sort: 'total', dir: 'asc', label: messages.orders.sortLowest },
] as const satisfies readonly { value: string; sort: AdminOrderSort; dir: SortDirection; label: string }[];

/** Each status's choice in the Status select, e.g. "Pending orders" (paid ones wait as Pending, as their button says). */
export const ORDER_STATUS_FILTER_LABELS: Record<OrderStatusValue, string> = {
  unpaid: messages.orders.statusFilterOption(messages.orders.unpaid),
  pending: messages.orders.statusFilterOption(messages.orders.pending),
  shipped: messages.orders.statusFilterOption(messages.orders.shipped),
  cancelled: messages.orders.statusFilterOption(messages.orders.cancelled),
  expired: messages.orders.statusFilterOption(messages.orders.expired),
  'awaiting-approval': messages.orders.statusFilterOption(companyPageMessages.statusAwaitingApproval),
  rejected: messages.orders.statusFilterOption(companyPageMessages.statusRejected),
  'partially-shipped': messages.orders.statusFilterOption(messages.orders.partiallyShipped),
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters a URL's query holds; unknown or malformed values fall back to the defaults. */
export function readOrderFilters(search: URLSearchParams): AdminOrderFilters {
  const status = search.get('status') ?? '';
  const day = (name: string) => {
    const value = search.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  const option = ORDER_SORT_OPTIONS.find(
    ({ sort, dir }) => sort === search.get('sort') && dir === search.get('dir'),
  );
  return {
    q: (search.get('q') ?? '').trim(),
    status: (ORDER_STATUS_VALUES as readonly string[]).includes(status) ? (status as OrderStatusValue) : '',
    from: day('from'),
    to: day('to'),
    sort: option?.sort ?? DEFAULT_ORDER_FILTERS.sort,
    dir: option?.dir ?? DEFAULT_ORDER_FILTERS.dir,
  };
}

/** The filters as query parameters (for the URL and the API): only those that differ from the defaults. */
export function orderFilterParams(filters: AdminOrderFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.q) params.q = filters.q;
  if (filters.status) params.status = filters.status;
  if (filters.from) params.from = filters.from;
  if (filters.to) params.to = filters.to;
  if (filters.companyId) params.companyId = filters.companyId;
  if (filters.sort !== DEFAULT_ORDER_FILTERS.sort || filters.dir !== DEFAULT_ORDER_FILTERS.dir) {
    params.sort = filters.sort;
    params.dir = filters.dir;
  }
  return params satisfies QueryParams;
}

/** True when the filters narrow the list (search, status or dates), so an empty list means "no match". */
export function narrowsOrders(filters: AdminOrderFilters): boolean {
  return Boolean(filters.q || filters.status || filters.from || filters.to);
}
