/**
 * Each table is written by one module, and read by another only through the owner's index.ts (docs/design.md
 * "Modules and tables"). The owner of every table of `db/schema` is listed below; each module's source files (tests
 * left out) are scanned for the tables they write, as Drizzle calls (`.insert(t)`, `.update(t)`, `.delete(t)`) or
 * raw SQL (`insert into ${t}`, `update ${t}`, `delete from ${t}`, or the table's SQL name spelt out), and for the
 * tables they read: a table object imported from `db/schema`, or a table's SQL name after `from` or `join` in raw SQL.
 * The few places that still cross a module's line are listed, each with its reason, in WRITE_EXCEPTIONS and
 * READ_EXCEPTIONS; when one is fixed, its entry goes (the test fails for an entry that no longer matches anything).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is, Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.js';

/** `lib`: written only below the modules, by `lib/idempotency.ts` (any order-placing route claims its key there). */
type Owner = string;

/** The one module that writes each table of `db/schema` (by its export name). */
const OWNERS: Record<string, Owner> = {
  // identity (Better Auth's tables, through its adapter, and the role changes of user-repository.ts)
  users: 'identity',
  sessions: 'identity',
  accounts: 'identity',
  verifications: 'identity',
  profiles: 'profiles',
  // catalog: parts and what triggers and rebuilds derive from them, and their application rows
  makes: 'catalog',
  categories: 'catalog',
  parts: 'catalog',
  searchWords: 'catalog',
  partCounts: 'catalog',
  catalogState: 'catalog',
  catalogPageMarks: 'catalog',
  partFitments: 'catalog',
  vehicles: 'vehicles',
  garageVehicles: 'garage',
  reviews: 'reviews',
  cartLines: 'cart',
  orders: 'orders',
  orderLines: 'orders',
  orderEvents: 'orders',
  // an order's shipments (docs/requirements.md §16), written with its lines' shipped quantities
  shipments: 'orders',
  shipmentLines: 'orders',
  // the provider events that mark orders paid, stored in the same transaction as the order's change
  paymentEvents: 'orders',
  sandboxPaymentIntents: 'payments',
  idempotencyKeys: 'lib',
  invoices: 'invoices',
  invoiceCounters: 'invoices',
  // written by the database's trigger on parts.available (migration 0019); inventory reads the ledger
  stockMovements: 'inventory',
  outboundEmails: 'mail',
  // company accounts (docs/requirements.md §14)
  companies: 'companies',
  companyMembers: 'companies',
  companyInvitations: 'companies',
  companyAddresses: 'companies',
  // trade terms (docs/requirements.md §15); payments against invoices belong with the invoices
  priceLevels: 'trade-terms',
  companyTerms: 'trade-terms',
  companyPrices: 'trade-terms',
  invoicePayments: 'invoices',
  // shipping (docs/requirements.md §16): delivery methods and tax rates by destination
  shippingMethods: 'shipping',
  taxRates: 'shipping',
  // returns with RMA numbers (docs/requirements.md §17); the order lines' returned quantities stay the orders'
  returns: 'returns',
  returnLines: 'returns',
  // credit memos and refunds (docs/requirements.md §17), with their numbering and the restocking fee setting
  creditMemos: 'credit-memos',
  creditMemoLines: 'credit-memos',
  creditMemoCounters: 'credit-memos',
  returnSettings: 'credit-memos',
  // the sandbox provider's refunds, one per idempotency key
  sandboxRefunds: 'payments',
};

/** A module that touches a table it does not own, and why that stays for now. */
interface Exception {
  module: string;
  tables: string[];
  why: string;
}

/** Writes across a module's line. A write exception also lets the module read the table. */
const WRITE_EXCEPTIONS: Exception[] = [
  {
    module: 'inventory',
    tables: ['parts'],
    why: 'its stock writer (changeStock, setStock) is the one writer of parts.available (decision 023)',
  },
];

