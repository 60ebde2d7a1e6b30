import type { Part } from '@partsforge/shared/catalog';
import type { PartSort } from '@partsforge/shared/constants';
import type { SearchVehicle } from '@partsforge/shared/fitment';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithTotal, type ListResult } from '@/lib/api-client';
import { catalogAuth, useCatalogViewer, type CatalogViewer } from './catalog-viewer';

/**
 * The shared contract's SEARCH_VEHICLE_HEADER, repeated (like api-client's TOTAL_COUNT_HEADER) so the home page's
 * bundle does not take in the fitment module's zod schemas.
 */
export const SEARCH_VEHICLE_HEADER = 'X-Search-Vehicle';

/** A vehicle to filter by (docs/requirements.md §12 "Filtering by vehicle"): model year, make and model slugs, engine. */
export interface VehicleFilter {
  year: number;
  make: string;
  model: string;
  /** Engine label; null or absent: every engine. */
  engine?: string | null | undefined;
}

/** A page of `GET /api/parts`, optionally searched, filtered and sorted (docs/decisions/005-catalogue-search.md). */
export interface PartsPage {
  limit: number;
  offset?: number;
  /** Search text: names, descriptions and part numbers (and a vehicle in it: docs/requirements.md §12). */
  q?: string | undefined;
  /** `_id` of a category / make to filter by (the make is ignored when `vehicle` is given). */
  category?: string | undefined;
  make?: string | undefined;
  /** Order; the API's default is 'relevance' (the catalogue order when there is no search text). */
  sort?: PartSort | undefined;
  /** Only the parts that fit this vehicle or are universal, each with its `fitment`. */
  vehicle?: VehicleFilter | null | undefined;
}

/** A page of parts, its total (`X-Total-Count`) and the vehicle the search text was read as (`X-Search-Vehicle`). */
export interface PartsResult extends ListResult<Part[]> {
  /** What `q` was read as ("2019 Toyota Camry" and the words left), or null when it named no vehicle. */
  searchVehicle: SearchVehicle | null;
}

/** The request's parameters: defaults and empty values are left out, so the home page keeps its short URL. */
function partsParams({ limit, offset = 0, q, category, make, sort, vehicle }: PartsPage) {
  return {
    limit,
    offset,
    q: q?.trim() || undefined,
    category: category || undefined,
    ...(vehicle
      ? {
          year: vehicle.year,
          make: vehicle.make,
          model: vehicle.model,
          engine: vehicle.engine || undefined,
        }
      : { make: make || undefined }),
    sort: sort && sort !== 'relevance' ? sort : undefined,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isChoice = (value: unknown): value is { slug: string; name: string } =>
  isRecord(value) && typeof value.slug === 'string' && typeof value.name === 'string';

/**
 * The `X-Search-Vehicle` header (URI-encoded JSON: `{ year?, make, model?, label, remainder }`), checked by hand
 * (no zod on the home page's path); null when absent or not understood.
 */
export function readSearchVehicle(header: string | null): SearchVehicle | null {
  if (!header) return null;
  let value: unknown;
  try {
    value = JSON.parse(decodeURIComponent(header));
  } catch {
    return null;
  }
  if (
    !isRecord(value) ||
    !isChoice(value.make) ||
    typeof value.label !== 'string' ||
    typeof value.remainder !== 'string' ||
    (value.year !== undefined && typeof value.year !== 'number') ||
    (value.model !== undefined && !isChoice(value.model))
  )
    return null;
  return {
    make: { slug: value.make.slug, name: value.make.name },
    label: value.label,
    remainder: value.remainder,
    ...(typeof value.year === 'number' ? { year: value.year } : {}),
    ...(isChoice(value.model) ? { model: { slug: value.model.slug, name: value.model.name } } : {}),
  };
}

/**
 * `GET /api/parts?limit=&offset=&q=&category=&make=&sort=&year=&model=&engine=`: a page of parts, the total in
 * `X-Total-Count` and the vehicle read in `q` from `X-Search-Vehicle` (docs/requirements.md §12). A public call;
 * for a signed-in `viewer` it carries their token, so a member gets their net prices (docs/requirements.md §15).
 */
export async function getParts(
  page: PartsPage,
  signal?: AbortSignal,
  viewer: CatalogViewer = null,
): Promise<PartsResult> {
  const { data, total, headers } = await apiRequestWithTotal<Part[]>('parts', {
    params: partsParams(page),
    ...catalogAuth(viewer),
    ...(signal ? { signal } : {}),
  });
  return { data, total, searchVehicle: readSearchVehicle(headers?.get(SEARCH_VEHICLE_HEADER) ?? null) };
}

/** The page's query for `viewer` (its key ends with them: each buyer's prices are their own). */
export function partsQueryOptions(page: PartsPage, viewer: CatalogViewer) {
  const params = partsParams(page);
  return queryOptions({
    queryKey: ['parts', params, { viewer }],
    queryFn: ({ signal }) => getParts(page, signal, viewer),
  });
}

/**
 * The page's parts, priced for the signed-in buyer (useCatalogViewer). With `keepPrevious`, the last page stays
 * on screen while the next one loads (paging and searching without a blank flash; `isPlaceholderData` tells the
 * two apart), unless it was another viewer's. With `enabled` false, no request yet (the vehicle to filter by is
 * not known).
 */
export function useParts(
  page: PartsPage,
  { keepPrevious = false, enabled = true }: { keepPrevious?: boolean; enabled?: boolean } = {},
) {
  const viewer = useCatalogViewer();
  return useQuery({
    ...partsQueryOptions(page, viewer),
    enabled,
    ...(keepPrevious
      ? {
          placeholderData: (
            previous: PartsResult | undefined,
            previousQuery?: { queryKey: readonly unknown[] },
          ) => (isViewersKey(previousQuery?.queryKey, viewer) ? keepPreviousData(previous) : undefined),
        }
      : {}),
  });
}

/** True when `key` (a parts query's) was `viewer`'s. */
function isViewersKey(key: readonly unknown[] | undefined, viewer: CatalogViewer): boolean {
  const last = key?.at(-1);
  return typeof last === 'object' && last !== null && 'viewer' in last && last.viewer === viewer;
}
