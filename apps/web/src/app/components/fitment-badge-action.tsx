import type { PartAction } from '@/features/catalog/components/part-card';
import { FitmentBadge } from '@/features/vehicles/components/fitment-badge';
import { useActiveVehicle } from '@/features/vehicles/hooks/use-garage';
import type { Part } from '@partsforge/shared/catalog';

/** A card's fitment badge for My Garage's active vehicle (docs/requirements.md §12). */
function CardFitmentBadge({ part, nameId }: { part: Part; nameId: string }) {
  return <FitmentBadge part={part} vehicle={useActiveVehicle()} describedBy={nameId} />;
}

/** The fitment badge on a part card (home and catalogue): "Fits your ...", "Universal fit" or "Check fit". */
export const fitmentBadgeAction: PartAction = (part, nameId) => (
  <CardFitmentBadge part={part} nameId={nameId} />
);
