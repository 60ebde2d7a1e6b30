/**
 * The catalogue in bulk (docs/requirements.md §13 "Catalogue in bulk"): every part as CSV, and an import that upserts
 * parts by SKU from such a file.
 *
 * - Export: the header, then one row per part in SKU order, read and written a page at a time (EXPORT_PAGE_SIZE
 *   parts), so memory stays flat however large the catalogue. Cells as catalog-csv-codec.ts writes them.
 * - Import: the file is read with papaparse; every row is checked with the Add/Edit Product form's rules
 *   (partInputSchema), plus the category and make (slugs), the price breaks' format, the fitment rows (the fitment
 *   schema, then the vehicle list as `PUT /parts/{id}/fitment` checks them), duplicate SKUs and the header's columns.
 *   SKUs are compared ignoring case, as the search reads them: a row's SKU finds the stored part that differs only in
 *   case (which keeps its own spelling), and two rows whose SKUs differ only in case are one SKU twice.
 *   A row whose every value equals the stored part's is unchanged and not written. With `dryRun`, or when any row has
 *   an error, nothing is written; a file with an error reports 0 created, updated and unchanged (nothing is, or would
 *   be, written). The report lists at most CATALOG_IMPORT_MAX_LISTED_ERRORS errors, and a value of the file an error
 *   quotes is cut to SHOWN_VALUE_MAX_LENGTH characters (lib/import-errors.ts), so an answer stays small however large the file.
 *   Otherwise every write happens in one transaction of bulk statements
 *   (catalog-csv-repository.ts); the stock levels are set through the inventory module (setStock, reason 'import',
 *   so the stock ledger records each stock change and the admin behind it), and CatalogChanges hears of it once it
 *   commits (the database's triggers tell the other processes). Money: dollars in the file, integer cents in the
 *   database.
 */
import { catalogCsvMessages } from '@partsforge/shared/catalog-csv-messages';
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_CSV_REQUIRED_COLUMNS,
  DEFAULT_WEIGHT_KG,
  FIRST_VEHICLE_YEAR,
  MAX_FITMENT_ROWS,
  fitmentRowInputSchema,
  messages,
  partInputSchema,
  toCents,
  toGrams,
  type CatalogCsvColumn,
  type CatalogImportReport,
} from '@partsforge/shared';
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { ImportErrors, readCsvTable, shownValue } from '../../lib/import-errors.js';
import { setStock } from '../inventory/index.js';
import type { VehicleDirectory } from '../vehicles/index.js';
import type { CatalogChanges } from './catalog-cache.js';
import type { ReleaseImage } from './catalog-admin-service.js';
import {
  fitmentCellKey,
  formatFitmentRow,
  parseBoolean,
  parseDollars,
  parseFitmentRow,
  parsePriceBreaks,
  type FitmentCellRow,
  parseWhole,
  splitList,
} from './catalog-csv-codec.js';
import { lockSupersession } from './supersession.js';
import { createCatalogCsvRepository, type NewPart, type PartValues } from './catalog-csv-repository.js';
import { checkFitmentRow, type FitmentRowCheck } from './fitment-service.js';
import type { NewFitmentRow } from './fitment-repository.js';

/** Parts read per query of the export. */
export const EXPORT_PAGE_SIZE = 2000;
/** Longest an import's statements may run (the app's per-request statement timeout is far shorter). */
const IMPORT_STATEMENT_TIMEOUT_MS = 300_000;

/** The outcome of an import: its report, and whether it was written. */
export interface CatalogImportResult {
  report: CatalogImportReport;
  /** True when the changes were written (no dry run, no error). */
  applied: boolean;
  /** How many errors the file has (the report lists at most CATALOG_IMPORT_MAX_LISTED_ERRORS). */
  errorCount: number;
}

