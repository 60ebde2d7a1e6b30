/**
 * The admins' trade terms (docs/requirements.md §15 "Trade terms"; docs/decisions/027-trade-terms.md): the price
 * levels, each company's contract prices (a list, or a `sku,price` CSV file) and each company's terms. The API speaks
 * percent (two decimals) and dollars; the tables hold basis points and integer cents (trade-terms-repository.ts).
 *
 * Buyers' price books are cached by version (price-book.ts): every change of a level's name or discounts gives it
 * version + 1 (an unchanged level keeps its version), and every change of a company's terms or contract prices gives
 * its `prices_version` + 1.
 */
import { catalogCsvMessages } from '@partsforge/shared/catalog-csv-messages';
import {
  CONTRACT_PRICES_CSV_COLUMNS,
  DEFAULT_COMPANY_TERMS,
  LIST_PRICE_LEVEL,
  MAX_CONTRACT_PRICES,
  apiErrorCodes,
  contractPriceSchema,
  isId,
  messages,
  toCents,
  toDollars,
  type CompanyTerms,
  type CompanyTermsInput,
  type ContractPrice,
  type ContractPricesImportReport,
  type PriceLevel,
} from '@partsforge/shared';
import type { AppDatabase } from '../../db/connect.js';
import type { CompanyTermsRow, PriceLevelRow } from '../../db/schema/index.js';
import { ConflictError, HttpError, NotFoundError } from '../../lib/http-errors.js';
import { ImportErrors, readCsvTable, shownValue } from '../../lib/import-errors.js';
import * as repository from './trade-terms-repository.js';

/** A percent with at most two decimals as basis points: 12.5 -> 1250. */
const toBasisPoints = (percent: number) => Math.round(percent * 100);
/** Basis points as a percent: 1250 -> 12.5. */
const toPercent = (basisPoints: number) => basisPoints / 100;

/** A level row as the API answers it. */
function toLevel(row: PriceLevelRow): PriceLevel {
  return {
    code: row.code,
    name: row.name,
    discountPercent: toPercent(row.discountBasisPoints),
    categoryDiscounts: row.categoryDiscounts.map((c) => ({
      categoryId: c.categoryId,
      discountPercent: toPercent(c.basisPoints),
    })),
  };
}

/** A terms row as the API answers it (dollars). */
function toTerms(row: CompanyTermsRow): CompanyTerms {
  return {
    priceLevel: row.priceLevel,
    paymentTerms: row.paymentTerms,
    creditLimit: toDollars(row.creditLimitCents),
    taxExempt: row.taxExempt,
    resaleCertificate: row.resaleCertificate,
  };
}

/** The terms a company gets when an admin gives it contract prices before any terms (DEFAULT_COMPANY_TERMS). */
const DEFAULT_TERMS_VALUES: repository.TermsValues = {
  priceLevel: DEFAULT_COMPANY_TERMS.priceLevel,
  paymentTerms: DEFAULT_COMPANY_TERMS.paymentTerms,
  creditLimitCents: 0,
  taxExempt: DEFAULT_COMPANY_TERMS.taxExempt,
  resaleCertificate: null,
};

/**
 * Company `companyId`'s terms as the admins' company answer shows them: DEFAULT_COMPANY_TERMS when an admin never
 * set any. For other modules (the companies module's GET /admin/companies/:id), through index.ts.
 */
export async function companyTermsOf(db: AppDatabase, companyId: string): Promise<CompanyTerms> {
  const row = await repository.findTerms(db, companyId);
  return row ? toTerms(row) : { ...DEFAULT_COMPANY_TERMS };
}

const DOLLARS = /^\d+(\.\d+)?$/;

/** What replacing contract prices `before` with `next` (part id -> cents) does. */
function countChanges(before: ReadonlyMap<string, number>, next: ReadonlyMap<string, number>) {
  const counts = { created: 0, updated: 0, unchanged: 0, removed: 0 };
  for (const [partId, cents] of next) {
    const old = before.get(partId);
    if (old === undefined) counts.created += 1;
    else if (old === cents) counts.unchanged += 1;
    else counts.updated += 1;
  }
  for (const partId of before.keys()) if (!next.has(partId)) counts.removed += 1;
  return counts;
}

