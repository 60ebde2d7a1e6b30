import type { DecodedVin } from '@partsforge/shared/vehicles';
import { apiRequest } from '@/lib/api-client';

/**
 * `GET /api/vehicles/vin/{vin}` (docs/requirements.md §12 "VIN decoding"): the model year, make and model (vPIC's
 * names, e.g. "HONDA", "Accord") and, when known, the engine ("1.5L 4-cyl (L15BE)") of a 17-character VIN.
 * ApiError 400 names the broken VIN rule, 404 "This VIN could not be decoded", 429 past 30 decodes a minute.
 */
export function decodeVin(vin: string, signal?: AbortSignal): Promise<DecodedVin> {
  return apiRequest<DecodedVin>(`vehicles/vin/${encodeURIComponent(vin)}`, signal ? { signal } : {});
}