/** The catalogue's bulk export and import. */
export interface CatalogCsvService {
  /** The CSV text of every part, chunk by chunk (a byte-order mark and the header first); see the module comment. */
  exportCsv(): AsyncGenerator<string>;
  /**
   * Imports the CSV file `bytes` as admin `userId`. Never throws for a problem of the file: the report lists it
   * (`applied` false). Database errors propagate (nothing written).
   */
  importCsv(bytes: Uint8Array, options: { dryRun: boolean; userId: string }): Promise<CatalogImportResult>;
}

/** CSV text of rows (RFC 4180: comma, double quotes where needed, CRLF), ending with a line break. */
function csvLines(rows: string[][]): string {
  return `${Papa.unparse(rows, { newline: '\r\n', escapeFormulae: false })}\r\n`;
}

/** The form schema's fields, by the CSV column they come from. */
const COLUMN_OF_FIELD: Record<string, CatalogCsvColumn> = {
  name: 'name',
  description: 'description',
  available: 'available',
  minqty: 'minqty',
  price: 'price',
  img: 'img',
  sku: 'sku',
  category: 'category',
  make: 'make',
  packSize: 'packSize',
  weightKg: 'weightKg',
  coreCharge: 'coreCharge',
  priceBreaks: 'priceBreaks',
  interchangeNumbers: 'interchangeNumbers',
  supersededBy: 'supersededBy',
};

/** The product form's labels of the whole-number columns (its messages name them so). */
const WHOLE_LABELS = {
  available: 'Quantity',
  minqty: 'Minimum order quantity',
  packSize: 'Pack size',
} as const;

/** A row that passed every check: its SKU, the values it gives (absent columns left out) and its fitment. */
interface ValidRow {
  row: number;
  sku: string;
  values: Partial<PartValues>;
  /** The row's application rows, checked, and their fitmentKey (undefined when the file has no fitment column). */
  fitment: { rows: NewFitmentRow[]; key: string } | undefined;
  /** The successor's SKU (null: current), or undefined when the file has no supersededBy column. */
  supersededBy: string | null | undefined;
}

/** What the import does with one valid row. */
type Action =
  | { kind: 'create'; part: NewPart; fitment: NewFitmentRow[] }
  | {
      kind: 'update';
      id: string;
      values: PartValues;
      /** The new application rows, when they differ from the stored ones. */
      fitment: NewFitmentRow[] | undefined;
      /** The stored image, when the row changes it. */
      previousImg: string | undefined;
    }
  | { kind: 'unchanged' };

/**
 * One fitment row of the file, read and checked: the row to write and its text as the export writes it (for
 * fitmentKey), or its problem (null: the row does not have the shape make/model/years/...).
 */
type FitmentRowResult = { row: NewFitmentRow; text: string } | { problem: string | null };

/** A checked vehicle of a fitment row (make, model, years, engine) or why not. */
type VehicleCheck = FitmentRowCheck | { problem: string; field?: undefined };
/** The rest of a fitment row (submodel, position, quantity, note) checked, or why not. */
type ExtrasCheck = Pick<NewFitmentRow, 'submodel' | 'position' | 'quantity' | 'note'> | { problem: string };

/**
 * Reads and checks the fitment rows of one import (parseFitmentRow, then fitmentRowInputSchema, then the vehicle list
 * as `PUT /parts/{id}/fitment` checks them). A catalogue repeats its rows' parts: 500,000 rows name about 30,000
 * vehicles and 2,000 combinations of submodel, position, quantity and note. So each half of a row is checked by the
 * schema once (the other half a neutral, valid value), and each distinct row text read once.
 */
