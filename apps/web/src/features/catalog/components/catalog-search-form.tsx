import { PART_SORTS, type PartSort } from '@partsforge/shared/constants';
import { messages } from '@partsforge/shared/messages';
import { useId } from 'react';
import { FilterField, SearchBox } from '@/components/search-box';
import { useCategories } from '../api/get-categories';
import { useMakes } from '../api/get-makes';
import type { CatalogSearch } from '../hooks/use-catalog-search';
import { NamedOptions } from './named-options';

/**
 * The catalogue's controls: a search box (results follow the typing after a short pause; Enter searches at
 * once), category and make filters, and the order. Stacks on phones. Drives a useCatalogSearch state. While the
 * active vehicle filters the list, its make is the make (docs/requirements.md §12): the make filter is disabled.
 */
export function CatalogSearchForm({ search }: { search: CatalogSearch }) {
  const id = useId();
  const categories = useCategories();
  const makes = useMakes();
  const { params } = search;
  return (
    <form
      role="search"
      aria-label={messages.catalog.searchLabel}
      className="grid grid-cols-1 gap-4 rounded-box border border-base-300 bg-base-200 p-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
      onSubmit={(event) => {
        event.preventDefault();
        search.submitDraft();
      }}
    >
      <div className="sm:col-span-2 md:col-span-3 lg:col-span-1">
        <FilterField id={`${id}-q`} label={messages.catalog.searchLabel}>
          <SearchBox
            id={`${id}-q`}
            value={search.draft}
            onChange={search.setDraft}
            placeholder={messages.catalog.searchPlaceholder}
            buttonLabel={messages.catalog.searchButton}
          />
        </FilterField>
      </div>
      <FilterField id={`${id}-category`} label={messages.catalog.categoryLabel}>
        <select
          id={`${id}-category`}
          className="select w-full"
          value={params.category ?? ''}
          onChange={(event) => search.setCategory(event.target.value || undefined)}
        >
          <option value="">{messages.catalog.allCategories}</option>
          <NamedOptions items={categories.data} />
        </select>
      </FilterField>
      <FilterField id={`${id}-make`} label={messages.catalog.makeLabel}>
        <select
          id={`${id}-make`}
          className="select w-full"
          value={search.vehicleFilter ? '' : (params.make ?? '')}
          disabled={search.vehicleFilter !== null}
          aria-describedby={search.vehicleFilter ? `${id}-make-note` : undefined}
          onChange={(event) => search.setMake(event.target.value || undefined)}
        >
          <option value="">{messages.catalog.allMakes}</option>
          <NamedOptions items={makes.data} />
        </select>
        {search.vehicleFilter ? (
          <p id={`${id}-make-note`} className="text-xs text-base-content/70">
            {messages.catalog.vehicleFilter.makeFromVehicle}
          </p>
        ) : null}
      </FilterField>
      <FilterField id={`${id}-sort`} label={messages.catalog.sortLabel}>
        <select
          id={`${id}-sort`}
          className="select w-full"
          value={params.sort}
          onChange={(event) => search.setSort(event.target.value as PartSort)}
        >
          {PART_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {messages.catalog.sorts[sort]}
            </option>
          ))}
        </select>
      </FilterField>
    </form>
  );
}
