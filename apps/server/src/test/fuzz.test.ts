/**
 * Fuzz test of the whole API (docs/security.md, "No client input reaches a 500"): fast-check walks every
 * route of the OpenAPI document, plus the Better Auth endpoints behind the `/api/auth/*` catch-all, as a
 * visitor, a customer and an admin, with generated bad path parameters, query strings and bodies (wrong
 * types, NUL characters, unpaired surrogates, huge numbers, invalid and deeply nested JSON). Every answer must
 * be below 500 with a JSON `{ message, code }` body when it is an error, and an error must leave the database
 * exactly as it was. Prints how many requests it made. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/connect.js';
import { signUpAndGetToken, uniqueEmail, uniqueRemoteAddress, type TestUser } from './auth.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { catalogFixture } from './catalog-fixture.js';
import { placeOrder } from './orders.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface FuzzRoute {
  method: Method;
  /** OpenAPI path, e.g. '/api/order/{id}'. */
  path: string;
  /** Property names of the JSON body schema, to aim bad values at real fields. */
  bodyFields: string[];
  /** Names of the documented query parameters. */
  queryFields: string[];
}

/**
 * Better Auth endpoints behind the catch-all (not in the OpenAPI document): those the shop uses, and two it
 * switched off. Sign-out is left out: it would end the callers' sessions.
 */
const AUTH_CATCH_ALL_ROUTES: FuzzRoute[] = [
  { method: 'GET', path: '/api/auth/get-session', bodyFields: [], queryFields: ['disableCookieCache'] },
  {
    method: 'POST',
    path: '/api/auth/sign-in/social',
    bodyFields: ['provider', 'callbackURL', 'errorCallbackURL'],
    queryFields: [],
  },
  {
    method: 'GET',
    path: '/api/auth/callback/google',
    bodyFields: [],
    queryFields: ['code', 'state', 'error'],
  },
  { method: 'GET', path: '/api/auth/list-accounts', bodyFields: [], queryFields: [] },
  { method: 'GET', path: '/api/auth/error', bodyFields: [], queryFields: ['error'] },
  { method: 'POST', path: '/api/auth/update-user', bodyFields: ['name', 'image'], queryFields: [] },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    bodyFields: ['currentPassword', 'newPassword'],
    queryFields: [],
  },
];

/**
 * Tables whose rows change without a write of the request's own, left out of the fingerprint: Better Auth
 * refreshes sessions on reads, and the page marks (with their version in catalog_state) are rebuilt in the
 * background after an earlier, successful catalogue change. part_counts and parts are fingerprinted.
 */
const VOLATILE_TABLES = new Set([
  'session',
  'verification',
  'rate_limit',
  'catalog_page_marks',
  'catalog_state',
]);

/** Strings that have broken servers: NUL, unpaired surrogates, numbers out of range, path tricks, markup. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '0',
  '-1',
  '1e309',
  '2147483648',
  '9007199254740993',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '0x10',
  '../../etc/passwd',
  '%00',
  '%ED%A0%80',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}',
  'x'.repeat(5000),
];

const NASTY_NUMBERS = [0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 31) - 1, 1e308, Number.MAX_SAFE_INTEGER];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom<unknown>(...NASTY_NUMBERS, true, false, null, [], {}, [5], { $gt: '' }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A raw request body: JSON built around the route's fields, any JSON value, or text that is not valid JSON. */
function bodyArbitrary(route: FuzzRoute): fc.Arbitrary<string> {
  const fields = route.bodyFields.length > 0 ? route.bodyFields : ['name'];
  return fc.oneof(
    fc
      .dictionary(fc.oneof(fc.constantFrom(...fields), nastyString), nastyValue, { maxKeys: 6 })
      .map((value) => JSON.stringify(value)),
    fc
      .record({
        field: fc.constantFrom(...fields),
        value: nastyValue,
        items: fc.array(nastyValue, { maxLength: 3 }),
      })
      .map(({ field, value, items }) =>
        JSON.stringify({ [field]: value, items: items.map((item) => ({ [field]: item, quantity: item })) }),
      ),
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
    fc.constantFrom(
      '{',
      '{"a":}',
      '[1,]',
      'null',
      '"\\u0000"',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '['.repeat(1000) + ']'.repeat(1000),
      '{"a":'.repeat(1000) + '1' + '}'.repeat(1000),
      `{"name":"${'n'.repeat(200_000)}"}`,
    ),
  );
}

/**
 * `value` percent-encoded for a URL. Unpaired surrogates, which UTF-8 cannot encode, become their raw 3-byte
 * sequences (invalid UTF-8, e.g. %ED%A0%80), and values already percent-encoded (e.g. '%00') go as they are.
 */
