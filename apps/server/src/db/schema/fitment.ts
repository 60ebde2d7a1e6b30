/**
 * Vehicle fitment (docs/requirements.md §12; docs/decisions/020-fitment-model.md): which vehicles each part fits,
 * as application rows in the sense of the Auto Care Association's ACES standard (make, model, a range of model
 * years, optionally an engine and a submodel, the position on the vehicle, the quantity per vehicle and a note),
 * and the vehicles customers keep in My Garage. Makes and models are the `vehicles` table's slugs; an engine is
 * one of its engine labels ('2.5L 4-cyl'), null meaning every engine of the model.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { parts } from './catalog.js';
import { users } from './identity.js';

/** One application row of a part: the vehicles `make_slug` `model_slug` of `year_from`..`year_to` (inclusive). */
export const partFitments = pgTable(
  'part_fitments',
  {
    id: serial('id').primaryKey(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    makeSlug: text('make_slug').notNull(),
    modelSlug: text('model_slug').notNull(),
    yearFrom: smallint('year_from').notNull(),
    yearTo: smallint('year_to').notNull(),
    /** An engine label of the vehicles table; null: every engine. */
    engine: text('engine'),
    submodel: text('submodel'),
    /** 'Front', 'Rear Left', 'Front Upper'... (shared fitmentPositionProblem); null: not position-specific. */
    position: text('position'),
    /** Parts needed per vehicle. */
    quantity: smallint('quantity').notNull().default(1),
    note: text('note'),
  },
  (table) => [
    // The vehicle filter: every row of one make and model, by first year (the last year is checked on the row).
    index('part_fitments_vehicle_idx').on(
      table.makeSlug,
      table.modelSlug,
      table.yearFrom,
      table.yearTo,
      table.partId,
    ),
    index('part_fitments_part_id_idx').on(table.partId, table.makeSlug, table.modelSlug, table.yearFrom),
    check('part_fitments_years', sql`${table.yearFrom} <= ${table.yearTo}`),
    check('part_fitments_quantity', sql`${table.quantity} between 1 and 99`),
  ],
);
export type PartFitmentRow = typeof partFitments.$inferSelect;
export type NewPartFitmentRow = typeof partFitments.$inferInsert;

/**
 * A customer's saved vehicles (My Garage), at most GARAGE_MAX_VEHICLES, in the order saved; at most one active.
 * A vehicle is a model year, make and model, with the engine when the customer chose one.
 */
export const garageVehicles = pgTable(
  'garage_vehicles',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    makeSlug: text('make_slug').notNull(),
    modelSlug: text('model_slug').notNull(),
    /** Engine label, or '' when the customer did not choose one (so the unique index sees it). */
    engine: text('engine').notNull().default(''),
    active: boolean('active').notNull().default(false),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('garage_vehicles_unique').on(
      table.userId,
      table.year,
      table.makeSlug,
      table.modelSlug,
      table.engine,
    ),
    uniqueIndex('garage_vehicles_one_active')
      .on(table.userId)
      .where(sql`${table.active}`),
    index('garage_vehicles_user_idx').on(table.userId, table.position),
  ],
);
export type GarageVehicleRow = typeof garageVehicles.$inferSelect;
