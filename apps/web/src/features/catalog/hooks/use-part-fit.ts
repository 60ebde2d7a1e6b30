import type { Part } from '@partsforge/shared/catalog';
import { rowFitsVehicle, type VehicleKey } from '@partsforge/shared/fitment';
import { FITMENT_MAX_PAGE_SIZE, usePartFitment } from '../api/get-part-fitment';

/**
 * How a part fits one vehicle, as its page says it (docs/requirements.md §12, "Buyer's side"):
 * - 'universal': the part fits every vehicle;
 * - 'fits': one of its rows covers the vehicle, with that row's position and note (a row for one engine, when
 *   the vehicle's engine is not chosen, notes "<engine> only" unless it has a note of its own);
 * - 'no': no row covers it;
 * - 'loading' while the rows are read, 'unknown' when they could not be.
 */
export type PartFit =
  | { status: 'universal' }
  | { status: 'fits'; position: string | null; note: string | null }
  | { status: 'no' }
  | { status: 'loading' }
  | { status: 'unknown'; error: Error };

/**
 * Whether `part` fits `vehicle` (the shopper's active vehicle), from the part's rows of the vehicle's make and
 * model (`GET /parts/{id}/fitment?make=&model=&limit=100`) checked with the shared rowFitsVehicle; null when
 * there is no vehicle or no part yet. A universal part asks nothing.
 *
 * Params: `part`, the part shown (undefined while it loads); `vehicle`, the vehicle to check, or null.
 */
export function usePartFit(
  part: Pick<Part, '_id' | 'universal'> | undefined,
  vehicle: Pick<VehicleKey, 'year' | 'make' | 'model' | 'engine'> | null,
): PartFit | null {
  const rows = usePartFitment(
    part?._id ?? '',
    { make: vehicle?.make, model: vehicle?.model, limit: FITMENT_MAX_PAGE_SIZE },
    { enabled: Boolean(part && vehicle && !part.universal) },
  );
  if (!part || !vehicle) return null;
  if (part.universal) return { status: 'universal' };
  if (rows.isPending) return { status: 'loading' };
  if (rows.isError) return { status: 'unknown', error: rows.error };
  const row = rows.data.data.find((candidate) => rowFitsVehicle(candidate, vehicle));
  if (!row) return { status: 'no' };
  const engineOnly = row.engine && !vehicle.engine ? `${row.engine} only` : null;
  return { status: 'fits', position: row.position, note: row.note ?? engineOnly };
}
