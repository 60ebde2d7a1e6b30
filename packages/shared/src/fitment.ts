/**
 * Fitment and My Garage contract (docs/requirements.md §12; docs/decisions/020-fitment-model.md): a part's
 * application rows (ACES-like: make, model, years, optional engine and submodel, position, quantity per vehicle,
 * note), the fitment a vehicle-filtered list gives each part, the vehicle filters of `GET /parts`, and the saved
 * vehicles of `GET/PUT /garage`. Makes and models are the vehicle list's slugs ('toyota', 'f-150').
 */
import { z } from 'zod';
import { plainText } from './text-fields.js';

/** First and last model years of the vehicle list. */
export const FIRST_VEHICLE_YEAR = 1990;
export const LAST_VEHICLE_YEAR = 2026;
/** Most vehicles one garage keeps. */
export const GARAGE_MAX_VEHICLES = 10;
/** Most application rows one part has. */
export const MAX_FITMENT_ROWS = 500;
/** Longest note of an application row. */
export const FITMENT_NOTE_MAX_LENGTH = 200;
/** Longest submodel and engine label. */
export const FITMENT_LABEL_MAX_LENGTH = 64;
/** Most OE and interchange numbers of one part, and the longest. */
export const MAX_INTERCHANGE_NUMBERS = 20;
export const INTERCHANGE_NUMBER_MAX_LENGTH = 40;

/** The words of a position, in the order they are written: axle, side, level ('Front Left', 'Rear Upper'). */
export const FITMENT_POSITION_AXES = [
  ['Front', 'Rear'],
  ['Left', 'Right'],
  ['Upper', 'Lower'],
] as const;

/**
 * Why `position` is not a position, or null: one to three of Front/Rear, Left/Right, Upper/Lower, at most one of
 * each pair, in that order, separated by single spaces ('Front Left'; not 'Left Front' or 'Front Rear').
 */
export function fitmentPositionProblem(position: string): string | null {
  const words = position.split(' ');
  let axis = 0;
  for (const word of words) {
    while (
      axis < FITMENT_POSITION_AXES.length &&
      !(FITMENT_POSITION_AXES[axis] as readonly string[]).includes(word)
    )
      axis += 1;
    if (axis === FITMENT_POSITION_AXES.length)
      return 'Position is Front or Rear, then Left or Right, then Upper or Lower (e.g. "Front Left")';
    axis += 1;
  }
  return null;
}

/** A slug of the vehicle list: lower-case letters, digits and dashes ('mercedes-benz', 'f-150'). */
const SLUG = /^[a-z0-9-]*$/;

const optionalLabel = (label: string, max: number) =>
  // One line of plain text (text-fields.ts): no HTML tag, no control character.
  plainText(
    z
      .string()
      .trim()
      .max(max, { message: `${label} must be at most ${max} characters` }),
    label,
  )
    .transform((value) => value || null)
    .nullish()
    .transform((value) => value ?? null);

const modelYear = (label: string) =>
  z
    .number({ message: `${label} must be a model year` })
    .int({ message: `${label} must be a model year` })
    .min(FIRST_VEHICLE_YEAR, { message: `${label} must be ${FIRST_VEHICLE_YEAR} or later` })
    .max(LAST_VEHICLE_YEAR, { message: `${label} must be ${LAST_VEHICLE_YEAR} or earlier` });

const slugField = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .toLowerCase()
    .min(1, { message: `${label} is required` })
    .max(64, { message: `${label} must be at most 64 characters` })
    .regex(SLUG, { message: `${label} must be a slug of the vehicle list, such as toyota or f-150` });