/** Reads across a module's line that no owner's function answers yet. */
const READ_EXCEPTIONS: Exception[] = [
  {
    module: 'trade-terms',
    tables: ['companyMembers'],
    why: "a buyer's price book is one indexed read joining their membership to their company's terms (price-book.ts)",
  },
  {
    module: 'trade-terms',
    tables: ['categories', 'companies', 'parts'],
    why: "the admins' level and contract price lists are checked against the category ids and SKUs they name, and answered with the parts' SKUs, in SQL; a company's existence is read so (companies imports trade-terms for the terms it shows)",
  },
  {
    module: 'cart',
    tables: ['parts'],
    why: "a cart line's price and ordering terms are its part's, joined in SQL",
  },
  { module: 'garage', tables: ['vehicles'], why: 'a garage vehicle is joined with the vehicle list' },
  {
    module: 'companies',
    tables: ['orders', 'users'],
    why: "members show their account's name and email and the admins search them, joined in SQL; the admins' company list counts each company's orders and spend (orders imports companies, so no orders function can be asked)",
  },
  {
    module: 'inventory',
    tables: ['orders', 'users'],
    why: 'the stock history names the order number and the user behind each movement',
  },
  {
    module: 'invoices',
    tables: ['orders', 'orderLines'],
    why: "an invoice copies its order's totals in the payment transaction, and its document shows the lines",
  },
  {
    module: 'invoices',
    tables: ['creditMemos'],
    why: "a company's balance, aging and the account checkout's credit check are net of its account credit memos, read in the same statement (credit-memos imports invoices for the document's page setup)",
  },
  {
    module: 'dashboard',
    tables: ['orders', 'orderLines', 'parts'],
    why: 'the admin\'s figures are SQL aggregates over orders and parts (docs/requirements.md §13 "Dashboard")',
  },
  {
    module: 'uploads',
    tables: ['categories', 'makes', 'parts', 'profiles', 'reviews', 'users'],
    why: 'the image cleanup keeps every image still named by a row of any of these tables',
  },
];

const modulesDir = fileURLToPath(new URL('.', import.meta.url));
const moduleNames = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Every table object `db/schema` exports, by export name, with its SQL name. */
const tables = new Map(
  Object.entries(schema)
    .filter(([, value]) => is(value, Table))
    .map(([name, value]) => [name, getTableName(value as Table)]),
);
const exportNameOfSqlName = new Map([...tables].map(([name, sqlName]) => [sqlName, name]));

/** The module's source files, tests left out, relative to the modules folder. */
function sourceFiles(module: string): string[] {
  return readdirSync(join(modulesDir, module), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(module, file));
}

/** `code` without comments (so prose about a table is not taken for SQL). */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\w])\/\/.*$/gm, '$1');
}

/** Local name (or `namespace.`) -> schema export name, for the values (not types) `code` imports from db/schema. */
function schemaImports(code: string): Map<string, string> {
  const locals = new Map<string, string>();
  for (const [, clause] of code.matchAll(
    /import\s+(?!type\s)([^;]*?)\s+from\s+'[./]+\/db\/schema\/[^']*'/g,
  )) {
    const namespace = /^\*\s+as\s+(\w+)$/.exec(clause!.trim());
    if (namespace) {
      for (const name of tables.keys()) locals.set(`${namespace[1]}.${name}`, name);
      continue;
    }
    const named = /\{([^}]*)\}/.exec(clause!)?.[1] ?? '';
    for (const specifier of named.split(',')) {
      const parts = specifier.trim().split(/\s+as\s+/);
      if (!parts[0] || parts[0].startsWith('type ')) continue;
      locals.set((parts[1] ?? parts[0]).trim(), parts[0].trim());
    }
  }
  return locals;
}

interface Use {
  module: string;
  file: string;
  table: string;
}

