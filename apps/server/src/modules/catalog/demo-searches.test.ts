/**
 * The searches docs/requirements.md §12 names find parts in the demo catalogue that `npm start` seeds (119 curated
 * parts with their fitment, and the vehicle list): what a visitor of the demo shop sees.
 */
import { SEARCH_VEHICLE_HEADER, TOTAL_COUNT_HEADER, type Part } from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog } from '../../db/catalog-generator.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { seedVehicles } from '../vehicles/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: await demoCatalog() });
  await seedVehicles(t.database.db);
}, 60_000);
afterAll(() => t.close());

async function search(q: string) {
  const response = await t.app.inject({ url: `/api/parts?${new URLSearchParams({ q, limit: '100' })}` });
  expect(response.statusCode, q).toBe(200);
  const header = response.headers[SEARCH_VEHICLE_HEADER.toLowerCase()];
  return {
    parts: response.json<Part[]>(),
    total: Number(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]),
    label:
      typeof header === 'string'
        ? (JSON.parse(decodeURIComponent(header)) as { label: string }).label
        : undefined,
  };
}

describe('the demo catalogue', () => {
  it.each([
    ['2019 camry brake pads', '2019 Toyota Camry'],
    ['2008 civic brake pads', '2008 Honda Civic'],
    ['2019 f150 brake pads', '2019 Ford F-150'],
  ])('finds brake pads that fit for "%s"', async (q, label) => {
    const found = await search(q);
    expect(found.label).toBe(label);
    expect(found.total).toBeGreaterThan(0);
    for (const part of found.parts) {
      expect(part.fitment?.status, part.name).toMatch(/^(fits|universal)$/);
      expect(part.name, q).toMatch(/brake pad/i);
    }
  });

  it.each([
    ['f150', 'Ford F-150'],
    ['chevy', 'Chevrolet'],
    ['vw', 'Volkswagen'],
    ['shocks', undefined],
    ['rotor', undefined],
    ['plugs', undefined],
    ['civic 2008 rotor', '2008 Honda Civic'],
  ])('finds parts for "%s"', async (q, label) => {
    const found = await search(q);
    expect(found.label, q).toBe(label);
    expect(found.total, q).toBeGreaterThan(0);
  });

  it('finds shock absorbers, brake rotors and spark plugs by their everyday names', async () => {
    expect((await search('shocks')).parts.some((part) => /shock absorber/i.test(part.name))).toBe(true);
    expect((await search('rotor')).parts.some((part) => /rotor|disc/i.test(part.name))).toBe(true);
    expect(
      (await search('plugs')).parts.every((part) => /plug/i.test(`${part.name} ${part.description}`)),
    ).toBe(true);
  });

  it.each(['shocks', 'shock', 'Shocks'])(
    'finds shock absorbers and struts for "%s", and no battery (an AGM battery is absorbent glass mat)',
    async (q) => {
      const names = (await search(q)).parts.map((part) => part.name);
      expect(names.some((name) => /shock absorber/i.test(name))).toBe(true);
      expect(names.some((name) => /strut/i.test(name))).toBe(true);
      for (const name of names) expect(name).toMatch(/shock|strut/i);
      expect((await search('absorbent')).parts.map((part) => part.name)).toContainEqual(
        expect.stringMatching(/battery/i),
      );
    },
  );

  it('never calls a battery or a U-joint a universal fit: they fit by group size and driveline series', async () => {
    const list = async (query: string) =>
      (await t.app.inject({ url: `/api/parts?${query}&limit=100` })).json<Part[]>();
    const camry = await list('year=2019&make=toyota&model=camry');
    expect(camry.filter((part) => part.fitment?.status === 'universal').length).toBeGreaterThan(0);
    for (const part of camry) expect(part.name).not.toMatch(/battery|universal joint/i);
    const f150 = await list('year=2019&make=ford&model=f-150&q=battery');
    expect(f150.map((part) => [part.name, part.fitment])).toEqual([
      ['AGM Battery, Group 94R (H7), 850 CCA', { status: 'fits', note: 'With a Group 94R (H7) battery' }],
    ]);
  });

  it('finds a part by one of its interchange numbers', async () => {
    const withNumbers = (await search('brake')).parts.find((part) => part.interchangeNumbers.length > 0);
    expect(withNumbers).toBeDefined();
    const found = await search(withNumbers!.interchangeNumbers[0]!);
    expect(found.parts.map((part) => part._id)).toContain(withNumbers!._id);
  });
});
