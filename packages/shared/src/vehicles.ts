/**
 * Vehicles contract (docs/requirements.md §12 "Vehicle fitment"): the VIN rules of ISO 3779 and the North American
 * check digit (49 CFR 565.15), shared by the VIN field and the server, and the answer of `GET /vehicles/vin/{vin}`.
 */
import { z } from 'zod';

/** Length of a VIN. */
export const VIN_LENGTH = 17;

/** Transliteration of VIN letters for the check digit (49 CFR 565.15); I, O and Q never appear. */
const LETTER_VALUES: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
/** Weight of each position in the check-digit sum; position 9 (the check digit itself) weighs 0. */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit (position 9: '0'-'9' or 'X') that a well-formed 17-character `vin` must carry. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i += 1) {
    const char = vin[i]!;
    const value = /\d/.test(char) ? Number(char) : (LETTER_VALUES[char] ?? 0);
    sum += value * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** Why `vin` (upper-cased, trimmed) is not a well-formed VIN, or null: length, I/O/Q, other characters, check digit. */
export function vinProblem(vin: string): string | null {
  if (vin.length !== VIN_LENGTH) return `A VIN has ${VIN_LENGTH} characters`;
  if (/[IOQ]/.test(vin)) return 'A VIN never contains the letters I, O or Q';
  if (!/^[A-HJ-NPR-Z0-9]+$/.test(vin)) return 'A VIN has only letters and digits';
  if (vin[8] !== vinCheckDigit(vin)) return 'This VIN is mistyped: its check digit does not match';
  return null;
}

/** A make or model in the vehicle selector: its slug (the value) and name (the label). */
export const vehicleChoiceSchema = z.object({ slug: z.string(), name: z.string() });
export type VehicleChoice = z.infer<typeof vehicleChoiceSchema>;

/** An engine in the vehicle selector: the vehicle's id (the value) and the engine (the label). */
export const engineChoiceSchema = z.object({ id: z.number().int(), name: z.string() });
export type EngineChoice = z.infer<typeof engineChoiceSchema>;

/**
 * A vehicle as a VIN decodes (`GET /vehicles/vin/{vin}`): model year, make, model and, when the VIN tells it, the
 * engine, as vPIC names them ("HONDA", "2.4L 4-cyl (K24A4)"); `listed`, the same vehicle in the vehicle list (its
 * make and model, and the engine label the decoded engine is, or null when the list has no such engine), or null
 * when the list lacks the make or model; `notice`, for the user, what the list could not match (the vehicle, or
 * the engine: never dropped silently).
 */
export const decodedVinSchema = z.object({
  vin: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  engine: z.string().optional(),
  listed: z
    .object({ make: vehicleChoiceSchema, model: vehicleChoiceSchema, engine: z.string().nullable() })
    .nullable(),
  notice: z.string().optional(),
});
export type DecodedVin = z.infer<typeof decodedVinSchema>;

const yearParam = z.coerce
  .number({ message: 'year must be a model year' })
  .int({ message: 'year must be a model year' })
  .min(1900, { message: 'year must be a model year' })
  .max(2100, { message: 'year must be a model year' });
const slugParam = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .toLowerCase()
    .min(1, { message: `${label} is required` })
    .max(64, { message: `${label} must be at most 64 characters` });

/** `GET /vehicles/makes?year=`. */
export const vehicleMakesQuerySchema = z.object({ year: yearParam });
/** `GET /vehicles/models?year=&make=`. */
export const vehicleModelsQuerySchema = vehicleMakesQuerySchema.extend({ make: slugParam('make') });
/** `GET /vehicles/engines?year=&make=&model=`. */
export const vehicleEnginesQuerySchema = vehicleModelsQuerySchema.extend({ model: slugParam('model') });