/** The tables (export names) each module's source files write and read. */
function scan(): { writes: Use[]; reads: Use[] } {
  const writes: Use[] = [];
  const reads: Use[] = [];
  const sqlNames = [...exportNameOfSqlName.keys()].join('|');
  for (const module of moduleNames) {
    for (const file of sourceFiles(module)) {
      const code = withoutComments(readFileSync(join(modulesDir, file), 'utf8'));
      const imported = schemaImports(code);
      const add = (list: Use[], table: string | undefined) => {
        if (table !== undefined && tables.has(table)) list.push({ module, file, table });
      };
      const identifier = String.raw`([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?)`;
      const drizzleWrite = new RegExp(String.raw`\.(?:insert|update|delete)\(\s*${identifier}\s*\)`, 'g');
      const rawWrite = new RegExp(
        String.raw`\b(?:insert\s+into|update|delete\s+from)\s+\$\{\s*${identifier}\s*\}`,
        'gi',
      );
      for (const [, local] of [...code.matchAll(drizzleWrite), ...code.matchAll(rawWrite)])
        add(writes, imported.get(local!));
      const literalWrite = new RegExp(
        String.raw`\b(?:insert\s+into|update|delete\s+from)\s+(${sqlNames})\b`,
        'gi',
      );
      for (const [, sqlName] of code.matchAll(literalWrite))
        add(writes, exportNameOfSqlName.get(sqlName!.toLowerCase()));
      for (const table of imported.values()) add(reads, table);
      const literalRead = new RegExp(String.raw`\b(?:from|join)\s+(${sqlNames})\b`, 'gi');
      for (const [, sqlName] of code.matchAll(literalRead))
        add(reads, exportNameOfSqlName.get(sqlName!.toLowerCase()));
    }
  }
  return { writes, reads };
}

const allowed = (exceptions: Exception[], { module, table }: Use) =>
  exceptions.some((exception) => exception.module === module && exception.tables.includes(table));

const ownerPath = (table: string) =>
  OWNERS[table] === 'lib' ? 'lib/idempotency.ts' : `modules/${OWNERS[table]}`;

const describeUse = (verb: string) => (use: Use) =>
  `modules/${use.file} ${verb} ${use.table} (table ${tables.get(use.table)}), which ${ownerPath(use.table)} owns`;

describe('table ownership (docs/design.md "Modules and tables")', () => {
  const { writes, reads } = scan();

  it('names one owner for every table of db/schema, each a module (or lib)', () => {
    expect(tables.size).toBeGreaterThan(20);
    expect(Object.keys(OWNERS).sort()).toEqual([...tables.keys()].sort());
    for (const owner of new Set(Object.values(OWNERS))) expect([...moduleNames, 'lib']).toContain(owner);
  });

  it('finds writes and reads the way the modules make them', () => {
    // Drizzle calls, raw SQL with the table object, and a table named in SQL text are all seen.
    expect(writes).toContainEqual({
      module: 'reviews',
      file: 'reviews/review-repository.ts',
      table: 'reviews',
    });
    expect(writes).toContainEqual(expect.objectContaining({ module: 'invoices', table: 'invoiceCounters' }));
    expect(reads).toContainEqual(expect.objectContaining({ module: 'dashboard', table: 'orderLines' }));
  });

  it('lets no module write a table another module owns', () => {
    const foreign = writes.filter(
      (use) => OWNERS[use.table] !== use.module && !allowed(WRITE_EXCEPTIONS, use),
    );
    expect(
      [...new Set(foreign.map(describeUse('writes')))],
      'Write through the owner instead: add a documented function to its index.ts and call it (docs/design.md "Modules and tables")',
    ).toEqual([]);
  });

  it("lets no module read another's table but through the owner's index.ts", () => {
    const foreign = reads.filter(
      (use) =>
        OWNERS[use.table] !== use.module && !allowed(WRITE_EXCEPTIONS, use) && !allowed(READ_EXCEPTIONS, use),
    );
    expect(
      [...new Set(foreign.map(describeUse('reads')))],
      'Ask the owner instead: add a documented function to its index.ts that answers what is needed and use it (docs/design.md "Modules and tables")',
    ).toEqual([]);
  });

  it('keeps no exception that nothing needs any more', () => {
    const stale = [
      ...WRITE_EXCEPTIONS.flatMap(({ module, tables: named }) =>
        named
          .filter((table) => !writes.some((use) => use.module === module && use.table === table))
          .map((table) => `WRITE_EXCEPTIONS: ${module} writes ${table}`),
      ),
      ...READ_EXCEPTIONS.flatMap(({ module, tables: named }) =>
        named
          .filter((table) => !reads.some((use) => use.module === module && use.table === table))
          .map((table) => `READ_EXCEPTIONS: ${module} reads ${table}`),
      ),
    ];
    expect(stale, 'These modules no longer touch these tables: remove the entries').toEqual([]);
  });
});
