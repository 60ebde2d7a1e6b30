import type { Garage, GarageInput } from '@partsforge/shared/fitment';
import { apiRequest } from '@/lib/api-client';

/**
 * `PUT /api/garage` (token; docs/requirements.md §12 "My Garage"): replaces the whole garage and answers it as
 * GET does. ApiError 400 for an 11th vehicle, a vehicle twice or a vehicle not in the vehicle list.
 */
export function saveGarage(input: GarageInput): Promise<Garage> {
  return apiRequest<Garage>('garage', { method: 'PUT', body: input, auth: true });
}