/** One application row as an admin writes it (`PUT /parts/{id}/fitment`); make and model are slugs. */
export const fitmentRowInputSchema = z
  .object({
    make: slugField('Make'),
    model: slugField('Model'),
    yearFrom: modelYear('From year'),
    yearTo: modelYear('To year'),
    engine: optionalLabel('Engine', FITMENT_LABEL_MAX_LENGTH),
    submodel: optionalLabel('Submodel', FITMENT_LABEL_MAX_LENGTH),
    position: optionalLabel('Position', 32).refine((value) => !value || !fitmentPositionProblem(value), {
      message: 'Position is Front or Rear, then Left or Right, then Upper or Lower (e.g. "Front Left")',
    }),
    quantity: z
      .number({ message: 'Quantity per vehicle is required' })
      .int({ message: 'Quantity per vehicle must be a whole number' })
      .min(1, { message: 'Quantity per vehicle must be at least 1' })
      .max(99, { message: 'Quantity per vehicle must be at most 99' })
      .default(1),
    note: optionalLabel('Note', FITMENT_NOTE_MAX_LENGTH),
  })
  .refine((row) => row.yearFrom <= row.yearTo, {
    path: ['yearTo'],
    message: 'To year must not be before From year',
  });
export type FitmentRowInput = z.input<typeof fitmentRowInputSchema>;

/** `PUT /parts/{id}/fitment` body: the part's whole fitment (replaces every row); a universal part has no rows. */
export const partFitmentInputSchema = z
  .object({
    universal: z.boolean({ message: 'universal must be true or false' }),
    rows: z
      .array(fitmentRowInputSchema)
      .max(MAX_FITMENT_ROWS, { message: `At most ${MAX_FITMENT_ROWS} fitment rows` }),
  })
  .refine((input) => !input.universal || input.rows.length === 0, {
    path: ['rows'],
    message: 'A universal part fits every vehicle: it has no fitment rows',
  });
export type PartFitmentInput = z.input<typeof partFitmentInputSchema>;

/** One application row as `GET /parts/{id}/fitment` lists it, with the make's and model's names. */
export const fitmentRowSchema = z.object({
  _id: z.number().int(),
  make: z.string(),
  makeName: z.string(),
  model: z.string(),
  modelName: z.string(),
  yearFrom: z.number().int(),
  yearTo: z.number().int(),
  engine: z.string().nullable(),
  submodel: z.string().nullable(),
  position: z.string().nullable(),
  quantity: z.number().int(),
  note: z.string().nullable(),
});
export type FitmentRow = z.infer<typeof fitmentRowSchema>;

/** Query of `GET /parts/{id}/fitment`: paging, and optional make and model slugs. */
export const fitmentQuerySchema = z.object({
  make: z
    .string()
    .trim()
    .toLowerCase()
    .max(64)
    .regex(SLUG, { message: 'make must be a slug of the vehicle list, such as toyota' })
    .optional(),
  model: z
    .string()
    .trim()
    .toLowerCase()
    .max(64)
    .regex(SLUG, { message: 'model must be a slug of the vehicle list, such as f-150' })
    .optional(),
  limit: z.coerce
    .number({ message: 'limit must be a whole number' })
    .int({ message: 'limit must be a whole number' })
    .min(1, { message: 'limit must be at least 1' })
    .max(100, { message: 'limit must be at most 100' })
    .default(20),
  offset: z.coerce
    .number({ message: 'offset must be a whole number' })
    .int({ message: 'offset must be a whole number' })
    .min(0, { message: 'offset must be 0 or more' })
    .max(1_000_000, { message: 'offset is too large' })
    .default(0),
});
export type FitmentQuery = z.infer<typeof fitmentQuerySchema>;

/**
 * How a part fits the vehicle of a vehicle-filtered `GET /parts`: 'fits' (an application row; its position and
 * note when it has them) or 'universal'.
 */
export const partFitmentSchema = z.object({
  status: z.enum(['fits', 'universal']),
  position: z.string().optional(),
  note: z.string().optional(),
});
export type PartFitment = z.infer<typeof partFitmentSchema>;

/**
 * The vehicle a search's text was read as (header X-Search-Vehicle of `GET /parts`, URI-encoded JSON): its words,
 * what they meant, and `q` without them (`remainder`) to search again without the vehicle.
 */
export const searchVehicleSchema = z.object({
  year: z.number().int().optional(),
  make: z.object({ slug: z.string(), name: z.string() }),
  model: z.object({ slug: z.string(), name: z.string() }).optional(),
  /** e.g. '2019 Toyota Camry', 'Ford F-150', 'Chevrolet'. */
  label: z.string(),
  remainder: z.string(),
});
export type SearchVehicle = z.infer<typeof searchVehicleSchema>;
/** Response header of `GET /parts` carrying the SearchVehicle its `q` was read as. */
export const SEARCH_VEHICLE_HEADER = 'X-Search-Vehicle';

