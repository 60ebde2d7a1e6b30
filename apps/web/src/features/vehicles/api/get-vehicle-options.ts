import type { EngineChoice, VehicleChoice } from '@partsforge/shared/vehicles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The vehicle selector's lists (docs/requirements.md §12 "Vehicles"), all public: model years, then the makes of
 * a year, the models of a make and the engines of a model. The vehicle list changes only when the shop reloads
 * its vPIC data, so each answer is kept for the whole visit (never stale, kept an hour after its last use).
 */
const forever = { staleTime: Infinity, gcTime: 60 * 60 * 1000 } as const;

/** Root of the selector lists' query keys. */
export const vehicleOptionsKey = ['vehicles'] as const;

/** `GET /api/vehicles/years`: every model year with a vehicle, newest first. */
export function yearsQueryOptions() {
  return queryOptions({
    queryKey: [...vehicleOptionsKey, 'years'],
    queryFn: ({ signal }) => apiRequest<number[]>('vehicles/years', { signal }),
    ...forever,
  });
}

/** `GET /api/vehicles/makes?year=`: the makes of a model year, `{ slug, name }`, sorted by name. */
export function makesQueryOptions(year: number) {
  return queryOptions({
    queryKey: [...vehicleOptionsKey, 'makes', year],
    queryFn: ({ signal }) => apiRequest<VehicleChoice[]>('vehicles/makes', { params: { year }, signal }),
    ...forever,
  });
}

/** `GET /api/vehicles/models?year=&make=`: the models of a make (slug) in a year, sorted by name. */
export function modelsQueryOptions(year: number, make: string) {
  return queryOptions({
    queryKey: [...vehicleOptionsKey, 'models', year, make],
    queryFn: ({ signal }) =>
      apiRequest<VehicleChoice[]>('vehicles/models', { params: { year, make }, signal }),
    ...forever,
  });
}

/** `GET /api/vehicles/engines?year=&make=&model=`: the engines of a model year, `{ id, name }` (name: the label). */
export function enginesQueryOptions(year: number, make: string, model: string) {
  return queryOptions({
    queryKey: [...vehicleOptionsKey, 'engines', year, make, model],
    queryFn: ({ signal }) =>
      apiRequest<EngineChoice[]>('vehicles/engines', { params: { year, make, model }, signal }),
    ...forever,
  });
}

/** The model years (fetched at once). */
export function useVehicleYears() {
  return useQuery(yearsQueryOptions());
}

/** The makes of `year`; idle until a year is chosen. */
export function useVehicleMakes(year: number | null) {
  return useQuery({ ...makesQueryOptions(year ?? 0), enabled: year !== null });
}

/** The models of `make` in `year`; idle until both are chosen. */
export function useVehicleModels(year: number | null, make: string) {
  return useQuery({ ...modelsQueryOptions(year ?? 0, make), enabled: year !== null && make !== '' });
}

/** The engines of `model`; idle until year, make and model are chosen. */
export function useVehicleEngines(year: number | null, make: string, model: string) {
  return useQuery({
    ...enginesQueryOptions(year ?? 0, make, model),
    enabled: year !== null && make !== '' && model !== '',
  });
}
