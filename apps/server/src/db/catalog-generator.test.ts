import { beforeAll, describe, expect, it } from 'vitest';
import { INTERCHANGE_NUMBER_MAX_LENGTH } from '@partsforge/shared/fitment';
import { priceBreaksProblem } from '@partsforge/shared/pricing';
import {
  DEFAULT_CATALOG_SEED,
  demoCatalog,
  generateParts,
  interchangeNumbersOf,
  makeCode,
  partFitment,
  withWholesaleTerms,
} from './catalog-generator.js';
import {
  fitmentRowProblem,
  MODEL_SLUGS,
  UNIVERSAL_PART_TYPES,
  vehicleYearsOf,
  type VehicleYears,
} from './seed-data/fitment.js';
import { FITMENT_VEHICLES } from './seed-data/fitment-vehicles.js';
import {
  makes,
  partTypes,
  parts as curatedParts,
  type SeedFitment,
  type SeedPart,
} from './seed-data/index.js';

const options = { makes, partTypes, curated: curatedParts };

describe('generateParts', () => {
  const generated = generateParts(5000, options);

  it('gives exactly the requested number of parts, the curated ones first', () => {
    expect(generated).toHaveLength(5000);
    expect(generated.slice(0, curatedParts.length)).toEqual(curatedParts);
    expect(generateParts(50, options)).toEqual(curatedParts.slice(0, 50));
    expect(generateParts(0, options)).toEqual([]);
  });

  it('is reproducible: the same seed gives the same catalogue, another seed another one', () => {
    expect(generateParts(5000, options)).toEqual(generated);
    expect(generateParts(5000, { ...options, seed: DEFAULT_CATALOG_SEED })).toEqual(generated);
    expect(generateParts(5000, { ...options, seed: 7 }).slice(curatedParts.length)).not.toEqual(
      generated.slice(curatedParts.length),
    );
  });

  it('uses unique part numbers in the demo format: type prefix, make code, five digits', () => {
    expect(new Set(generated.map((part) => part.sku)).size).toBe(generated.length);
    const typeBySlug = new Map(partTypes.map((type) => [type.img, type]));
    for (const part of generated.slice(curatedParts.length)) {
      const type = typeBySlug.get(part.img)!;
      expect(part.sku, part.name).toBe(`${type.skuPrefix}-${makeCode(part.make!)}-${part.sku.slice(-5)}`);
      expect(part.sku).toMatch(/^[A-Z0-9]+-[A-Z]{2,3}-\d{5}$/);
    }
  });

  it('builds each part from a real part type, make and model, with wholesale quantities and prices', () => {
    const typeByImg = new Map(partTypes.map((type) => [type.img, type]));
    const makeBySlug = new Map(makes.map((make) => [make.slug, make]));
    for (const part of generated.slice(curatedParts.length)) {
      const type = typeByImg.get(part.img)!;
      const make = makeBySlug.get(part.make!)!;
      expect(part.category).toBe(type.category);
      expect(part.name).toContain(type.name);
      expect(
        make.models.some((model) => part.name.includes(`${make.name} ${model}`)),
        part.name,
      ).toBe(true);
      expect(part.description).not.toMatch(/\{make\}|\{model\}/);
      expect(type.minqtyChoices).toContain(part.minqty);
      expect(part.available % part.minqty).toBe(0);
      expect(part.available).toBeGreaterThanOrEqual(2 * part.minqty);
      expect(Number.isInteger(part.priceCents)).toBe(true);
      expect(part.priceCents).toBeGreaterThanOrEqual(type.priceCents.min);
      expect(part.priceCents).toBeLessThanOrEqual(type.priceCents.max);
      expect(part.name).toMatch(/ (19|20)\d\d-(19|20)\d\d$/);
    }
  });

  it('spreads parts over every part type and make', () => {
    expect(new Set(generated.map((part) => part.img)).size).toBe(partTypes.length);
    expect(new Set(generated.map((part) => part.make))).toEqual(
      new Set([...makes.map((make) => make.slug), null]),
    );
  });

  it('rejects a negative or fractional count', () => {
    expect(() => generateParts(-1, options)).toThrow('whole number');
    expect(() => generateParts(1.5, options)).toThrow('whole number');
  });
});