/** The outcome of a contract prices import: its report, whether it was written, and how many errors the file has. */
export interface ContractPricesImportResult {
  report: ContractPricesImportReport;
  applied: boolean;
  errorCount: number;
}

/** The admins' trade terms calls. */
export interface TradeTermsService {
  /** The price levels in display order (percent). */
  listLevels(): Promise<PriceLevel[]>;
  /**
   * Replaces the whole list of price levels (`levels` checked by priceLevelsSchema) in one transaction: each level
   * upserted by code at its position, the missing ones deleted; answers the new list. Throws 400 VALIDATION_FAILED
   * naming an unknown category id; 409 LEVEL_IN_USE when a level to delete is named by a company's terms, or is
   * `list` (the level of DEFAULT_COMPANY_TERMS, which every company without terms buys at); nothing changes then.
   */
  replaceLevels(levels: PriceLevel[]): Promise<PriceLevel[]>;
  /** Company `companyId`'s contract prices by SKU (the parts' spelling; dollars). 404 when no such company. */
  listPrices(companyId: string): Promise<ContractPrice[]>;
  /**
   * Replaces company `companyId`'s contract prices with `prices` (checked by contractPricesSchema; SKUs matched
   * ignoring case) in one transaction, and answers them as listPrices. A company without terms first gets the
   * default terms (level `list`, card, no credit, taxed): without a terms row it has no price book, and its contract
   * prices would not apply. `prices_version` + 1 when the list changed. Throws 404 (no such company), 400
   * VALIDATION_FAILED naming the unknown SKUs (nothing written).
   */
  replacePrices(companyId: string, prices: ContractPrice[]): Promise<ContractPrice[]>;
  /**
   * Reads a `sku,price` CSV file (`bytes`) and, unless `dryRun` or any error, replaces company `companyId`'s contract
   * prices with it as replacePrices does. Never throws for a problem of the file: the report lists it (`applied`
   * false). 404 when no such company.
   */
  importPrices(
    companyId: string,
    bytes: Uint8Array,
    options: { dryRun: boolean },
  ): Promise<ContractPricesImportResult>;
  /**
   * Sets company `companyId`'s terms (`input` checked by companyTermsSchema; credit limit in dollars; a blank resale
   * certificate is none) and answers them; `prices_version` + 1. Throws 404 (no such company), 400
   * VALIDATION_FAILED with `errors.priceLevel` for an unknown level.
   */
  setTerms(companyId: string, input: CompanyTermsInput): Promise<CompanyTerms>;
}

