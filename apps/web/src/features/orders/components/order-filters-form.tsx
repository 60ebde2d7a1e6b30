import { MAX_SEARCH_LENGTH } from '@partsforge/shared/constants';
import { messages } from '@partsforge/shared/messages';
import { ORDER_STATUS_VALUES, type OrderStatusValue } from '@partsforge/shared/orders';
import { useId, useState, type ReactNode } from 'react';
import {
  DEFAULT_ORDER_FILTERS,
  narrowsOrders,
  ORDER_SORT_OPTIONS,
  ORDER_STATUS_FILTER_LABELS,
  type AdminOrderFilters,
} from '../admin-order-filters';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

interface OrderFiltersFormProps {
  filters: AdminOrderFilters;
  onChange: (filters: AdminOrderFilters) => void;
}

/**
 * Manage All Orders' search and filters (docs/requirements.md §13 "Finding things"): the search box (order number,
 * customer name or email, PO number or SKU; applied with Enter or Search), Status, From and To dates and Sort
 * (applied at once), and Clear filters. Stacks on phones.
 */
export function OrderFiltersForm({ filters, onChange }: OrderFiltersFormProps) {
  const id = useId();
  const [draft, setDraft] = useState(filters.q);
  const [shownQ, setShownQ] = useState(filters.q);
  // The URL changed the search (Back, Clear filters): show it in the box.
  if (filters.q !== shownQ) {
    setShownQ(filters.q);
    setDraft(filters.q);
  }
  const sortValue = `${filters.sort}-${filters.dir}`;
  return (
    <form
      role="search"
      aria-label={messages.orders.filtersLabel}
      className="grid grid-cols-1 gap-4 rounded-box border border-base-300 bg-base-200 p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filters, q: draft.trim() });
      }}
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <Field id={`${id}-q`} label={messages.orders.searchLabel}>
          <div className="join w-full">
            <input
              id={`${id}-q`}
              type="search"
              name="q"
              value={draft}
              maxLength={MAX_SEARCH_LENGTH}
              placeholder={messages.orders.searchPlaceholder}
              autoComplete="off"
              spellCheck={false}
              className="input join-item w-full"
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className="btn btn-primary join-item">
              {messages.orders.search}
            </button>
          </div>
        </Field>
      </div>
      <Field id={`${id}-status`} label={messages.orders.statusFilter}>
        <select
          id={`${id}-status`}
          className="select w-full"
          value={filters.status}
          onChange={(event) => onChange({ ...filters, status: event.target.value as OrderStatusValue | '' })}
        >
          <option value="">{messages.orders.anyStatus}</option>
          {ORDER_STATUS_VALUES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_FILTER_LABELS[status]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-from`} label={messages.orders.fromLabel}>
        <input
          id={`${id}-from`}
          type="date"
          className="input w-full"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ ...filters, from: event.target.value })}
        />
      </Field>
      <Field id={`${id}-to`} label={messages.orders.toLabel}>
        <input
          id={`${id}-to`}
          type="date"
          className="input w-full"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onChange({ ...filters, to: event.target.value })}
        />
      </Field>
      <Field id={`${id}-sort`} label={messages.orders.sortLabel}>
        <select
          id={`${id}-sort`}
          className="select w-full"
          value={sortValue}
          onChange={(event) => {
            const option = ORDER_SORT_OPTIONS.find(({ value }) => value === event.target.value);
            if (option) onChange({ ...filters, sort: option.sort, dir: option.dir });
          }}
        >
          {ORDER_SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      {narrowsOrders(filters) ? (
        <div className="sm:col-span-2 lg:col-span-5">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => onChange({ ...DEFAULT_ORDER_FILTERS, sort: filters.sort, dir: filters.dir })}
          >
            {messages.orders.clearFilters}
          </button>
        </div>
      ) : null}
    </form>
  );
}