function createFitmentReader(directory: VehicleDirectory) {
  const rows = new Map<string, FitmentRowResult>();
  const vehicles = new Map<string, Promise<VehicleCheck>>();
  const extras = new Map<string, ExtrasCheck>();
  const firstProblem = (issues: readonly { message: string }[]) => ({ problem: issues[0]!.message });

  function vehicleOf(written: FitmentCellRow): Promise<VehicleCheck> {
    // NUL never reaches here (a cell holding one is refused first): a separator no field contains.
    const key = [written.make, written.model, written.yearFrom, written.yearTo, written.engine].join(
      '\u0000',
    );
    let check = vehicles.get(key);
    if (!check) {
      const parsed = fitmentRowInputSchema.safeParse({
        ...written,
        submodel: '',
        position: '',
        quantity: 1,
        note: '',
      });
      check = parsed.success
        ? checkFitmentRow(directory, parsed.data)
        : Promise.resolve(firstProblem(parsed.error.issues));
      vehicles.set(key, check);
    }
    return check;
  }

  function extrasOf(written: FitmentCellRow): ExtrasCheck {
    const key = [written.submodel, written.position, written.quantity ?? '', written.note].join('\u0000');
    let check = extras.get(key);
    if (!check) {
      const parsed = fitmentRowInputSchema.safeParse({
        ...written,
        make: 'a',
        model: 'a',
        yearFrom: FIRST_VEHICLE_YEAR,
        yearTo: FIRST_VEHICLE_YEAR,
        engine: '',
      });
      check = parsed.success
        ? {
            submodel: parsed.data.submodel,
            position: parsed.data.position,
            quantity: parsed.data.quantity,
            note: parsed.data.note,
          }
        : firstProblem(parsed.error.issues);
      extras.set(key, check);
    }
    return check;
  }

  async function read(text: string): Promise<FitmentRowResult> {
    const written = parseFitmentRow(text);
    if (written === null) return { problem: null };
    const vehicle = await vehicleOf(written);
    if ('problem' in vehicle) return { problem: vehicle.problem };
    const rest = extrasOf(written);
    if ('problem' in rest) return rest;
    const row = { ...vehicle.row, ...rest };
    return { row, text: formatFitmentRow(row) };
  }

  return {
    /** The row `text` read and checked (each distinct text once). */
    async check(text: string): Promise<FitmentRowResult> {
      let result = rows.get(text);
      if (!result) {
        result = await read(text);
        rows.set(text, result);
      }
      return result;
    },
    /** The result of a text already checked, without waiting. */
    known: (text: string) => rows.get(text),
  };
}

/** Whether two values of a part's column are equal (arrays element by element). */
function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((value, index) => value === b[index]);
  return a === b;
}

const VALUE_KEYS: (keyof PartValues)[] = [
  'name',
  'description',
  'categoryId',
  'makeId',
  'priceCents',
  'minqty',
  'packSize',
  'weightGrams',
  'coreChargeCents',
  'available',
  'img',
  'breakQuantities',
  'breakPricesCents',
  'interchangeNumbers',
  'universal',
];

/** A new part's values for the columns a file does not have (the form's defaults). */
const NEW_PART_DEFAULTS: Omit<
  PartValues,
  'name' | 'description' | 'priceCents' | 'minqty' | 'available' | 'img'
> = {
  categoryId: null,
  makeId: null,
  packSize: 1,
  weightGrams: toGrams(DEFAULT_WEIGHT_KG),
  coreChargeCents: 0,
  breakQuantities: [],
  breakPricesCents: [],
  interchangeNumbers: [],
  universal: false,
};

/**
 * Builds the service on `db`: `directory` checks fitment rows, `changes` hears of each applied import, and
 * `releaseImage` gets the images an import stopped using (after it commits).
 */
