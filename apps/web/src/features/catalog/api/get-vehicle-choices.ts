import type { EngineChoice, VehicleChoice } from '@partsforge/shared/vehicles';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A model year the vehicle list knows, or undefined (an empty or half-typed year asks nothing). */
function listYear(year: number | undefined): number | undefined {
  return year !== undefined && Number.isInteger(year) && year >= 1900 && year <= 2100 ? year : undefined;
}

/** The vehicle lists change only with a reseed: keep them for the session. */
const VEHICLE_LIST_STALE_MS = Infinity;

/**
 * The makes, models and engines of the vehicle list (docs/requirements.md §12: `GET /api/vehicles/makes?year=`,
 * `models?year=&make=`, `engines?year=&make=&model=`) for a year, make and model as far as they are given, to
 * suggest in the fitment form. Each list is asked only when `enabled` and its parameters are complete; an
 * unknown make or model gives an empty list.
 */
export function useVehicleChoices(
  { year, make, model }: { year?: number | undefined; make?: string | undefined; model?: string | undefined },
  { enabled = true }: { enabled?: boolean } = {},
) {
  const y = listYear(year);
  const makeSlug = make?.trim().toLowerCase() || undefined;
  const modelSlug = model?.trim().toLowerCase() || undefined;
  const makes = useQuery({
    queryKey: ['vehicles', 'makes', y],
    queryFn: ({ signal }) => apiRequest<VehicleChoice[]>('vehicles/makes', { params: { year: y }, signal }),
    enabled: enabled && y !== undefined,
    staleTime: VEHICLE_LIST_STALE_MS,
  });
  const models = useQuery({
    queryKey: ['vehicles', 'models', y, makeSlug],
    queryFn: ({ signal }) =>
      apiRequest<VehicleChoice[]>('vehicles/models', { params: { year: y, make: makeSlug }, signal }),
    enabled: enabled && y !== undefined && makeSlug !== undefined,
    staleTime: VEHICLE_LIST_STALE_MS,
  });
  const engines = useQuery({
    queryKey: ['vehicles', 'engines', y, makeSlug, modelSlug],
    queryFn: ({ signal }) =>
      apiRequest<EngineChoice[]>('vehicles/engines', {
        params: { year: y, make: makeSlug, model: modelSlug },
        signal,
      }),
    enabled: enabled && y !== undefined && makeSlug !== undefined && modelSlug !== undefined,
    staleTime: VEHICLE_LIST_STALE_MS,
  });
  return { makes: makes.data ?? [], models: models.data ?? [], engines: engines.data ?? [] };
}
