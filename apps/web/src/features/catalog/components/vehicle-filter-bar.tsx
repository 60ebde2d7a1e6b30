import { vehicleLabel, type NamedVehicle } from '@partsforge/shared/fitment';
import { messages } from '@partsforge/shared/messages';
import { useId, type ReactNode } from 'react';
import type { CatalogSearch } from '../hooks/use-catalog-search';

const text = messages.catalog.vehicleFilter;

interface VehicleFilterBarProps {
  search: CatalogSearch;
  /** The shopper's active vehicle, or null. */
  vehicle: NamedVehicle | null;
  /** The vehicle selector (e.g. a "Change vehicle" panel), drawn by the page (vehicles are another feature). */
  picker?: ReactNode;
}

/**
 * The catalogue's vehicle line (docs/requirements.md §12 "Buyer's side" and "Search that reads a vehicle"):
 * - the search text named a vehicle (header X-Search-Vehicle): "Showing results for 2019 Honda Civic" and a
 *   "Search without 2019 Honda Civic" button that searches the other words alone;
 * - else, with an active vehicle: "Showing parts that fit your 2019 Toyota Camry 2.5L 4-cyl" and the "Show all
 *   parts" switch (`all=1` in the URL) that lifts the filter;
 * then the `picker` to choose or change the vehicle. Nothing but the picker without either.
 */
export function VehicleFilterBar({ search, vehicle, picker }: VehicleFilterBarProps) {
  const switchId = useId();
  const understood = search.searchVehicle;
  const label = vehicle ? vehicleLabel(vehicle, { withEngine: true }) : '';
  return (
    <div className="space-y-3 rounded-box border border-base-300 bg-base-100 p-4">
      {understood ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p role="status" className="font-semibold">
            {text.searchVehicle(understood.label)}
          </p>
          <button
            type="button"
            className="btn btn-outline btn-sm self-start sm:self-auto"
            onClick={() => search.searchWithout(understood.remainder)}
          >
            {text.searchWithout(understood.label)}
          </button>
        </div>
      ) : vehicle ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p role="status" className="font-semibold">
            {search.params.all ? text.notFiltering(label) : text.filtering(label)}
          </p>
          <label
            htmlFor={switchId}
            className="flex cursor-pointer items-center gap-2 self-start sm:self-auto"
          >
            <input
              id={switchId}
              type="checkbox"
              role="switch"
              className="toggle toggle-primary"
              checked={search.params.all}
              onChange={(event) => search.setShowAll(event.target.checked)}
            />
            <span className="font-medium">{text.showAll}</span>
          </label>
        </div>
      ) : null}
      {picker}
    </div>
  );
}
