/**
 * The contract's garage rules (packages/shared fitment: GARAGE_MAX_VEHICLES, sameVehicle, vehicleLabel;
 * docs/requirements.md §12 "My Garage"), repeated here because importing them would pull the fitment module's
 * zod schemas (and zod) into the home page's bundle (docs/decisions/007-home-bundle-budget.md): the navbar, the
 * home page's selector and the cards' badges are on that path. vehicle-rules.test.ts keeps the two equal.
 */
import type { NamedVehicle, VehicleKey } from '@partsforge/shared/fitment';

/** Most vehicles one garage keeps. */
export const GARAGE_MAX_VEHICLES = 10;

/** Whether two vehicle keys name the same vehicle (slugs and engine compared as given, no engine = null). */
export function sameVehicle(a: VehicleKey, b: VehicleKey): boolean {
  return (
    a.year === b.year &&
    a.make.toLowerCase() === b.make.toLowerCase() &&
    a.model.toLowerCase() === b.model.toLowerCase() &&
    (a.engine || null) === (b.engine || null)
  );
}

/** '2019 Toyota Camry', with ' 2.5L 4-cyl' when `withEngine` and an engine is chosen. */
export function vehicleLabel(vehicle: NamedVehicle, { withEngine = false } = {}): string {
  const base = `${vehicle.year} ${vehicle.makeName} ${vehicle.modelName}`;
  return withEngine && vehicle.engine ? `${base} ${vehicle.engine}` : base;
}
