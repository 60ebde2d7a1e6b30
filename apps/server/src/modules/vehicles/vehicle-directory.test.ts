/**
 * The vehicle list's readings (docs/requirements.md §12 "Search that reads a vehicle"), on the vehicles loaded from
 * vPIC as the shop loads them: every alias names a make or model the list has, and search words are read as a
 * vehicle by the documented rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/build-test-app.js';
import { seedVehicles } from './vehicle-catalog.js';
import { createVehicleDirectory, type VehicleDirectory } from './vehicle-directory.js';
import { MAKE_ALIASES, MODEL_ALIASES, PARTS_WORDS_NAMING_MODELS } from './vehicle-words.js';

let test: TestDatabase;
let directory: VehicleDirectory;
beforeAll(async () => {
  test = await createTestDatabase();
  await seedVehicles(test.database.db);
  directory = createVehicleDirectory(test.database.db);
}, 60_000);
afterAll(() => test.drop());

const read = (q: string) => directory.read(q.split(' '));

describe('the vehicle words', () => {
  it('name makes and models the vehicle list has', async () => {
    for (const [alias, make] of Object.entries(MAKE_ALIASES))
      expect((await directory.make(alias))?.slug, alias).toBe(make);
    for (const [alias, [make, model]] of Object.entries(MODEL_ALIASES))
      expect(await directory.names(make, model), alias).not.toBeNull();
    // Each parts word names a model of some make, or it would not need to be listed.
    for (const word of PARTS_WORDS_NAMING_MODELS)
      expect(
        (
          await Promise.all(
            ['chevy', 'ford', 'honda', 'jeep', 'nissan', 'hyundai', 'vw', 'toyota', 'audi', 'gmc'].map(
              async (make) => (await read(`${make} ${word}`))?.model,
            ),
          )
        ).some(Boolean),
        word,
      ).toBe(true);
  });
});

describe('reading a vehicle in search words', () => {
  it('reads a model year and a model, finding the make, and leaves the other words', async () => {
    expect(await read('2019 camry brake pads')).toEqual({
      filter: { make: 'toyota', model: 'camry', year: 2019, engine: undefined, universal: true },
      make: { slug: 'toyota', name: 'Toyota' },
      model: { slug: 'camry', name: 'Camry' },
      year: 2019,
      label: '2019 Toyota Camry',
      remainingTerms: ['brake', 'pads'],
    });
    expect(await read('civic 2008 rotor')).toMatchObject({
      label: '2008 Honda Civic',
      remainingTerms: ['rotor'],
    });
  });

  it('reads makes and models by alias and without breaks', async () => {
    for (const q of ['f150', 'f 150', 'ford f 150'])
      expect(await read(q), q).toMatchObject({
        filter: { make: 'ford', model: 'f-150', year: undefined, universal: false },
        label: 'Ford F-150',
        remainingTerms: [],
      });
    expect(await read('chevy')).toMatchObject({
      filter: null,
      make: { slug: 'chevrolet' },
      label: 'Chevrolet',
    });
    expect(await read('vw')).toMatchObject({ filter: null, make: { slug: 'volkswagen' } });
    expect(await read('2015 silverado 1500')).toMatchObject({
      filter: { make: 'chevrolet', model: 'silverado', year: 2015 },
    });
    expect(await read('miata')).toMatchObject({ filter: { make: 'mazda', model: 'mx-5' } });
    // A year with a make but no model is a make alone: the year stays a search word.
    expect(await read('2012 mercedes benz')).toMatchObject({
      filter: null,
      make: { slug: 'mercedes-benz' },
      year: undefined,
      label: 'Mercedes-Benz',
      remainingTerms: ['2012'],
    });
  });

  it('keeps a parts word that names a model as a word unless its make is there', async () => {
    expect(await read('spark plug')).toBeNull();
    expect(await read('2015 spark plug')).toBeNull();
    expect(await read('chevy spark plug')).toMatchObject({
      filter: { make: 'chevrolet', model: 'spark' },
      remainingTerms: ['plug'],
    });
    // Only right after its make: here the make's model is the Silverado.
    expect(await read('spark plugs chevy silverado')).toMatchObject({
      filter: { make: 'chevrolet', model: 'silverado' },
      remainingTerms: ['spark', 'plugs'],
    });
    expect(await read('flex pipe')).toBeNull();
  });

  it('reads a make that is a parts word only with its model', async () => {
    expect(await read('ram air intake')).toBeNull();
    expect(await read('2019 ram 1500 brake pads')).toMatchObject({
      filter: { make: 'ram', model: '1500', year: 2019, universal: true },
      remainingTerms: ['brake', 'pads'],
    });
  });

  it('does not read a bare number or a year alone, and keeps a year the model was not made in', async () => {
    expect(await read('1500')).toBeNull();
    expect(await read('2019 brake pads')).toBeNull();
    expect(await read('1995 palisade')).toMatchObject({
      filter: { make: 'hyundai', model: 'palisade', year: undefined },
      remainingTerms: ['1995'],
    });
  });
});

describe('resolving a catalogue request vehicle', () => {
  it('takes names and slugs in any case, and engines by label or vehicle id', async () => {
    expect(await directory.resolve({ year: 2019, make: 'Toyota', model: 'CAMRY' })).toEqual({
      make: 'toyota',
      model: 'camry',
      year: 2019,
      engine: undefined,
      universal: true,
    });
    expect(
      await directory.resolve({ year: 2019, make: 'ford', model: 'F-150', engine: '5.0l 8-cyl' }),
    ).toMatchObject({
      model: 'f-150',
      engine: '5.0L 8-cyl',
    });
    expect(
      await directory.resolve({ year: 2019, make: 'toyota', model: 'camry', engine: '5.0L 8-cyl' }),
    ).toBeNull();
    expect(await directory.resolve({ year: 1989, make: 'toyota', model: 'camry' })).toBeNull();
  });
});
