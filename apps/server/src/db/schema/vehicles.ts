/**
 * Vehicles (docs/requirements.md §12; docs/decisions/019): one row per model year, make, model and engine, from
 * NHTSA's vPIC data for the catalogue's makes, 1990 to 2026. Slugs are lower-case names with dashes
 * ("mercedes-benz", "f-150"); `engine` is a label such as "2.5L 4-cyl".
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    makeSlug: text('make_slug').notNull(),
    make: text('make').notNull(),
    modelSlug: text('model_slug').notNull(),
    model: text('model').notNull(),
    engine: text('engine').notNull(),
  },
  (table) => [
    uniqueIndex('vehicles_unique').on(table.year, table.makeSlug, table.modelSlug, table.engine),
    index('vehicles_make_model_idx').on(table.makeSlug, table.modelSlug, table.year),
    check('vehicles_year_range', sql`${table.year} between 1900 and 2100`),
  ],
);
export type VehicleRow = typeof vehicles.$inferSelect;