/** A vehicle as the garage and the catalogue filter name it: model year, make and model slugs, optional engine. */
export const vehicleKeySchema = z.object({
  year: modelYear('Year'),
  make: slugField('Make'),
  model: slugField('Model'),
  /** Engine label ('2.5L 4-cyl'); omitted or null: not chosen. */
  engine: optionalLabel('Engine', FITMENT_LABEL_MAX_LENGTH),
});
export type VehicleKey = z.input<typeof vehicleKeySchema>;

/** A saved vehicle with its names, as `GET /garage` answers. */
export const garageVehicleSchema = z.object({
  year: z.number().int(),
  make: z.string(),
  makeName: z.string(),
  model: z.string(),
  modelName: z.string(),
  engine: z.string().nullable(),
  /** '2019 Toyota Camry' (with ' 2.5L 4-cyl' when the engine is chosen). */
  label: z.string(),
});
export type GarageVehicle = z.infer<typeof garageVehicleSchema>;

/** `GET /garage` and `PUT /garage` answer: the saved vehicles, in order, and the index of the active one. */
export const garageSchema = z.object({
  vehicles: z.array(garageVehicleSchema),
  active: z.number().int().nullable(),
});
export type Garage = z.infer<typeof garageSchema>;

/**
 * `PUT /garage` body: the whole garage (at most GARAGE_MAX_VEHICLES, no vehicle twice) and the index of the
 * active vehicle (null: none). `POST /garage/merge` takes the same shape: a visitor's garage added to the saved one.
 */
export const garageInputSchema = z
  .object({
    vehicles: z
      .array(vehicleKeySchema)
      .max(GARAGE_MAX_VEHICLES, { message: `My Garage keeps at most ${GARAGE_MAX_VEHICLES} vehicles` }),
    active: z.number().int().min(0).nullable().default(null),
  })
  .refine((garage) => garage.active === null || garage.active < garage.vehicles.length, {
    path: ['active'],
    message: 'active must be the index of one of the vehicles',
  });
export type GarageInput = z.input<typeof garageInputSchema>;

/** Whether two vehicle keys name the same vehicle (slugs and engine compared as given, no engine = null). */
export function sameVehicle(a: VehicleKey, b: VehicleKey): boolean {
  return (
    a.year === b.year &&
    a.make.toLowerCase() === b.make.toLowerCase() &&
    a.model.toLowerCase() === b.model.toLowerCase() &&
    (a.engine || null) === (b.engine || null)
  );
}

/** A chosen vehicle with names, as the web app holds the active one (a GarageVehicle without its label). */
export type NamedVehicle = Omit<GarageVehicle, 'label'>;

/** '2019 Toyota Camry', with ' 2.5L 4-cyl' when `withEngine` and an engine is chosen. */
export function vehicleLabel(vehicle: NamedVehicle, { withEngine = false } = {}): string {
  const base = `${vehicle.year} ${vehicle.makeName} ${vehicle.modelName}`;
  return withEngine && vehicle.engine ? `${base} ${vehicle.engine}` : base;
}

/**
 * Whether application row `row` covers `vehicle`: same make and model slugs, the year inside the row's years, and
 * the row for every engine, or for the vehicle's engine, or the vehicle's engine not chosen (docs/requirements.md §12).
 */
export function rowFitsVehicle(
  row: Pick<FitmentRow, 'make' | 'model' | 'yearFrom' | 'yearTo' | 'engine'>,
  vehicle: Pick<VehicleKey, 'year' | 'make' | 'model' | 'engine'>,
): boolean {
  return (
    row.make === vehicle.make.toLowerCase() &&
    row.model === vehicle.model.toLowerCase() &&
    row.yearFrom <= vehicle.year &&
    vehicle.year <= row.yearTo &&
    (!row.engine || !vehicle.engine || row.engine === vehicle.engine)
  );
}
