/**
 * The changes a shopper makes to My Garage (docs/requirements.md §12 "My Garage"), as pure functions over
 * `{ vehicles, active }`: the same rules for a visitor's browser garage and a customer's server garage.
 */
import type { NamedVehicle } from '@partsforge/shared/fitment';
import { GARAGE_MAX_VEHICLES, sameVehicle } from './vehicle-rules';

/** A garage's vehicles, in the order saved, and the index of the active one (null: none). */
export interface GarageState<V extends NamedVehicle> {
  vehicles: readonly V[];
  active: number | null;
}

/** What adding a vehicle did: the new garage, and the vehicle dropped to make room (null when none was). */
export interface AddResult<V extends NamedVehicle> {
  garage: GarageState<V>;
  removed: V | null;
}

/**
 * Adds `vehicle` as the active vehicle. A vehicle already saved is not added twice: it becomes the active one.
 * A full garage (GARAGE_MAX_VEHICLES) drops its oldest vehicle that is not the active one to make room.
 */
export function addVehicle<V extends NamedVehicle>(garage: GarageState<V>, vehicle: V): AddResult<V> {
  const existing = garage.vehicles.findIndex((saved) => sameVehicle(saved, vehicle));
  if (existing !== -1) return { garage: activateVehicle(garage, existing), removed: null };
  let vehicles = [...garage.vehicles];
  let removed: V | null = null;
  if (vehicles.length >= GARAGE_MAX_VEHICLES) {
    const oldest = vehicles.findIndex((_, index) => index !== garage.active);
    removed = vehicles[oldest] ?? null;
    vehicles = vehicles.filter((_, index) => index !== oldest);
  }
  vehicles.push(vehicle);
  return { garage: { vehicles, active: vehicles.length - 1 }, removed };
}

/** Makes the vehicle at `index` the active one (the active one, or an index out of range, changes nothing). */
export function activateVehicle<V extends NamedVehicle>(
  garage: GarageState<V>,
  index: number,
): GarageState<V> {
  return index >= 0 && index < garage.vehicles.length && index !== garage.active
    ? { ...garage, active: index }
    : garage;
}

/** Removes the vehicle at `index`; removing the active vehicle leaves none active. */
export function removeVehicle<V extends NamedVehicle>(garage: GarageState<V>, index: number): GarageState<V> {
  if (index < 0 || index >= garage.vehicles.length) return garage;
  const { active } = garage;
  return {
    vehicles: garage.vehicles.filter((_, position) => position !== index),
    active: active === null || active === index ? null : active > index ? active - 1 : active,
  };
}

/** Leaves every vehicle saved and none active (the catalogue lists every part again). */
export function clearActiveVehicle<V extends NamedVehicle>(garage: GarageState<V>): GarageState<V> {
  return garage.active === null ? garage : { ...garage, active: null };
}
