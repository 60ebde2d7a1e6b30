import type { Garage, GarageInput } from '@partsforge/shared/fitment';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/garage/merge` (token; docs/requirements.md §12 "My Garage"): adds a visitor's browser garage to the
 * account's at sign-in (saved vehicles first, duplicates once, the visitor's active vehicle active, beyond 10
 * left out) and answers the merged garage.
 */
export function mergeGarage(input: GarageInput): Promise<Garage> {
  return apiRequest<Garage>('garage/merge', { method: 'POST', body: input, auth: true });
}
