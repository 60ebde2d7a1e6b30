/**
 * Vehicle fitment through the real app (docs/requirements.md §12; docs/decisions/020-fitment-model.md): admins
 * write a part's rows, `GET /api/parts` filters by vehicle and reads a vehicle out of `q`, and
 * `GET /api/parts/:id/fitment` lists the rows. Run the three ways the catalogue answers (caches and index, index
 * alone, database alone): each must give what a client sees here.
 */
import {
  SEARCH_VEHICLE_HEADER,
  TOTAL_COUNT_HEADER,
  VEHICLE_FILTER_INCOMPLETE,
  type FitmentRow,
  type Part,
  type PartFitmentInput,
} from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { searchFixture, searchFixtureSkus } from '../../test/search-fixture.js';
import { seedVehicles } from '../vehicles/index.js';

const WAYS: [string, Partial<Config>][] = [
  ['with the catalogue caches and search index', {}],
  ['from the search index (caches off)', { catalogCacheTtlMs: 0, catalogResultCacheMb: 0 }],
  [
    'straight from the database (caches and search index off)',
    { catalogCacheTtlMs: 0, catalogResultCacheMb: 0, catalogSearchIndex: false },
  ],
];

/** The fitment the tests write, by SKU (BF-UNV-04012, brake fluid, is universal). */
const FITMENT: Record<string, PartFitmentInput> = {
  'BP-TOY-48210': {
    universal: false,
    rows: [{ make: 'toyota', model: 'camry', yearFrom: 2018, yearTo: 2024, position: 'Front' }],
  },
  'CAF-TOY-87139': {
    universal: false,
    rows: [
      { make: 'toyota', model: 'rav4', yearFrom: 2013, yearTo: 2024 },
      { make: 'toyota', model: 'camry', yearFrom: 2013, yearTo: 2024, note: 'With activated carbon' },
      { make: 'toyota', model: 'highlander', yearFrom: 2014, yearTo: 2024 },
    ],
  },
  'SP-TOY-90919': {
    universal: false,
    rows: [
      { make: 'toyota', model: 'camry', yearFrom: 2018, yearTo: 2024, engine: '2.5L 4-cyl', quantity: 4 },
      { make: 'toyota', model: 'rav4', yearFrom: 2019, yearTo: 2024, engine: '2.5L 4-cyl', quantity: 4 },
    ],
  },
  'BR-FRD-71820': {
    universal: false,
    rows: [{ make: 'ford', model: 'f-150', yearFrom: 2015, yearTo: 2020, position: 'Front' }],
  },
  'BP-HON-45022': {
    universal: false,
    rows: [{ make: 'honda', model: 'civic', yearFrom: 2016, yearTo: 2021, position: 'Front' }],
  },
  'BF-UNV-04012': { universal: true, rows: [] },
};

