import { messages } from '@partsforge/shared/messages';
import { PartsCatalog } from '@/features/catalog/components/parts-catalog';
import { VehiclePickerPanel } from '@/features/vehicles/components/vehicle-picker-panel';
import { useGarage } from '@/features/vehicles/hooks/use-garage';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { addToCartAction } from '../components/add-to-cart-action';
import { fitmentBadgeAction } from '../components/fitment-badge-action';

/**
 * `/parts`: the searchable catalogue (docs/decisions/005-catalogue-search.md), opened by the home page's "Shop Now"
 * buttons. With My Garage's active vehicle it lists what fits (docs/requirements.md §12), waiting for the garage
 * to be known; the vehicle selector is behind "Change vehicle", and the cards carry fitment badges.
 */
export function PartsRoute() {
  useDocumentTitle(messages.catalog.heading);
  const garage = useGarage();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:py-12">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{messages.catalog.heading}</h1>
        <p className="mt-3 max-w-prose text-lg text-base-content/80">{messages.catalog.lead}</p>
      </header>
      <PartsCatalog
        partAction={addToCartAction}
        partBadge={fitmentBadgeAction}
        vehicle={garage.active}
        vehicleReady={!garage.isLoading}
        vehiclePicker={<VehiclePickerPanel />}
      />
    </div>
  );
}
