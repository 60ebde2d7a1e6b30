import { messages } from '@partsforge/shared/messages';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useActiveVehicle } from '../hooks/use-garage';
import { vehicleLabel } from '../vehicle-rules';
import { VehicleSelector } from './vehicle-selector';

const HEADING_ID = 'find-parts-for-vehicle-heading';

/**
 * The home page's "Find parts for your vehicle" section (docs/requirements.md §12 "Buyer's side"): the vehicle
 * selector; choosing a vehicle saves it to My Garage as the active one and opens the catalogue (/parts), which
 * then lists what fits it. With an active vehicle already, a link shops for it at once.
 */
export function FindPartsForVehicle() {
  const navigate = useNavigate();
  const active = useActiveVehicle();
  return (
    <section aria-labelledby={HEADING_ID} className="border-b border-base-300 bg-base-200 py-10">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id={HEADING_ID} className="text-2xl font-bold tracking-tight sm:text-3xl">
              {messages.vehicles.home.heading}
            </h2>
            <p className="mt-2 max-w-prose text-base-content/80">{messages.vehicles.home.lead}</p>
          </div>
          {active ? (
            <Link to={paths.parts.href()} className="link link-primary font-medium">
              {messages.vehicles.home.shopActive(vehicleLabel(active))}
            </Link>
          ) : null}
        </div>
        <VehicleSelector
          className="mt-6 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6"
          onChosen={() => void navigate(paths.parts.href())}
        />
      </div>
    </section>
  );
}