function toUrlComponent(value: string): string {
  if (/^(%[0-9A-F]{2})+$/.test(value)) return value;
  return value.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[^]/g, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff)
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    return encodeURIComponent(char);
  });
}

/** A path with each `{param}` replaced by a generated (percent-encoded) value. */
function pathArbitrary(route: FuzzRoute): fc.Arbitrary<string> {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  return fc
    .array(fc.oneof(nastyString, fc.uuid(), fc.integer().map(String)), {
      minLength: names.length,
      maxLength: names.length,
    })
    .map((values) =>
      names.reduce(
        (path, name, index) => path.replace(`{${name}}`, toUrlComponent(values[index]!)),
        route.path,
      ),
    );
}

/** `value` as query text; JSON for an object String() cannot convert (fast-check draws null-prototype ones). */
function asText(value: unknown): string {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function queryArbitrary(route: FuzzRoute): fc.Arbitrary<string> {
  const keys = [...route.queryFields, 'page', 'limit', 'sort'];
  return fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...keys), nastyString),
        fc.oneof(nastyString, nastyValue.map(asText)),
      ),
      { maxLength: 4 },
    )
    .map((pairs) =>
      pairs.length === 0
        ? ''
        : `?${pairs.map(([key, value]) => `${toUrlComponent(key)}=${toUrlComponent(value)}`).join('&')}`,
    );
}

let t: TestApp;
let customer: TestUser;
let admin: TestUser;
let routes: FuzzRoute[];
let tables: string[];

/** A digest of every row of every table but the volatile ones. */
async function fingerprint(): Promise<string> {
  const rows = await queryRows<{ digest: string }>(
    t.database.db,
    sql.raw(
      tables
        .map(
          (table) =>
            `select '${table}:' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as digest from "${table}" t`,
        )
        .join(' union all '),
    ),
  );
  return rows.map((row) => row.digest).join('|');
}

beforeAll(async () => {
  t = await buildTestApp({ seed: catalogFixture });
  customer = await signUpAndGetToken(t.app, { email: uniqueEmail('fuzz-customer'), name: 'Fuzz Customer' });
  admin = await signUpAndGetToken(t.app, {
    email: uniqueEmail('fuzz-admin'),
    name: 'Fuzz Admin',
    role: 'admin',
  });
  await placeOrder(t, customer);
  const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ in: string; name: string }>;
          requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        }
      >
    >;
  }>();
  routes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase() as Method,
      path,
      bodyFields: Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      queryFields: (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name),
    })),
  );
  routes.push(...AUTH_CATCH_ALL_ROUTES);
  tables = (
    await queryRows<{ table_name: string }>(
      t.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((row) => row.table_name)
    .filter((table) => !VOLATILE_TABLES.has(table) && !table.startsWith('__drizzle'));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('fuzzing every API route', () => {
  it('never answers 5xx, answers errors as { message, code }, and an error never changes the database', async () => {
    expect(routes.length).toBeGreaterThan(25);
    let requests = 0;
    const statuses = new Map<number, number>();
    let before = await fingerprint();
    const caller = fc.constantFrom<'visitor' | 'customer' | 'admin'>('visitor', 'customer', 'admin');
    const request = fc.constantFrom(...routes).chain((route) =>
      fc.record({
        route: fc.constant(route),
        caller,
        url: fc.tuple(pathArbitrary(route), queryArbitrary(route)).map(([path, query]) => path + query),
        body: bodyArbitrary(route),
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ route, caller, url, body }) => {
        const user = caller === 'customer' ? customer : caller === 'admin' ? admin : undefined;
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        const response = await t.app.inject({
          method: route.method,
          url,
          remoteAddress: uniqueRemoteAddress(),
          headers: { ...(user?.headers ?? {}), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
          ...(hasBody ? { payload: body } : {}),
        });
        requests += 1;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const where = `${route.method} ${url.slice(0, 200)} as ${caller} with ${body.slice(0, 200)}`;
        expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        const after = await fingerprint();
        if (response.statusCode >= 400) {
          const error = response.json<{ message?: unknown; code?: unknown }>();
          expect(typeof error.message, where).toBe('string');
          expect(typeof error.code, where).toBe('string');
          expect(after, `${where} changed the database and answered ${response.statusCode}`).toBe(before);
        }
        before = after;
      }),
      {
        numRuns: Number(process.env.FUZZ_RUNS ?? 3000),
        seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
      },
    );
    console.warn(
      `fuzz: ${requests} requests over ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; 5xx: 0`,
    );
  }, 600_000);
});
