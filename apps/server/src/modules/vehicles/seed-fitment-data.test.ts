/**
 * The demo catalogue's fitment data (docs/requirements.md §12; apps/server/src/db/seed-data) names only what the
 * vehicle list has: read here, where the vehicle list is read (NHTSA vPIC, readVpicVehicles), every model the
 * catalogue names maps to vehicle models, the snapshot the generator uses still equals the list, and every curated
 * part is universal or has rows the list has.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CURATED_FITMENT } from '../../db/seed-data/curated-fitment.js';
import {
  fitmentRowProblem,
  fitmentVehiclesOf,
  MODEL_CLASSES,
  MODEL_ENGINES,
  MODEL_SLUGS,
  PART_TYPE_FITMENT,
  SIBLING_MODELS,
  SUBMODELS,
  UNIVERSAL_PART_TYPES,
  vehicleYearsOf,
  type VehicleYears,
} from '../../db/seed-data/fitment.js';
import { FITMENT_VEHICLES } from '../../db/seed-data/fitment-vehicles.js';
import { makes, partTypes, parts, type SeedFitment } from '../../db/seed-data/index.js';
import { readVpicVehicles, type NewVehicle } from './vehicle-catalog.js';

describe('demo fitment data', () => {
  let vehicleRows: NewVehicle[];
  let vehicles: VehicleYears;
  beforeAll(async () => {
    vehicleRows = await readVpicVehicles();
    vehicles = vehicleYearsOf(vehicleRows);
  }, 60_000);

  it('maps every catalogue model to vehicle models the vehicle list has', () => {
    for (const make of makes) {
      expect(Object.keys(MODEL_SLUGS[make.slug] ?? {}).sort(), make.slug).toEqual([...make.models].sort());
      for (const model of make.models)
        for (const slug of MODEL_SLUGS[make.slug]![model]!)
          expect(vehicles.has(`${make.slug}/${slug}`), `${make.slug} ${model} -> ${slug}`).toBe(true);
    }
    expect(MODEL_SLUGS.chevrolet!['Silverado 1500']).toEqual(['silverado']);
    expect(MODEL_SLUGS.gmc!['Sierra 2500HD']).toEqual(['sierra-hd']);
    expect(MODEL_SLUGS.bmw!['3 Series']).toEqual(['320i', '328i', '330i', '335i']);
    expect(MODEL_SLUGS['mercedes-benz']!.GLC).toEqual(['glc-class']);
    expect(MODEL_SLUGS.mazda!['MX-5 Miata']).toEqual(['mx-5']);
    expect(MODEL_SLUGS.ram!.ProMaster).toEqual(['promaster-1500', 'promaster-2500']);
  });

  it('knows the engines and class of every model it names, and of the siblings, in the vehicle list', () => {
    const named = [
      ...Object.entries(MODEL_SLUGS).flatMap(([make, models]) =>
        Object.values(models).flatMap((slugs) => slugs.map((slug) => `${make}/${slug}`)),
      ),
      ...SIBLING_MODELS.flatMap((pair) => pair.models),
      ...Object.keys(SUBMODELS),
    ];
    for (const key of named) {
      expect(MODEL_ENGINES[key], key).toBeDefined();
      expect(MODEL_CLASSES[key], key).toBeDefined();
    }
    for (const key of [...Object.keys(MODEL_ENGINES), ...Object.keys(MODEL_CLASSES)])
      expect(vehicles.has(key), key).toBe(true);
    for (const type of partTypes)
      expect(
        UNIVERSAL_PART_TYPES.has(type.slug) || PART_TYPE_FITMENT[type.slug] !== undefined,
        type.slug,
      ).toBe(true);
  });

  it('keeps a snapshot of the vehicle list that still equals it (fitment-vehicles.ts; fitmentVehiclesOf rebuilds it)', () => {
    const expected = fitmentVehiclesOf(vehicleRows);
    expect(FITMENT_VEHICLES, JSON.stringify(expected)).toEqual(expected);
    expect(FITMENT_VEHICLES['toyota/camry']!.engines['2.5L 4-cyl']).toBe('2010-2026');
    expect(FITMENT_VEHICLES['hyundai/palisade']!.years).toBe('2020-2026');
  });

  it('gives every curated part fitment: universal without rows, or rows the vehicle list has', () => {
    const skus = new Set(parts.map((part) => part.sku));
    expect(Object.keys(CURATED_FITMENT).filter((sku) => !skus.has(sku))).toEqual([]);
    for (const part of parts) {
      if (part.universal) {
        expect(part.fitment ?? [], part.sku).toEqual([]);
        expect(part.make, part.sku).toBeNull();
        continue;
      }
      expect(part.fitment?.length ?? 0, part.sku).toBeGreaterThan(0);
      for (const row of part.fitment!) expect(fitmentRowProblem(row, vehicles), part.sku).toBeNull();
      // Its rows are for its own make, and sibling makes (a part of no make, such as a battery, fits any make).
      expect(part.make === null || part.fitment!.some((row) => row.make === part.make), part.sku).toBe(true);
    }
    expect(parts.filter((part) => part.universal).map((part) => part.sku)).toEqual(
      expect.arrayContaining(['BF-UNV-04012', 'LED-UNV-H1165', 'WB-UNV-22000', 'FM-UNV-70100']),
    );
    // A battery takes one group size and a U-joint one driveline series: never "Universal fit", rows instead.
    for (const sku of ['BAT-UNV-48760', 'BAT-UNV-94850', 'UJ-UNV-13100', 'UJ-UNV-13500']) {
      const part = parts.find((candidate) => candidate.sku === sku)!;
      expect(part.universal ?? false, sku).toBe(false);
      expect(
        part.fitment!.every((row) => /^With a (Group \S+ \(H\d\)|\d{4} series)/.test(row.note ?? '')),
        sku,
      ).toBe(true);
    }
    const numbered = parts.filter((part) => (part.interchangeNumbers ?? []).length > 0);
    expect(numbered.length).toBeGreaterThanOrEqual(12);
    for (const part of numbered)
      for (const number of part.interchangeNumbers!)
        expect(number).toMatch(/^[A-Za-z0-9][A-Za-z0-9 .-]{0,39}$/);
  });

  /** The curated parts with a row for that vehicle (engine null: any engine of it). */
  const fitting = (year: number, make: string, model: string, engines: string[]) =>
    parts.filter((part) =>
      (part.fitment ?? []).some(
        (row: SeedFitment) =>
          row.make === make &&
          row.model === model &&
          row.yearFrom <= year &&
          year <= row.yearTo &&
          (row.engine === null || engines.includes(row.engine)),
      ),
    );

  it.each([
    [2019, 'toyota', 'camry', ['2.5L 4-cyl', '3.5L 6-cyl']],
    [2008, 'honda', 'civic', ['1.8L']],
    [2019, 'ford', 'f-150', ['2.7L 6-cyl', '3.0L 6-cyl', '3.3L 6-cyl', '3.5L 6-cyl', '5.0L 8-cyl']],
  ])('has brake pads and more parts that fit a %i %s %s', (year, make, model, engines) => {
    for (const engine of engines)
      expect(vehicles.get(`${make}/${model}`)?.get(year)?.has(engine), engine).toBe(true);
    const found = fitting(year, make, model, engines);
    expect(found.some((part) => /Brake Pad Set/.test(part.name))).toBe(true);
    expect(found.filter((part) => !/Brake Pad Set/.test(part.name)).length).toBeGreaterThanOrEqual(2);
    expect(found.some((part) => /Brake Rotor|Shock Absorber|Strut/.test(part.name))).toBe(true);
  });

  it('has the parts the search examples name, and keeps the featured six first', () => {
    const text = (part: (typeof parts)[number]) => `${part.name} ${part.description}`;
    expect(parts.some((part) => text(part).includes('Shock Absorber'))).toBe(true);
    expect(parts.some((part) => /Brake Rotor|Brake Disc/.test(text(part)))).toBe(true);
    expect(parts.some((part) => text(part).includes('Spark Plug'))).toBe(true);
    expect(parts.some((part) => part.make === 'chevrolet')).toBe(true);
    expect(parts.some((part) => part.make === 'volkswagen')).toBe(true);
    expect(parts.slice(0, 6).map((part) => part.sku)).toEqual([
      'BP-TOY-48210',
      'IC-FRD-26740',
      'STA-HON-33190',
      'RAD-CHV-13420',
      'TL-JEP-55770',
      'CK-SUB-30210',
    ]);
  });
});
