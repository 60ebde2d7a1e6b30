/**
 * My Garage storage (docs/requirements.md §12 "My Garage"; docs/decisions/020-fitment-model.md): one row per
 * customer and saved vehicle (model year, make and model slugs, engine label or '' for "not chosen"), with its
 * place in the garage and whether it is the active one; names are read from the vehicles table, never stored.
 */
import { and, asc, eq, or } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { lockCustomer } from '../../db/locks.js';
import { garageVehicles, vehicles } from '../../db/schema/index.js';

/** A vehicle as the garage stores it: slugs, and the engine label or '' when none was chosen. */
export interface StoredVehicle {
  year: number;
  make: string;
  model: string;
  engine: string;
}

/** A saved vehicle with its names (null when the vehicle list no longer has it) and whether it is active. */
export interface SavedVehicle extends StoredVehicle {
  makeName: string | null;
  modelName: string | null;
  active: boolean;
}

/** One model year of a make and model in the vehicle list, with its names and every engine label it has. */
export interface ListedModel {
  year: number;
  make: string;
  makeName: string;
  model: string;
  modelName: string;
  engines: string[];
}

/** Garage reads and writes on one database (pass a transaction to combine them). */
export interface GarageRepository {
  /** The customer's saved vehicles in their garage order, with names from the vehicles table. */
  read(userId: string): Promise<SavedVehicle[]>;
  /**
   * Replaces the customer's garage with `vehicles` in the order given, `active` being the index of the active one
   * (null: none). The vehicles must differ (the unique index refuses a vehicle twice). Use inside a transaction.
   */
  replace(userId: string, garage: readonly StoredVehicle[], active: number | null): Promise<void>;
  /**
   * The vehicle list's model years among `keys` (year, make slug, model slug), each with its names and engine
   * labels; keys the list does not have are missing from the answer.
   */
  listedModels(keys: readonly Pick<StoredVehicle, 'year' | 'make' | 'model'>[]): Promise<ListedModel[]>;
  /** Takes the customer's lock (db/locks.ts) until the transaction ends. Only inside a transaction. */
  lock(userId: string): Promise<void>;
}

/** The key of a model year, for maps: '2019 toyota camry'. */
export function modelKey(vehicle: Pick<StoredVehicle, 'year' | 'make' | 'model'>): string {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
}

/** Builds the garage repository on `db` (the app's database or a transaction). Database errors propagate. */
export function createGarageRepository(db: AppDatabase): GarageRepository {
  /** The vehicle list's model years among `keys`, with names and engines (see GarageRepository.listedModels). */
  const listedModels = async (keys: readonly Pick<StoredVehicle, 'year' | 'make' | 'model'>[]) => {
    if (keys.length === 0) return [];
    const unique = [...new Map(keys.map((key) => [modelKey(key), key])).values()];
    const rows = await db
      .select({
        year: vehicles.year,
        make: vehicles.makeSlug,
        makeName: vehicles.make,
        model: vehicles.modelSlug,
        modelName: vehicles.model,
        engine: vehicles.engine,
      })
      .from(vehicles)
      .where(
        or(
          ...unique.map((key) =>
            and(
              eq(vehicles.year, key.year),
              eq(vehicles.makeSlug, key.make),
              eq(vehicles.modelSlug, key.model),
            ),
          ),
        ),
      )
      .orderBy(asc(vehicles.engine));
    const models = new Map<string, ListedModel>();
    for (const { engine, ...model } of rows) {
      const key = modelKey(model);
      const listed = models.get(key) ?? { ...model, engines: [] };
      models.set(key, listed);
      listed.engines.push(engine);
    }
    return [...models.values()];
  };

  return {
    async read(userId) {
      const rows = await db
        .select({
          year: garageVehicles.year,
          make: garageVehicles.makeSlug,
          model: garageVehicles.modelSlug,
          engine: garageVehicles.engine,
          active: garageVehicles.active,
        })
        .from(garageVehicles)
        .where(eq(garageVehicles.userId, userId))
        .orderBy(asc(garageVehicles.position), asc(garageVehicles.id));
      // Names do not vary by engine: any row of the model year names it.
      const named = new Map((await listedModels(rows)).map((model) => [modelKey(model), model]));
      return rows.map((row) => {
        const model = named.get(modelKey(row));
        return { ...row, makeName: model?.makeName ?? null, modelName: model?.modelName ?? null };
      });
    },

    async replace(userId, garage, active) {
      await db.delete(garageVehicles).where(eq(garageVehicles.userId, userId));
      if (garage.length === 0) return;
      await db.insert(garageVehicles).values(
        garage.map((vehicle, index) => ({
          userId,
          year: vehicle.year,
          makeSlug: vehicle.make,
          modelSlug: vehicle.model,
          engine: vehicle.engine,
          active: index === active,
          position: index,
        })),
      );
    },

    listedModels,

    lock(userId) {
      return lockCustomer(db, userId);
    },
  };
}
