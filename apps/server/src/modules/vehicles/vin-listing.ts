/**
 * A decoded VIN's vehicle in the vehicle list (docs/requirements.md §12 "VIN decoding"): vPIC names a make and model
 * its own way ("HONDA", "F-150") and an engine with its code ("2.4L 4-cyl (K24A4)"), the list by its names, slugs and
 * engine labels ("2.4L 4-cyl"). What cannot be matched is said in a notice for the user, never dropped silently.
 */
import { messages, type DecodedVin, type EngineChoice, type VehicleChoice } from '@partsforge/shared';
import type { VehicleRepository } from './vehicle-repository.js';
import type { VinVehicle } from './vin-decoder.js';

/** The vehicle list's slug of a name: lower case, every run of other characters one '-' ("Mercedes-Benz", "F-150"). */
function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The make or model of a list that a VIN's name names: the same name in any case, or the same slug. */
function findChoice(choices: readonly VehicleChoice[], name: string): VehicleChoice | undefined {
  const lower = name.trim().toLowerCase();
  const slug = slugOf(name);
  return choices.find((choice) => choice.name.toLowerCase() === lower || choice.slug === slug);
}

/**
 * The engine label of the list that a VIN's engine ("1.5L 4-cyl (L15BE)") is: the same label, the label without
 * the engine code in brackets, or a label it starts with; null when none is.
 */
function matchEngine(engines: readonly EngineChoice[], decoded: string): string | null {
  const full = decoded.trim().toLowerCase();
  const base = full.replace(/\s*\(.*\)\s*$/, '');
  const names = engines.map((engine) => engine.name);
  return (
    names.find((name) => name.toLowerCase() === full) ??
    names.find((name) => name.toLowerCase() === base) ??
    names.find((name) => full.startsWith(`${name.toLowerCase()} `)) ??
    null
  );
}

/**
 * `vehicle` with its match in the list of `repository` (`listed`) and, when the list lacks the vehicle or the decoded
 * engine, the `notice` that says so (messages.vehicles.selector notListed, engineNotListed). Database errors propagate.
 */
export async function withListing(
  repository: VehicleRepository,
  vehicle: VinVehicle,
): Promise<Pick<DecodedVin, 'listed' | 'notice'>> {
  const text = messages.vehicles.selector;
  const make = findChoice(await repository.makes(vehicle.year), vehicle.make);
  const model = make && findChoice(await repository.models(vehicle.year, make.slug), vehicle.model);
  if (!make || !model)
    return { listed: null, notice: text.notListed(`${vehicle.year} ${vehicle.make} ${vehicle.model}`) };
  if (!vehicle.engine) return { listed: { make, model, engine: null } };
  const engine = matchEngine(await repository.engines(vehicle.year, make.slug, model.slug), vehicle.engine);
  return {
    listed: { make, model, engine },
    ...(engine === null ? { notice: text.engineNotListed(vehicle.engine) } : {}),
  };
}
