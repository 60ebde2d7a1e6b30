import { messages } from '@partsforge/shared/messages';
import { ORDER_STATUS_VALUES, type OrderStatusValue } from '@partsforge/shared/orders';
import { useId } from 'react';
import { FilterField, SearchBox } from '@/components/search-box';
import { useSearchDraft } from '@/hooks/use-search-draft';
import {
  DEFAULT_ORDER_FILTERS,
  narrowsOrders,
  ORDER_SORT_OPTIONS,
  ORDER_STATUS_FILTER_LABELS,
  type AdminOrderFilters,
} from '../admin-order-filters';

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
  // The URL changing the search (Back, Clear filters) shows it in the box.
  const [draft, setDraft] = useSearchDraft(filters.q);
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
        <FilterField id={`${id}-q`} label={messages.orders.searchLabel}>
          <SearchBox
            id={`${id}-q`}
            value={draft}
            onChange={setDraft}
            placeholder={messages.orders.searchPlaceholder}
            buttonLabel={messages.orders.search}
          />
        </FilterField>
      </div>
      <FilterField id={`${id}-status`} label={messages.orders.statusFilter}>
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
      </FilterField>
      <FilterField id={`${id}-from`} label={messages.orders.fromLabel}>
        <input
          id={`${id}-from`}
          type="date"
          className="input w-full"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ ...filters, from: event.target.value })}
        />
      </FilterField>
      <FilterField id={`${id}-to`} label={messages.orders.toLabel}>
        <input
          id={`${id}-to`}
          type="date"
          className="input w-full"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onChange({ ...filters, to: event.target.value })}
        />
      </FilterField>
      <FilterField id={`${id}-sort`} label={messages.orders.sortLabel}>
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
      </FilterField>
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
