/**
 * My Garage use cases (docs/requirements.md §12 "My Garage"; docs/decisions/020-fitment-model.md): read a signed-in
 * customer's saved vehicles, replace them, and merge a visitor's browser garage into them at sign-in. A garage
 * holds at most GARAGE_MAX_VEHICLES vehicles, none twice, each a model year, make and model of the vehicle list
 * with, when chosen, one of that model year's engines; at most one is active. Changes hold the customer's lock.
 */
import {
  GARAGE_MAX_VEHICLES,
  apiErrorCodes,
  sameVehicle,
  type Garage,
  type garageInputSchema,
  vehicleLabel,
} from '@partsforge/shared';
import type { z } from 'zod';
import type { AppDatabase } from '../../db/connect.js';
import { HttpError } from '../../lib/http-errors.js';
import {
  createGarageRepository,
  modelKey,
  type GarageRepository,
  type ListedModel,
  type SavedVehicle,
  type StoredVehicle,
} from './garage-repository.js';

/** A garage as the routes hand it over, parsed by garageInputSchema (slugs lower-case, no engine = null). */
export type GarageUpdate = z.output<typeof garageInputSchema>;
/** One vehicle of a GarageUpdate. */
type WantedVehicle = GarageUpdate['vehicles'][number];

/** 400 VALIDATION_FAILED with `message`, also as the message of `field` (e.g. 'vehicles.2'). */
function invalid(message: string, field: string): HttpError {
  return new HttpError(400, message, apiErrorCodes.validationFailed, { [field]: message });
}

/** How error messages name a vehicle as the client sent it: '2019 toyota camry'. */
function describe(vehicle: WantedVehicle): string {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
}

/** The stored form of a wanted vehicle: engine '' when none was chosen. */
function toStored(vehicle: WantedVehicle): StoredVehicle {
  return { year: vehicle.year, make: vehicle.make, model: vehicle.model, engine: vehicle.engine ?? '' };
}

/**
 * The Garage DTO of saved vehicles (docs/requirements.md §12): names from the vehicle list (the slug when the list
 * no longer has the vehicle), engine null when not chosen, label '2019 Toyota Camry' with ' 2.5L 4-cyl' when an
 * engine is chosen, and the index of the active vehicle or null.
 */
export function toGarage(saved: readonly SavedVehicle[]): Garage {
  const index = saved.findIndex((vehicle) => vehicle.active);
  return {
    vehicles: saved.map(({ year, make, model, engine, makeName, modelName }) => {
      const vehicle = {
        year,
        make,
        makeName: makeName ?? make,
        model,
        modelName: modelName ?? model,
        engine: engine || null,
      };
      return { ...vehicle, label: vehicleLabel(vehicle, { withEngine: true }) };
    }),
    active: index < 0 ? null : index,
  };
}

/** Why `vehicle` is not in the vehicle list (`listed`: the list's model years by modelKey), or null when it is. */
function unknownVehicleProblem(
  vehicle: WantedVehicle,
  position: number,
  listed: ReadonlyMap<string, ListedModel>,
): string | null {
  const model = listed.get(modelKey(vehicle));
  if (!model) return `Vehicle ${position} (${describe(vehicle)}) is not in the vehicle list`;
  if (vehicle.engine !== null && !model.engines.includes(vehicle.engine))
    return `Vehicle ${position} (${describe(vehicle)}) has no engine "${vehicle.engine}" in the vehicle list`;
  return null;
}

/** My Garage use cases; each throws HttpError subclasses the error handler answers with. */
export interface GarageService {
  /** The customer's garage: saved vehicles in order with names and labels, and the active index (or null). */
  get(userId: string): Promise<Garage>;
  /**
   * Replaces the customer's whole garage with `garage` in one transaction under the customer's lock, and answers
   * the new garage. Throws 400 VALIDATION_FAILED (`errors` keyed 'vehicles' or 'vehicles.{index}'), changing
   * nothing, for more than GARAGE_MAX_VEHICLES vehicles, a vehicle twice (sameVehicle), a vehicle whose year, make
   * and model the vehicle list does not have, or an engine that is not one of that model year's.
   */
  replace(userId: string, garage: GarageUpdate): Promise<Garage>;
  /**
   * Adds a visitor's browser garage to the saved one at sign-in, under the customer's lock, and answers the merged
   * garage: the saved vehicles first in their order, then the visitor's vehicles not saved yet in theirs, up to
   * GARAGE_MAX_VEHICLES (the rest are left out). The visitor's active vehicle becomes active when it is in the
   * merged garage; otherwise the saved active one stays. Vehicles the list does not have are dropped, not refused
   * (a browser may hold stale data).
   */
  merge(userId: string, visitor: GarageUpdate): Promise<Garage>;
}

/** Builds the service on `db`. */
export function createGarageService(db: AppDatabase): GarageService {
  const repository = createGarageRepository(db);
  const listedByKey = async (wanted: readonly WantedVehicle[]) =>
    new Map((await repository.listedModels(wanted)).map((model) => [modelKey(model), model]));
  /** Runs `work` on the garage repository of a transaction that holds the customer's lock. */
  const locked = <T>(userId: string, work: (garage: GarageRepository) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      const garage = createGarageRepository(tx as unknown as AppDatabase);
      await garage.lock(userId);
      return work(garage);
    });

  return {
    async get(userId) {
      return toGarage(await repository.read(userId));
    },

    async replace(userId, { vehicles: wanted, active }) {
      if (wanted.length > GARAGE_MAX_VEHICLES)
        throw invalid(`My Garage keeps at most ${GARAGE_MAX_VEHICLES} vehicles`, 'vehicles');
      if (active !== null && (active < 0 || active >= wanted.length))
        throw invalid('active must be the index of one of the vehicles', 'active');
      wanted.forEach((vehicle, index) => {
        const first = wanted.findIndex((other) => sameVehicle(other, vehicle));
        if (first < index)
          throw invalid(
            `Vehicle ${index + 1} (${describe(vehicle)}) is the same as vehicle ${first + 1}`,
            `vehicles.${index}`,
          );
      });
      const listed = await listedByKey(wanted);
      wanted.forEach((vehicle, index) => {
        const problem = unknownVehicleProblem(vehicle, index + 1, listed);
        if (problem) throw invalid(problem, `vehicles.${index}`);
      });
      return locked(userId, async (garage) => {
        await garage.replace(userId, wanted.map(toStored), active);
        return toGarage(await garage.read(userId));
      });
    },

    async merge(userId, visitor) {
      const listed = await listedByKey(visitor.vehicles);
      return locked(userId, async (garage) => {
        const saved = await garage.read(userId);
        const merged: StoredVehicle[] = saved.map(({ year, make, model, engine }) => ({
          year,
          make,
          model,
          engine,
        }));
        const savedActive = saved.findIndex((vehicle) => vehicle.active);
        let active: number | null = savedActive < 0 ? null : savedActive;
        visitor.vehicles.forEach((vehicle, index) => {
          if (unknownVehicleProblem(vehicle, index + 1, listed)) return;
          let at = merged.findIndex((other) => sameVehicle(other, vehicle));
          if (at < 0 && merged.length < GARAGE_MAX_VEHICLES) at = merged.push(toStored(vehicle)) - 1;
          if (index === visitor.active && at >= 0) active = at;
        });
        if (merged.length === saved.length && active === (savedActive < 0 ? null : savedActive))
          return toGarage(saved);
        await garage.replace(userId, merged, active);
        return toGarage(await garage.read(userId));
      });
    },
  };
}