/** Builds the service on `db`. */
export function createTradeTermsService(db: AppDatabase): TradeTermsService {
  const inTransaction = <T>(work: (tx: AppDatabase) => Promise<T>) =>
    db.transaction((tx) => work(tx as unknown as AppDatabase));

  /** 404 unless company `id` exists. */
  const requireCompany = async (id: string, on: AppDatabase = db) => {
    if (!isId(id) || !(await repository.companyExists(on, id)))
      throw new NotFoundError(messages.companies.companyNotFound);
  };

  /** The parts `skus` name, by lower-case SKU (the one spelt exactly so, else the only one), and the unknown SKUs. */
  const resolveSkus = async (on: AppDatabase, skus: string[]) => {
    const stored = await repository.partsBySku(on, skus);
    const found = new Map<string, repository.SkuPart>();
    const unknown: string[] = [];
    for (const sku of skus) {
      const matches = stored.get(sku.toLowerCase()) ?? [];
      const part =
        matches.find((match) => match.sku === sku) ?? (matches.length === 1 ? matches[0] : undefined);
      if (part) found.set(sku.toLowerCase(), part);
      else unknown.push(sku);
    }
    return { found, unknown };
  };

  /** Writes company `companyId`'s new prices (part id -> cents) in `tx`; answers the counts against the old list. */
  const writePrices = async (tx: AppDatabase, companyId: string, prices: Map<string, number>) => {
    await repository.ensureTerms(tx, companyId, DEFAULT_TERMS_VALUES);
    await repository.lockTerms(tx, companyId);
    const counts = countChanges(await priceMap(tx, companyId), prices);
    if (counts.created + counts.updated + counts.removed > 0) {
      await repository.replacePrices(tx, companyId, prices);
      await repository.bumpPricesVersion(tx, companyId);
    }
    return counts;
  };

  /** Company `companyId`'s contract prices (part id -> cents). */
  const priceMap = async (on: AppDatabase, companyId: string) =>
    new Map((await repository.listPrices(on, companyId)).map((row) => [row.partId, row.priceCents]));

  const pricesOf = async (on: AppDatabase, companyId: string): Promise<ContractPrice[]> =>
    (await repository.listPrices(on, companyId)).map((row) => ({
      sku: row.sku,
      price: toDollars(row.priceCents),
    }));

  /** The file's valid rows (lower-case SKU -> { row, sku, cents }), its errors listed in `errors`. */
  const readPricesFile = (bytes: Uint8Array, errors: ImportErrors) => {
    const rows: { row: number; sku: string; cents: number }[] = [];
    const table = readCsvTable(
      bytes,
      {
        known: CONTRACT_PRICES_CSV_COLUMNS,
        required: CONTRACT_PRICES_CSV_COLUMNS,
        unknown: messages.tradeTerms.unknownPriceColumn,
      },
      errors,
    );
    if (!table) return rows;
    const { at } = table;
    const firstRowOf = new Map<string, number>();
    for (const { row, record } of table.rows) {
      const sku = record[at.get('sku')!]!.trim();
      const priceText = record[at.get('price')!]!.trim();
      let ok = true;
      if (sku === '') {
        errors.add(row, 'sku', catalogCsvMessages.skuRequired);
        ok = false;
      } else {
        const first = firstRowOf.get(sku.toLowerCase());
        if (first !== undefined) {
          errors.add(row, 'sku', catalogCsvMessages.duplicateSku(first));
          ok = false;
        } else firstRowOf.set(sku.toLowerCase(), row);
      }
      const checked = DOLLARS.test(priceText)
        ? contractPriceSchema.shape.price.safeParse(Number(priceText))
        : undefined;
      if (!checked?.success) {
        errors.add(
          row,
          'price',
          checked ? checked.error.issues[0]!.message : catalogCsvMessages.notAPrice('Price'),
        );
        ok = false;
      }
      if (ok && checked?.success) rows.push({ row, sku, cents: toCents(checked.data) });
    }
    if (firstRowOf.size > MAX_CONTRACT_PRICES)
      errors.add(1, undefined, messages.tradeTerms.tooManyPrices(MAX_CONTRACT_PRICES));
    return rows;
  };

  return {
    async listLevels() {
      return (await repository.listLevels(db)).map(toLevel);
    },

    async replaceLevels(levels) {
      const categoryIds = [
        ...new Set(levels.flatMap((level) => level.categoryDiscounts.map((c) => c.categoryId))),
      ];
      return inTransaction(async (tx) => {
        await repository.lockLevels(tx);
        const [unknown] = await repository.unknownCategoryIds(tx, categoryIds);
        if (unknown !== undefined)
          throw new HttpError(
            400,
            messages.tradeTerms.unknownCategory(unknown),
            apiErrorCodes.validationFailed,
            {
              categoryDiscounts: messages.tradeTerms.unknownCategory(unknown),
            },
          );
        const current = new Map((await repository.listLevels(tx)).map((row) => [row.code, row]));
        const codes = new Set(levels.map((level) => level.code));
        const missing = [...current.keys()].filter((code) => !codes.has(code));
        const inUse = await repository.levelsInUse(tx, missing);
        if (missing.includes(LIST_PRICE_LEVEL) && !inUse.includes(LIST_PRICE_LEVEL))
          inUse.unshift(LIST_PRICE_LEVEL);
        if (inUse.length > 0)
          throw new ConflictError(messages.tradeTerms.levelInUse(inUse.join(', ')), apiErrorCodes.levelInUse);
        const values = levels.map((level, position): repository.LevelValues => {
          const next = {
            code: level.code,
            name: level.name,
            discountBasisPoints: toBasisPoints(level.discountPercent),
            categoryDiscounts: level.categoryDiscounts.map((c) => ({
              categoryId: c.categoryId,
              basisPoints: toBasisPoints(c.discountPercent),
            })),
            position,
          };
          const old = current.get(level.code);
          const same =
            old !== undefined &&
            old.name === next.name &&
            old.discountBasisPoints === next.discountBasisPoints &&
            JSON.stringify(old.categoryDiscounts.map((c) => [c.categoryId, c.basisPoints])) ===
              JSON.stringify(next.categoryDiscounts.map((c) => [c.categoryId, c.basisPoints]));
          return { ...next, version: old === undefined ? 1 : same ? old.version : old.version + 1 };
        });
        await repository.deleteLevels(tx, missing);
        await repository.upsertLevels(tx, values);
        return (await repository.listLevels(tx)).map(toLevel);
      });
    },

    async listPrices(companyId) {
      await requireCompany(companyId);
      return pricesOf(db, companyId);
    },

    async replacePrices(companyId, prices) {
      await requireCompany(companyId);
      return inTransaction(async (tx) => {
        const { found, unknown } = await resolveSkus(
          tx,
          prices.map((row) => row.sku),
        );
        if (unknown.length > 0) {
          const message = messages.tradeTerms.unknownSkus(unknown.join(', '));
          throw new HttpError(400, message, apiErrorCodes.validationFailed, { sku: message });
        }
        const next = new Map(prices.map((row) => [found.get(row.sku.toLowerCase())!.id, toCents(row.price)]));
        await writePrices(tx, companyId, next);
        return pricesOf(tx, companyId);
      });
    },

    async importPrices(companyId, bytes, { dryRun }) {
      await requireCompany(companyId);
      const errors = new ImportErrors();
      const rows = readPricesFile(bytes, errors);
      const zero = { created: 0, updated: 0, unchanged: 0, removed: 0 };
      const plan = async (on: AppDatabase) => {
        const { found } = await resolveSkus(
          on,
          rows.map((row) => row.sku),
        );
        const next = new Map<string, number>();
        for (const row of rows) {
          const part = found.get(row.sku.toLowerCase());
          if (part) next.set(part.id, row.cents);
          else errors.add(row.row, 'sku', messages.tradeTerms.unknownSkus(shownValue(row.sku)));
        }
        return next;
      };
      if (errors.count > 0 || dryRun) {
        const next = await plan(db);
        const counts = errors.count > 0 ? zero : countChanges(await priceMap(db, companyId), next);
        return { report: { ...counts, errors: errors.report() }, applied: false, errorCount: errors.count };
      }
      const counts = await inTransaction(async (tx) => {
        const next = await plan(tx);
        if (errors.count > 0) return zero;
        return writePrices(tx, companyId, next);
      });
      return {
        report: { ...counts, errors: errors.report() },
        applied: errors.count === 0,
        errorCount: errors.count,
      };
    },

    async setTerms(companyId, input) {
      await requireCompany(companyId);
      const priceLevel = input.priceLevel.trim();
      const row = await inTransaction(async (tx) => {
        await repository.lockLevels(tx, { shared: true });
        if (!(await repository.levelExists(tx, priceLevel))) {
          const message = messages.tradeTerms.unknownLevel(priceLevel);
          throw new HttpError(400, message, apiErrorCodes.validationFailed, { priceLevel: message });
        }
        return repository.upsertTerms(tx, companyId, {
          priceLevel,
          paymentTerms: input.paymentTerms,
          creditLimitCents: toCents(input.creditLimit),
          taxExempt: input.taxExempt,
          resaleCertificate: input.resaleCertificate?.trim() || null,
        });
      });
      return toTerms(row);
    },
  };
}