describe('demoCatalog', () => {
  it('is the curated demo catalogue by default, and has exactly N parts when asked', async () => {
    expect((await demoCatalog()).parts).toEqual(curatedParts.map(withWholesaleTerms));
    const large = await demoCatalog(1000);
    expect(large.parts).toHaveLength(1000);
    expect(large.makes).toEqual(makes);
  });

  it('gives parts wholesale terms: packs that divide the minimum, valid breaks on about 60%, some on the first page', async () => {
    const catalogue = (await demoCatalog(88_000)).parts;
    for (const part of catalogue) {
      expect(part.minqty % part.packSize!).toBe(0);
      expect(priceBreaksProblem(part.priceCents, part.priceBreaks!)).toBeNull();
      for (const tier of part.priceBreaks!) expect(tier.minQuantity % part.packSize!).toBe(0);
    }
    const share = (test: (part: (typeof catalogue)[number]) => boolean) =>
      catalogue.filter(test).length / catalogue.length;
    expect(share((part) => part.priceBreaks!.length > 0)).toBeGreaterThan(0.5);
    expect(share((part) => part.priceBreaks!.length > 0)).toBeLessThan(0.7);
    expect(share((part) => part.packSize! > 1)).toBeGreaterThan(0.2);
    // Bolts-and-filters packs, axle sets and single bulky parts, from the first page of the catalogue on.
    const firstPage = catalogue.slice(0, 24);
    expect(firstPage.some((part) => part.priceBreaks!.length > 0)).toBe(true);
    expect(firstPage.some((part) => part.packSize! > 1)).toBe(true);
    const packOf = (prefix: string) => catalogue.find((part) => part.sku.startsWith(`${prefix}-`))!.packSize;
    expect(packOf('BP')).toBe(2);
    expect([10, 25]).toContain(packOf('OF'));
    expect(packOf('RAD')).toBe(1);
    // The same part number always gets the same terms.
    expect(withWholesaleTerms(catalogue[500]!)).toEqual(catalogue[500]);
  });
});

/**
 * The vehicle list as the snapshot the generator reads has it (seed-data/fitment-vehicles.ts): each model's years,
 * and its common engines' labels in theirs. seed-data.test.ts checks that the snapshot equals what the vehicles
 * module reads from vPIC (readVpicVehicles), so a row valid here is a row of the vehicles table.
 */
function snapshotVehicles(): VehicleYears {
  const years = (runs: string) =>
    runs.split(' ').flatMap((run) => {
      const [from, to = from] = run.split('-').map(Number) as [number, number?];
      return Array.from({ length: to - from + 1 }, (_, index) => from + index);
    });
  return vehicleYearsOf(
    Object.entries(FITMENT_VEHICLES).flatMap(([key, vehicle]) => {
      const [makeSlug, modelSlug] = key.split('/') as [string, string];
      return [
        ...years(vehicle.years).map((year) => ({ year, makeSlug, modelSlug, engine: '' })),
        ...Object.entries(vehicle.engines).flatMap(([engine, runs]) =>
          years(runs).map((year) => ({ year, makeSlug, modelSlug, engine })),
        ),
      ];
    }),
  );
}