for (const [way, config] of WAYS)
  describe(way, () => {
    let t: TestApp;
    let admin: TestUser;
    let customer: TestUser;
    const idOf = new Map<string, string>();
    beforeAll(async () => {
      t = await buildTestApp({ seed: searchFixture, config });
      await seedVehicles(t.database.db);
      await t.app.ready();
      [admin, customer] = await Promise.all([
        signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' }),
        signUpAndGetToken(t.app, { email: uniqueEmail('customer'), name: 'Customer' }),
      ]);
      const all = (await t.app.inject({ url: '/api/parts?limit=100' })).json<Part[]>();
      for (const part of all) idOf.set(part.sku, part._id);
      for (const [sku, fitment] of Object.entries(FITMENT)) {
        const response = await putFitment(sku, fitment);
        expect(response.statusCode, response.body).toBe(204);
      }
      // Two more parts, for synonyms and interchange numbers.
      for (const payload of [
        {
          name: 'Rear Silencer — Toyota Camry 2018-2024',
          description: 'Stainless rear box.',
          available: 10,
          minqty: 1,
          price: 120,
          img: '/images/parts/muffler.svg',
          sku: 'MUF-TOY-17430',
        },
        {
          name: 'Ceramic Front Pads',
          description: 'OE replacement.',
          available: 10,
          minqty: 1,
          price: 30,
          img: '/images/parts/brake-pads-ceramic.svg',
          sku: 'BP-OEX-00001',
          interchangeNumbers: ['04465-06090', 'D1222'],
        },
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/parts',
          headers: admin.headers,
          payload,
        });
        expect(response.statusCode, response.body).toBe(201);
      }
      // The index, when on, answers again once rebuilt after these changes.
      await vi.waitFor(
        () =>
          expect(t.app.catalog.searchIndexParts).toBe(
            config.catalogSearchIndex === false ? undefined : searchFixtureSkus.length + 2,
          ),
        { timeout: 20_000 },
      );
    }, 120_000);
    afterAll(() => t.close());

    function putFitment(sku: string, body: unknown, headers = admin.headers) {
      return t.app.inject({
        method: 'PUT',
        url: `/api/parts/${idOf.get(sku) ?? sku}/fitment`,
        headers,
        payload: body as object,
      });
    }

    /** GET /api/parts with these parameters: status, SKUs and fitment in order, total, understood vehicle. */
    async function list(params: Record<string, string | number>) {
      const query = new URLSearchParams(
        Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]),
      );
      const response = await t.app.inject({ url: `/api/parts?${query}` });
      const header = response.headers[SEARCH_VEHICLE_HEADER.toLowerCase()];
      if (response.statusCode !== 200) return { status: response.statusCode, body: response.json<unknown>() };
      const body = response.json<Part[]>();
      return {
        status: response.statusCode,
        skus: body.map((part) => part.sku),
        fitment: Object.fromEntries(body.map((part) => [part.sku, part.fitment])),
        total: Number(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]),
        understood:
          typeof header === 'string' ? (JSON.parse(decodeURIComponent(header)) as unknown) : undefined,
      };
    }

    const camry2019 = { year: 2019, make: 'toyota', model: 'camry' };

    describe('GET /api/parts with a vehicle', () => {
      it('lists only the parts that fit it or are universal, each saying how', async () => {
        expect(await list(camry2019)).toEqual({
          status: 200,
          skus: ['BP-TOY-48210', 'CAF-TOY-87139', 'BF-UNV-04012', 'SP-TOY-90919'],
          fitment: {
            'BP-TOY-48210': { status: 'fits', position: 'Front' },
            'CAF-TOY-87139': { status: 'fits', note: 'With activated carbon' },
            'BF-UNV-04012': { status: 'universal' },
            // A row for one engine fits when no engine is chosen, and says so.
            'SP-TOY-90919': { status: 'fits', note: '2.5L 4-cyl only' },
          },
          total: 4,
          understood: undefined,
        });
      });

      it('takes the make and model by slug, name or _id, in any case', async () => {
        const expected = await list(camry2019);
        const makes = (await t.app.inject({ url: '/api/make' })).json<{ _id: string; name: string }[]>();
        const toyotaId = makes.find((make) => make.name === 'Toyota')!._id;
        for (const [make, model] of [
          ['Toyota', 'Camry'],
          ['TOYOTA', 'CAMRY'],
          [toyotaId, 'camry'],
        ])
          expect(await list({ ...camry2019, make: make!, model: model! }), `${make} ${model}`).toEqual(
            expected,
          );
      });

      it('narrows by engine, given as its label or as the id the engine list gives', async () => {
        const expected = ['BP-TOY-48210', 'CAF-TOY-87139', 'BF-UNV-04012'];
        expect((await list({ ...camry2019, engine: '3.5L 6-cyl' })).skus).toEqual(expected);
        const engines = (
          await t.app.inject({ url: '/api/vehicles/engines?year=2019&make=toyota&model=camry' })
        ).json<{ id: number; name: string }[]>();
        const v6 = engines.find((engine) => engine.name === '3.5L 6-cyl')!;
        expect((await list({ ...camry2019, engine: v6.id })).skus).toEqual(expected);
        const four = await list({ ...camry2019, engine: '2.5L 4-cyl' });
        expect(four.skus).toContain('SP-TOY-90919');
        expect(four.fitment?.['SP-TOY-90919']).toEqual({ status: 'fits' });
      });

      it('keeps to the years of each row', async () => {
        expect((await list({ ...camry2019, year: 2012 })).skus).toEqual(['BF-UNV-04012']);
        expect((await list({ ...camry2019, year: 2014 })).skus).toEqual(['CAF-TOY-87139', 'BF-UNV-04012']);
      });

      it('lists nothing for a vehicle the list does not have', async () => {
        for (const vehicle of [
          { ...camry2019, model: 'no-such-model' },
          { ...camry2019, make: 'no-such-make' },
          { ...camry2019, year: 1950 },
          { ...camry2019, engine: '9.9L 12-cyl' },
        ])
          expect(await list(vehicle)).toMatchObject({ status: 200, skus: [], total: 0 });
      });

      it('answers 400 when year, make and model are not given together', async () => {
        for (const params of <Record<string, string | number>[]>[
          { year: 2019 },
          { year: 2019, make: 'toyota' },
          { model: 'camry' },
          { engine: 'x' },
        ])
          expect(await list(params)).toEqual({
            status: 400,
            body: {
              message: `Invalid request: model: ${VEHICLE_FILTER_INCOMPLETE}`,
              code: 'VALIDATION_FAILED',
              errors: { model: VEHICLE_FILTER_INCOMPLETE },
            },
          });
      });

      it('combines with a search, a category, a sort and paging', async () => {
        expect((await list({ ...camry2019, q: 'filter' })).skus).toEqual(['CAF-TOY-87139']);
        const categories = (await t.app.inject({ url: '/api/category' })).json<
          { _id: string; name: string }[]
        >();
        const brakes = categories.find((category) => category.name === 'Brakes')!._id;
        expect((await list({ ...camry2019, category: brakes })).skus).toEqual([
          'BP-TOY-48210',
          'BF-UNV-04012',
        ]);
        expect((await list({ ...camry2019, sort: 'price-asc' })).skus).toEqual([
          'BF-UNV-04012',
          'CAF-TOY-87139',
          'SP-TOY-90919',
          'BP-TOY-48210',
        ]);
        expect(await list({ ...camry2019, limit: 2, offset: 2 })).toMatchObject({
          skus: ['BF-UNV-04012', 'SP-TOY-90919'],
          total: 4,
        });
        expect(await list({ ...camry2019, limit: 2, offset: 4 })).toMatchObject({ skus: [], total: 4 });
      });
    });

    describe('GET /api/parts?q= reading a vehicle', () => {
      it('reads a year and a model as the vehicle, and searches the other words among what fits', async () => {
        expect(await list({ q: '2019 camry brake' })).toMatchObject({
          skus: ['BF-UNV-04012', 'BP-TOY-48210'],
          understood: {
            year: 2019,
            make: { slug: 'toyota', name: 'Toyota' },
            model: { slug: 'camry', name: 'Camry' },
            label: '2019 Toyota Camry',
            remainder: 'brake',
          },
        });
        expect(await list({ q: 'civic 2016 pads' })).toMatchObject({
          skus: ['BP-HON-45022'],
          understood: { label: '2016 Honda Civic', remainder: 'pads' },
        });
      });

      it('reads a model without a year as every year of it, with or without its breaks', async () => {
        for (const q of ['f150', 'F-150', 'f 150', 'ford f150'])
          expect(await list({ q }), q).toMatchObject({
            skus: ['BR-FRD-71820'],
            understood: {
              make: { slug: 'ford' },
              model: { slug: 'f-150' },
              label: 'Ford F-150',
              remainder: '',
            },
          });
        expect((await list({ q: 'f150 rotor' })).skus).toEqual(['BR-FRD-71820']);
        expect((await list({ q: 'camry spark plug' })).skus).toEqual(['SP-TOY-90919']);
      });

      it("reads a make alone (or its alias) as the part's make", async () => {
        expect(await list({ q: 'toyota spark' })).toMatchObject({
          skus: ['SP-TOY-90919'],
          understood: { make: { slug: 'toyota', name: 'Toyota' }, label: 'Toyota', remainder: 'spark' },
        });
        // Chevrolet makes no part of this catalogue.
        expect(await list({ q: 'chevy' })).toMatchObject({ skus: [], understood: { label: 'Chevrolet' } });
      });

      it('keeps a parts word that is also a model name as a word, unless next to its make', async () => {
        const plugs = await list({ q: 'spark plug' });
        expect(plugs.understood).toBeUndefined();
        expect([...plugs.skus!].sort()).toEqual(['SP-HON-12290', 'SP-TOY-90919']);
      });

      it('gives way to no vehicle when the words name none, and reads none in a part number', async () => {
        expect((await list({ q: 'oil filter' })).understood).toBeUndefined();
        expect(await list({ q: 'SP-TOY-90919' })).toMatchObject({
          skus: ['SP-TOY-90919'],
          understood: undefined,
        });
      });

      it('lets a vehicle in q take the place of the vehicle given, but not a make or model alone', async () => {
        expect(await list({ ...camry2019, q: '2016 f150' })).toMatchObject({
          skus: ['BR-FRD-71820', 'BF-UNV-04012'],
          understood: { label: '2016 Ford F-150' },
        });
        // 'f150' alone does not replace the 2019 Camry: it stays a word, which no Camry part has.
        expect(await list({ ...camry2019, q: 'f150' })).toMatchObject({ skus: [], understood: undefined });
        expect(await list({ ...camry2019, q: 'toyota filter' })).toMatchObject({
          skus: ['CAF-TOY-87139'],
          understood: undefined,
        });
      });

      it('matches synonyms and interchange numbers', async () => {
        expect((await list({ q: 'muffler' })).skus).toEqual(['MUF-TOY-17430']);
        for (const q of ['04465-06090', '0446506090', 'd1222'])
          expect((await list({ q })).skus, q).toEqual(['BP-OEX-00001']);
      });
    });

    describe('GET /api/parts/:id/fitment', () => {
      it("lists a part's rows with the vehicle list's names, by make, model and year, paged and narrowed", async () => {
        const url = `/api/parts/${idOf.get('CAF-TOY-87139')}/fitment`;
        const response = await t.app.inject({ url });
        expect(response.statusCode).toBe(200);
        expect(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('3');
        const rows = response.json<FitmentRow[]>();
        expect(rows.map((row) => `${row.makeName} ${row.modelName} ${row.yearFrom}-${row.yearTo}`)).toEqual([
          'Toyota Camry 2013-2024',
          'Toyota Highlander 2014-2024',
          'Toyota RAV4 2013-2024',
        ]);
        expect(rows[0]).toEqual({
          _id: expect.any(Number),
          make: 'toyota',
          makeName: 'Toyota',
          model: 'camry',
          modelName: 'Camry',
          yearFrom: 2013,
          yearTo: 2024,
          engine: null,
          submodel: null,
          position: null,
          quantity: 1,
          note: 'With activated carbon',
        });
        const narrowed = await t.app.inject({ url: `${url}?make=Toyota&model=rav4` });
        expect(narrowed.json<FitmentRow[]>().map((row) => row.modelName)).toEqual(['RAV4']);
        const paged = await t.app.inject({ url: `${url}?limit=1&offset=1` });
        expect(paged.json<FitmentRow[]>().map((row) => row.modelName)).toEqual(['Highlander']);
        expect(paged.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('3');
      });

      it('answers 404 for an unknown or malformed part, and 400 for a make or model that is no slug', async () => {
        for (const id of ['3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f', 'nope'])
          expect((await t.app.inject({ url: `/api/parts/${id}/fitment` })).statusCode).toBe(404);
        const url = `/api/parts/${idOf.get('CAF-TOY-87139')}/fitment`;
        for (const query of ['make=%00', 'model=to%27yota', 'make=a%20b'])
          expect((await t.app.inject({ url: `${url}?${query}` })).statusCode, query).toBe(400);
      });

      it('shows universal and interchange numbers on the part', async () => {
        const fluid = (await t.app.inject({ url: `/api/parts/${idOf.get('BF-UNV-04012')}` })).json<Part>();
        expect(fluid).toMatchObject({ universal: true, interchangeNumbers: [] });
      });
    });

    describe('PUT /api/parts/:id/fitment', () => {
      const rowsOf = async (sku: string) =>
        (await t.app.inject({ url: `/api/parts/${idOf.get(sku)}/fitment` })).json<FitmentRow[]>();

      it('is for admins only', async () => {
        const body = { universal: true, rows: [] };
        expect((await putFitment('BP-HON-45022', body, customer.headers)).statusCode).toBe(403);
        expect((await putFitment('BP-HON-45022', body, {} as typeof admin.headers)).statusCode).toBe(401);
        expect((await list({ year: 2018, make: 'honda', model: 'civic' })).skus).toEqual([
          'BP-HON-45022',
          'BF-UNV-04012',
        ]);
      });

      it('refuses rows the vehicle list does not know, naming the row, and changes nothing', async () => {
        const before = await rowsOf('BP-HON-45022');
        const good = { make: 'honda', model: 'civic', yearFrom: 2016, yearTo: 2021 };
        const cases: [unknown, string, string][] = [
          [{ ...good, make: 'nocar' }, 'rows.1.make', 'Row 2: no make "nocar" in the vehicle list'],
          [
            { ...good, model: 'nomodel' },
            'rows.1.model',
            'Row 2: no Honda model "nomodel" in the vehicle list',
          ],
          [
            { ...good, model: 'palisade', make: 'hyundai', yearFrom: 1995, yearTo: 1999 },
            'rows.1.model',
            'Row 2: the vehicle list has no Hyundai Palisade from 1995 to 1999',
          ],
          [
            { ...good, engine: '5.7L 8-cyl' },
            'rows.1.engine',
            'Row 2: the Honda Civic has no engine "5.7L 8-cyl" from 2016 to 2021',
          ],
        ];
        for (const [row, field, message] of cases) {
          const response = await putFitment('BP-HON-45022', { universal: false, rows: [good, row] });
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({
            message: `Invalid request: ${message}`,
            code: 'VALIDATION_FAILED',
            errors: { [field]: message },
          });
        }
        for (const row of [
          { ...good, yearTo: 2010 },
          { ...good, position: 'Left Front' },
          { ...good, quantity: 0 },
          { ...good, yearFrom: 1980 },
        ])
          expect((await putFitment('BP-HON-45022', { universal: false, rows: [row] })).statusCode).toBe(400);
        expect(await rowsOf('BP-HON-45022')).toEqual(before);
        expect(
          (await putFitment('3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f', { universal: true, rows: [] }))
            .statusCode,
        ).toBe(404);
      });
    });
  });
