/**
 * Vehicle reads for the selector (docs/requirements.md §12): the model years, then the makes of a year, the models
 * of a year and make, and the engines of a year, make and model, each narrowing the next.
 */
import type { EngineChoice, VehicleChoice } from '@partsforge/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { vehicles } from '../../db/schema/index.js';

/** Selector lists on one database. */
export interface VehicleRepository {
  /** Every model year that has a vehicle, newest first. */
  years(): Promise<number[]>;
  /** The makes with a vehicle in `year`, by name. */
  makes(year: number): Promise<VehicleChoice[]>;
  /** The models of `make` (slug) in `year`, by name. */
  models(year: number, make: string): Promise<VehicleChoice[]>;
  /** The engines of that model year, by name; each carries its vehicle's id. */
  engines(year: number, make: string, model: string): Promise<EngineChoice[]>;
}

/** Builds the repository on `db`. Database errors propagate. */
export function createVehicleRepository(db: AppDatabase): VehicleRepository {
  return {
    async years() {
      const rows = await db
        .selectDistinct({ year: vehicles.year })
        .from(vehicles)
        .orderBy(desc(vehicles.year));
      return rows.map((row) => row.year);
    },
    makes(year) {
      return db
        .selectDistinct({ slug: vehicles.makeSlug, name: vehicles.make })
        .from(vehicles)
        .where(eq(vehicles.year, year))
        .orderBy(asc(vehicles.make));
    },
    models(year, make) {
      return db
        .selectDistinct({ slug: vehicles.modelSlug, name: vehicles.model })
        .from(vehicles)
        .where(and(eq(vehicles.year, year), eq(vehicles.makeSlug, make)))
        .orderBy(asc(vehicles.model));
    },
    engines(year, make, model) {
      return db
        .select({ id: vehicles.id, name: vehicles.engine })
        .from(vehicles)
        .where(and(eq(vehicles.year, year), eq(vehicles.makeSlug, make), eq(vehicles.modelSlug, model)))
        .orderBy(asc(vehicles.engine));
    },
  };
}