describe('partFitment', () => {
  let catalogue: SeedPart[];
  let generated: SeedPart[];
  /** Each part's rows, by part. */
  let fitment: Map<SeedPart, SeedFitment[]>;
  let vehicles: VehicleYears;
  const typeByImg = new Map(partTypes.map((type) => [type.img, type]));
  const rowsOf = (part: SeedPart) => fitment.get(part)!;
  beforeAll(async () => {
    catalogue = (await demoCatalog(88_000)).parts;
    generated = catalogue.slice(curatedParts.length);
    fitment = new Map(catalogue.map((part) => [part, partFitment(part)]));
    vehicles = snapshotVehicles();
  }, 60_000);

  it('gives the 88,000-part catalogue about half a million rows, the same every time and whatever the order', () => {
    let rows = 0;
    for (const part of catalogue) rows += rowsOf(part).length;
    expect(rows).toBeGreaterThan(450_000);
    expect(rows).toBeLessThan(550_000);
    // Generated again: the same rows; worked out in reverse order: the same rows (they depend on the part alone).
    const again = generateParts(3000, { makes, partTypes, curated: curatedParts });
    const sample = catalogue.slice(0, 3000);
    expect(again.map(partFitment)).toEqual(sample.map(partFitment));
    expect([...sample].reverse().map(partFitment).reverse()).toEqual(sample.map(partFitment));
    expect(partFitment({ ...sample[2000]! })).toEqual(partFitment(sample[2000]!));
  });

  it('writes only what the vehicle list has: models, model years and engine labels; valid positions and quantities', () => {
    expect(vehicles.get('ford/f-150')?.get(2019)?.has('3.5L 6-cyl')).toBe(true);
    const problems: string[] = [];
    for (const part of catalogue)
      for (const row of rowsOf(part)) {
        const problem = fitmentRowProblem(row, vehicles);
        if (problem && problems.length < 10) problems.push(`${part.sku}: ${problem}`);
      }
    expect(problems).toEqual([]);
  });

  it('makes the parts of universal types universal, without rows, and lists every other part for its own vehicle', () => {
    let universal = 0;
    for (const part of generated) {
      const type = typeByImg.get(part.img)!;
      const rows = rowsOf(part);
      expect(part.universal, part.sku).toBe(UNIVERSAL_PART_TYPES.has(type.slug));
      if (part.universal) {
        universal += 1;
        expect(rows, part.sku).toEqual([]);
        continue;
      }
      const application = part.application!;
      const slugs = MODEL_SLUGS[application.make]![application.model]!;
      // The vehicle of the name: its make, one of its model's slugs, and some of its years.
      expect(
        rows.some(
          (row) =>
            row.make === part.make &&
            slugs.includes(row.model) &&
            row.yearFrom <= application.yearTo &&
            row.yearTo >= application.yearFrom,
        ),
        part.name,
      ).toBe(true);
      expect(part.name).toContain(`${application.yearFrom}-${application.yearTo}`);
    }
    // Fluids, bulbs and blades: 3 part types of 40 (batteries and U-joints have rows).
    expect(universal / generated.length).toBeGreaterThan(0.05);
    expect(universal / generated.length).toBeLessThan(0.12);
    // Most parts fit more models than their own.
    const withOthers = generated.filter((part) => {
      const own = MODEL_SLUGS[part.application?.make ?? '']?.[part.application?.model ?? ''] ?? [];
      return rowsOf(part).some((row) => !own.includes(row.model));
    });
    expect(withOthers.length / generated.length).toBeGreaterThan(0.6);
    // Sibling makes share parts: some Chevrolet parts fit GMC trucks, some Hyundai parts Kias.
    const fitsMake = (make: string, other: string) =>
      generated.some((part) => part.make === make && rowsOf(part).some((row) => row.make === other));
    expect(fitsMake('chevrolet', 'gmc')).toBe(true);
    expect(fitsMake('hyundai', 'kia')).toBe(true);
  });

  it('positions and counts parts as their names say: a pad set per axle, two rotors, a plug per cylinder', () => {
    const ofType = (prefix: string) =>
      generated
        .filter((part) => part.sku.startsWith(`${prefix}-`))
        .map((part) => [part, rowsOf(part)] as const);
    for (const [part, rows] of ofType('BP'))
      for (const row of rows) {
        expect(row.quantity).toBe(1);
        expect(row.position).toBe(part.name.startsWith('Front ') ? 'Front' : 'Rear');
      }
    for (const [, rows] of ofType('BR')) for (const row of rows) expect(row.quantity).toBe(2);
    for (const [part, rows] of ofType('BC'))
      for (const row of rows)
        expect(row.position).toBe(
          `${part.name.split(' ')[0]} ${part.name.includes(', Left') ? 'Left' : 'Right'}`,
        );
    for (const [part, rows] of ofType('SP')) {
      expect(part.application!.engine, part.name).not.toBeNull();
      for (const row of rows) {
        expect(row.engine, part.name).not.toBeNull();
        const cylinders = /(\d+)-cyl/.exec(row.engine!);
        if (cylinders) expect(row.quantity).toBe(Number(cylinders[1]));
        expect([3, 4, 5, 6, 8, 10, 12]).toContain(row.quantity);
      }
    }
    const notes = generated.flatMap((part) => rowsOf(part).filter((row) => row.note !== null));
    expect(notes.length).toBeGreaterThan(10_000);
  });

  it('gives about 30% of generated parts 1-3 OE and interchange numbers, the same for the same part number', () => {
    const numbered = generated.filter((part) => part.interchangeNumbers!.length > 0);
    expect(numbered.length / generated.length).toBeGreaterThan(0.25);
    expect(numbered.length / generated.length).toBeLessThan(0.35);
    for (const part of numbered) {
      expect(part.interchangeNumbers!.length).toBeLessThanOrEqual(3);
      for (const number of part.interchangeNumbers!) {
        expect(number).toMatch(/^[A-Za-z0-9][A-Za-z0-9 .-]*$/);
        expect(number.length).toBeLessThanOrEqual(INTERCHANGE_NUMBER_MAX_LENGTH);
      }
      if (part.application)
        expect(
          interchangeNumbersOf(part.sku, typeByImg.get(part.img)!, part.make!, part.application.yearFrom),
        ).toEqual(part.interchangeNumbers);
    }
    const toyota = numbered.find(
      (part) => part.make === 'toyota' && /^\d{5}-/.test(part.interchangeNumbers![0]!),
    );
    expect(toyota?.interchangeNumbers![0]).toMatch(/^\d{5}-[0-9A-Z]{5}$/);
    const ford = numbered.find((part) => part.make === 'ford' && /Z-/.test(part.interchangeNumbers![0]!));
    expect(ford?.interchangeNumbers![0]).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]+-[A-Z]{1,2}$/);
  });
});