export function createCatalogCsvService(
  db: AppDatabase,
  directory: VehicleDirectory,
  changes: CatalogChanges,
  releaseImage: ReleaseImage,
): CatalogCsvService {
  const repository = createCatalogCsvRepository(db);

  /** Reads the file's rows and checks each; the valid rows, by SKU. */
  async function validate(bytes: Uint8Array, errors: ImportErrors): Promise<ValidRow[]> {
    const table = readCsvTable(
      bytes,
      {
        known: CATALOG_CSV_COLUMNS,
        required: CATALOG_CSV_REQUIRED_COLUMNS,
        unknown: catalogCsvMessages.unknownColumn,
      },
      errors,
    );
    if (!table) return [];
    const { at } = table;

    const { categories, makes } = await repository.slugIds();
    const fitmentReader = createFitmentReader(directory);
    const firstRowOf = new Map<string, number>();
    const valid: ValidRow[] = [];

    for (const { row, record } of table.rows) {
      // The row's problems, listed in the order of its columns.
      const problems: { column: string; message: string }[] = [];
      const fail = (column: string, message: string) => problems.push({ column, message });
      const has = (column: CatalogCsvColumn) => at.has(column);
      const cell = (column: CatalogCsvColumn) => {
        const position = at.get(column);
        return position === undefined ? '' : record[position]!;
      };
      const report = (found: typeof problems) => {
        const order = (column: string) => at.get(column as CatalogCsvColumn) ?? Number.MAX_SAFE_INTEGER;
        for (const { column, message } of found.sort((a, b) => order(a.column) - order(b.column)))
          errors.add(row, column, message);
      };
      for (const column of at.keys())
        if (cell(column).includes('\u0000')) fail(column, catalogCsvMessages.unstorableText);
      if (problems.length > 0) {
        report(problems);
        continue;
      }

      const sku = cell('sku').trim();
      if (sku === '') fail('sku', catalogCsvMessages.skuRequired);
      else {
        // 'RT-0001' and 'rt-0001' are one SKU.
        const first = firstRowOf.get(sku.toLowerCase());
        if (first !== undefined) fail('sku', catalogCsvMessages.duplicateSku(first));
        else firstRowOf.set(sku.toLowerCase(), row);
      }

      const whole = (column: 'available' | 'minqty' | 'packSize') => {
        const text = cell(column);
        if (text.trim() === '') return undefined;
        const value = parseWhole(text);
        if (value === null) fail(column, messages.validation.wholeNumber(WHOLE_LABELS[column]));
        return value ?? undefined;
      };
      const slug = (column: 'category' | 'make', ids: Map<string, string>) => {
        const text = cell(column).trim();
        if (text === '') return '';
        const id = ids.get(text.toLowerCase());
        if (id === undefined)
          fail(
            column,
            column === 'category'
              ? catalogCsvMessages.unknownCategory(shownValue(text))
              : catalogCsvMessages.unknownMake(shownValue(text)),
          );
        return id ?? '';
      };
      const priceText = cell('price');
      const price = priceText.trim() === '' ? undefined : parseDollars(priceText);
      if (price === null) fail('price', catalogCsvMessages.notAPrice('Price'));
      let priceBreaks: { minQuantity: number; price: number }[] | undefined;
      if (has('priceBreaks')) {
        const parsedBreaks = parsePriceBreaks(cell('priceBreaks'));
        if (parsedBreaks === null) fail('priceBreaks', catalogCsvMessages.priceBreakFormat);
        else priceBreaks = parsedBreaks;
      }
      let weightKg: number | undefined;
      if (has('weightKg') && cell('weightKg').trim() !== '') {
        const text = cell('weightKg').trim();
        // A decimal number of kilograms; its range and decimals are the form schema's to check.
        if (/^\d+(\.\d+)?$/.test(text)) weightKg = Number(text);
        else fail('weightKg', messages.shippingPages.validation.weightRequired);
      }
      // The core deposit (docs/requirements.md §17): an empty cell is none; its bounds are the form schema's.
      let coreCharge: number | undefined;
      if (has('coreCharge')) {
        const text = cell('coreCharge');
        const dollars = text.trim() === '' ? 0 : parseDollars(text);
        if (dollars === null) fail('coreCharge', catalogCsvMessages.notAPrice('Core charge'));
        else coreCharge = dollars;
      }
      let universal: boolean | undefined;
      if (has('universal')) {
        const flag = parseBoolean(cell('universal'));
        if (flag === null) fail('universal', catalogCsvMessages.universalFormat);
        else universal = flag;
      }

      const input = partInputSchema.safeParse({
        name: cell('name'),
        description: cell('description'),
        available: whole('available'),
        minqty: whole('minqty'),
        price: price ?? undefined,
        img: cell('img'),
        sku,
        category: slug('category', categories),
        make: slug('make', makes),
        ...(has('packSize') ? { packSize: whole('packSize') ?? 1 } : {}),
        ...(weightKg !== undefined ? { weightKg } : {}),
        ...(coreCharge !== undefined ? { coreCharge } : {}),
        ...(priceBreaks ? { priceBreaks } : {}),
        ...(has('interchangeNumbers') ? { interchangeNumbers: splitList(cell('interchangeNumbers')) } : {}),
        ...(has('supersededBy') ? { supersededBy: cell('supersededBy') } : {}),
      });
      if (!input.success) {
        const reported = new Set<string>();
        for (const issue of input.error.issues) {
          const column = COLUMN_OF_FIELD[String(issue.path[0])] ?? 'name';
          // The first problem of each column; a cell that could not be read already has its own.
          if (reported.has(column) || problems.some((problem) => problem.column === column)) continue;
          reported.add(column);
          fail(column, issue.message);
        }
      }

      let fitment: ValidRow['fitment'];
      if (has('fitment')) {
        const texts = splitList(cell('fitment'));
        const rows: NewFitmentRow[] = [];
        const keys: string[] = [];
        if (universal && texts.length > 0) fail('fitment', catalogCsvMessages.universalWithRows);
        else if (texts.length > MAX_FITMENT_ROWS)
          fail('fitment', catalogCsvMessages.tooManyFitmentRows(MAX_FITMENT_ROWS));
        else
          for (const [n, text] of texts.entries()) {
            const result = fitmentReader.known(text) ?? (await fitmentReader.check(text));
            if ('problem' in result)
              fail(
                'fitment',
                result.problem === null
                  ? catalogCsvMessages.fitmentFormat(n + 1)
                  : catalogCsvMessages.fitmentRow(n + 1, result.problem),
              );
            else {
              rows.push(result.row);
              keys.push(result.text);
            }
          }
        fitment = { rows, key: keys.sort().join(';') };
      }

      if (problems.length > 0 || !input.success) {
        report(problems);
        continue;
      }
      const data = input.data;
      const values: Partial<PartValues> = {
        name: data.name,
        description: data.description,
        priceCents: toCents(data.price),
        minqty: data.minqty,
        available: data.available,
        img: data.img,
      };
      if (has('category')) values.categoryId = data.category || null;
      if (has('make')) values.makeId = data.make || null;
      if (data.packSize !== undefined) values.packSize = data.packSize;
      if (data.weightKg !== undefined) values.weightGrams = toGrams(data.weightKg);
      if (data.coreCharge !== undefined) values.coreChargeCents = toCents(data.coreCharge);
      if (data.priceBreaks !== undefined) {
        values.breakQuantities = data.priceBreaks.map((tier) => tier.minQuantity);
        values.breakPricesCents = data.priceBreaks.map((tier) => toCents(tier.price));
      }
      if (data.interchangeNumbers !== undefined) values.interchangeNumbers = data.interchangeNumbers;
      if (universal !== undefined) values.universal = universal;
      valid.push({
        row,
        sku,
        values,
        fitment,
        supersededBy: has('supersededBy') ? (data.supersededBy ?? null) : undefined,
      });
    }
    return valid;
  }

  /** What to do with each valid row, against the parts stored now (read on `on`); adds the errors it finds. */
  async function plan(on: AppDatabase, rows: ValidRow[], errors: ImportErrors): Promise<Action[]> {
    const stored = await repository.partsBySku(
      rows.map((row) => row.sku),
      on,
    );
    const actions: Action[] = [];
    for (const row of rows) {
      // The part of this SKU in any case: the one spelt exactly so, else the only one (a catalogue may hold SKUs that
      // differ only in case, made before imports compared them so: the row cannot tell which it means).
      const matches = stored.get(row.sku.toLowerCase()) ?? [];
      const current =
        matches.find((part) => part.sku === row.sku) ?? (matches.length === 1 ? matches[0] : undefined);
      if (!current && matches.length > 1) {
        errors.add(row.row, 'sku', catalogCsvMessages.ambiguousSku(matches.map((part) => part.sku)));
        continue;
      }
      const values = { ...(current ?? NEW_PART_DEFAULTS), ...row.values } as PartValues;
      // A part the file leaves universal (no universal column) has no rows to give.
      if (values.universal && row.fitment && row.fitment.rows.length > 0) {
        errors.add(row.row, 'fitment', catalogCsvMessages.universalWithRows);
        continue;
      }
      if (!current) {
        const rows = values.universal ? [] : (row.fitment?.rows ?? []);
        actions.push({ kind: 'create', part: { sku: row.sku, ...pick(values) }, fitment: rows });
        continue;
      }
      // A universal part has no rows; a file without the column keeps the part's.
      const next = values.universal ? { rows: [], key: '' } : row.fitment;
      const fitmentChanged = next !== undefined && next.key !== fitmentCellKey(current.fitment);
      const valuesChanged =
        VALUE_KEYS.some((key) => !same(values[key], current[key])) ||
        (row.supersededBy !== undefined &&
          (row.supersededBy?.toLowerCase() ?? null) !== (current.supersededBy?.toLowerCase() ?? null));
      if (!fitmentChanged && !valuesChanged) actions.push({ kind: 'unchanged' });
      else
        actions.push({
          kind: 'update',
          id: current.id,
          values: pick(values),
          fitment: fitmentChanged ? next.rows : undefined,
          previousImg: values.img !== current.img ? current.img : undefined,
        });
    }
    return actions;
  }

  /**
   * Checks the file's supersededBy cells (docs/requirements.md §17) against the file and the catalogue (read on
   * `on`) together: each successor is a SKU of the file or the catalogue and not the row's own, and no link closes a
   * cycle once the file's links replace the catalogue's; adds an error on the row's supersededBy otherwise. Returns
   * the links the file changes (SKU and successor SKU, null: none any more).
   */
  async function checkSupersession(
    on: AppDatabase,
    rows: ValidRow[],
    errors: ImportErrors,
  ): Promise<{ sku: string; successor: string | null }[]> {
    const linked = rows.filter((row) => row.supersededBy !== undefined);
    if (linked.length === 0) return [];
    const links = await repository.successorLinks(on);
    // What the file changes: the rows whose successor is not the one stored (most rows of an export name none).
    const changed = linked.flatMap((row) => {
      const successor = row.supersededBy || null;
      return (links.get(row.sku.toLowerCase()) ?? null) === (successor?.toLowerCase() ?? null)
        ? []
        : [{ sku: row.sku, successor }];
    });
    for (const row of linked) {
      const sku = row.sku.toLowerCase();
      if (row.supersededBy) links.set(sku, row.supersededBy.toLowerCase());
      else links.delete(sku);
    }
    const inFile = new Set(rows.map((row) => row.sku.toLowerCase()));
    const successors = linked.flatMap((row) => (row.supersededBy ? [row.supersededBy.toLowerCase()] : []));
    const stored = await repository.existingSkus(
      successors.filter((sku) => !inFile.has(sku)),
      on,
    );
    for (const row of linked) {
      if (!row.supersededBy) continue;
      const sku = row.sku.toLowerCase();
      const successor = row.supersededBy.toLowerCase();
      if (successor === sku) {
        errors.add(row.row, 'supersededBy', messages.supersessionPages.self);
        continue;
      }
      if (!inFile.has(successor) && !stored.has(successor)) {
        errors.add(
          row.row,
          'supersededBy',
          messages.supersessionPages.unknownSku(shownValue(row.supersededBy)),
        );
        continue;
      }
      // Follow the chain from the successor: reaching the row's own SKU closes a cycle.
      let at: string | undefined = successor;
      for (let steps = 0; at !== undefined && steps <= links.size; steps += 1) {
        if (at === sku) {
          errors.add(row.row, 'supersededBy', messages.supersessionPages.cycle(row.sku));
          break;
        }
        at = links.get(at);
      }
    }
    return changed;
  }

  /** The report: with any error, nothing is (or would be) written, so every count is 0. */
  function reportOf(actions: Action[], errors: ImportErrors): CatalogImportReport {
    const count = (kind: Action['kind']) =>
      errors.count > 0 ? 0 : actions.filter((action) => action.kind === kind).length;
    return {
      created: count('create'),
      updated: count('update'),
      unchanged: count('unchanged'),
      errors: errors.report(),
    };
  }

  /** Writes the actions in transaction `tx`. */
  async function write(
    tx: AppDatabase,
    actions: Action[],
    userId: string,
    successorWrites: readonly { sku: string; successor: string | null }[],
  ): Promise<void> {
    const creates = actions.filter((action) => action.kind === 'create');
    const updates = actions.filter((action) => action.kind === 'update');
    const ids = await repository.insertParts(
      tx,
      creates.map((action) => action.part),
    );
    // The file's levels, as a stock count: a new part's first stock and each changed one is a movement.
    await setStock(
      tx,
      [
        ...creates.map((action) => ({ partId: ids.get(action.part.sku)!, level: action.part.available })),
        ...updates.map((action) => ({ partId: action.id, level: action.values.available })),
      ],
      { reason: 'import', userId },
    );
    await repository.updateParts(
      tx,
      updates.map((action) => ({ id: action.id, ...action.values })),
    );
    const refitted: string[] = [];
    const rows: (NewFitmentRow & { partId: string })[] = [];
    for (const action of creates) {
      const partId = ids.get(action.part.sku)!;
      for (const row of action.fitment) rows.push({ ...row, partId });
    }
    for (const action of updates) {
      if (!action.fitment) continue;
      refitted.push(action.id);
      for (const row of action.fitment) rows.push({ ...row, partId: action.id });
    }
    if (refitted.length > 0 || rows.length > 0) await repository.replaceFitment(tx, refitted, rows);
    // Successors last: a row may name a part the file adds.
    await repository.setSuccessors(tx, successorWrites);
  }

  return {
    async *exportCsv() {
      yield `\uFEFF${csvLines([[...CATALOG_CSV_COLUMNS]])}`;
      for await (const page of repository.csvPages(EXPORT_PAGE_SIZE)) yield csvLines(page);
    },

    async importCsv(bytes, { dryRun, userId }) {
      const errors = new ImportErrors();
      const rows = await validate(bytes, errors);
      if (dryRun || errors.count > 0) {
        const actions = await plan(db, rows, errors);
        await checkSupersession(db, rows, errors);
        return { report: reportOf(actions, errors), applied: false, errorCount: errors.count };
      }
      const outcome = await db.transaction(async (tx) => {
        // One import at a time: each compares the file with what the one before it wrote.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('partsforge:catalog-import'))`);
        await tx.execute(
          sql`select set_config('statement_timeout', ${String(IMPORT_STATEMENT_TIMEOUT_MS)}, true)`,
        );
        // The supersession lock before any row is written (catalog-admin-service.ts takes it before a row's).
        if (rows.some((row) => row.supersededBy !== undefined)) await lockSupersession(tx);
        const actions = await plan(tx, rows, errors);
        const successorWrites = await checkSupersession(tx, rows, errors);
        if (errors.count === 0) await write(tx, actions, userId, successorWrites);
        return { actions, applied: errors.count === 0 };
      });
      if (outcome.applied) {
        const { actions } = outcome;
        if (actions.some((action) => action.kind !== 'unchanged')) changes.catalogueChanged();
        const released = new Set<string>();
        for (const action of actions)
          if (action.kind === 'update' && action.previousImg !== undefined) released.add(action.previousImg);
        for (const img of released) await releaseImage(img);
      }
      return {
        report: reportOf(outcome.actions, errors),
        applied: outcome.applied,
        errorCount: errors.count,
      };
    },
  };
}

/** Only the PartValues keys of `values` (a stored part carries more). */
function pick(values: PartValues): PartValues {
  return Object.fromEntries(VALUE_KEYS.map((key) => [key, values[key]])) as unknown as PartValues;
}
