/**
 * Shipping use cases (docs/requirements.md §16): the admins' delivery methods and tax rates (each list read and
 * replaced whole), the tax rate of a destination, and the quote of a buyer's cart (quote.ts has its rules). Money:
 * integer cents inside, dollars in DTOs; weights grams inside, kilograms in DTOs.
 */
import {
  apiErrorCodes,
  messages,
  toCents,
  toDollars,
  toGrams,
  toKg,
  type Quote,
  type QuoteRequest,
  type ShippingMethod,
  type TaxRate,
} from '@partsforge/shared';
import type { AppDatabase } from '../../db/connect.js';
import type { TaxRateRow } from '../../db/schema/index.js';
import { HttpError, NotFoundError } from '../../lib/http-errors.js';
import type { CartService } from '../cart/index.js';
import { findPartWeights } from '../catalog/index.js';
import { findCompanyAddress, findMembership } from '../companies/index.js';
import { quoteOptions, type Method, type OfferedMethod } from './quote.js';
import { createShippingRepository } from './shipping-repository.js';

/**
 * How long a process reuses the methods it read for quotes, in milliseconds: a checkout then reads them once per
 * interval instead of once per order. Another process's change shows after at most this long; this process's own at
 * once.
 */
export const METHODS_CACHE_MS = 5_000;

/** The weight of a part without one, in grams (never stored: parts.weight_grams is required; a part gone since). */
const UNKNOWN_PART_GRAMS = 1000;

/** A destination's sales tax: thousandths of a percent, whether shipping is taxed, and where the rate came from. */
export interface DestinationTax {
  rateMilliPercent: number;
  taxShipping: boolean;
  /** 'region': the destination's row of tax_rates; 'default': TAX_RATE_PERCENT (no row, or no destination). */
  source: 'region' | 'default';
}

/** Shipping use cases; each throws HttpError subclasses the error handler answers with. */
export interface ShippingService {
  /** Every delivery method, in the order offered. */
  methods(): Promise<ShippingMethod[]>;
  /** Replaces every delivery method (checked by shippingMethodsSchema) and answers them as `methods` does. */
  replaceMethods(methods: readonly ShippingMethod[]): Promise<ShippingMethod[]>;
  /** Every tax rate, by country and region. */
  taxRates(): Promise<TaxRate[]>;
  /** Replaces every tax rate (checked by taxRatesSchema) and answers them as `taxRates` does. */
  replaceTaxRates(rates: readonly TaxRate[]): Promise<TaxRate[]>;
  /**
   * The sales tax of `country` and `region` (region matched in capitals): its row of tax_rates, else
   * TAX_RATE_PERCENT with shipping not taxed. Without a country: TAX_RATE_PERCENT. The rates are those of at most
   * METHODS_CACHE_MS ago (this process's own changes at once), read on `on` when due.
   */
  taxFor(
    country: string | null | undefined,
    region: string | null | undefined,
    on?: AppDatabase,
  ): Promise<DestinationTax>;
  /**
   * The methods offered for a cart of `subtotalCents` weighing `weightGrams` to `country`, at `now`: costs in cents
   * and delivery dates (quote.ts quoteOptions). The methods are those of at most METHODS_CACHE_MS ago. `on`: where
   * to read (a caller's transaction; the pool by default), as for taxFor and weightOf.
   */
  optionsFor(
    cart: { subtotalCents: number; weightGrams: number; country: string },
    now?: Date,
    on?: AppDatabase,
  ): Promise<OfferedMethod[]>;
  /** The weight of `lines` in grams (each part's weight times its quantity). */
  weightOf(lines: readonly { partId: string; quantity: number }[], on?: AppDatabase): Promise<number>;
  /**
   * `POST /checkout/quote`: the methods offered for `userId`'s cart (its subtotal as the buyer pays it, trade terms
   * included) to the destination of `input` (a company ship-to location by `addressId`, or the typed country,
   * region and postal code), at `now`. 400 CART_EMPTY for an empty cart; 404 for an address id that is not one of
   * the caller's company's.
   */
  quote(userId: string, input: QuoteRequest, now?: Date): Promise<Quote>;
}

/** A stored method as the API answers it (dollars, kilograms; fields a kind does not use left out). */
export function toMethodDto(method: Method): ShippingMethod {
  return {
    code: method.code,
    name: method.name,
    kind: method.kind,
    ...(method.priceCents !== null ? { price: toDollars(method.priceCents) } : {}),
    ...(method.kind === 'weight'
      ? {
          bands: method.bands.map((band) => ({
            upToKg: toKg(band.upToGrams),
            price: toDollars(band.priceCents),
          })),
        }
      : {}),
    ...(method.freeOverCents !== null ? { freeOverSubtotal: toDollars(method.freeOverCents) } : {}),
    transitDays: { min: method.transitMinDays, max: method.transitMaxDays },
    cutoff: method.cutoff,
    countries: method.countries,
  };
}

/** A method as written (checked by shippingMethodSchema) as it is stored: a pickup without a price is free. */
export function fromMethodDto(method: ShippingMethod): Method {
  return {
    code: method.code,
    name: method.name,
    kind: method.kind,
    priceCents: method.price !== undefined ? toCents(method.price) : method.kind === 'pickup' ? 0 : null,
    bands:
      method.kind === 'weight'
        ? (method.bands ?? []).map((band) => ({
            upToGrams: toGrams(band.upToKg),
            priceCents: toCents(band.price),
          }))
        : [],
    freeOverCents: method.freeOverSubtotal !== undefined ? toCents(method.freeOverSubtotal) : null,
    transitMinDays: method.transitDays.min,
    transitMaxDays: method.transitDays.max,
    cutoff: method.cutoff,
    countries: [...new Set(method.countries)],
  };
}

function toTaxRateDto(row: TaxRateRow): TaxRate {
  return {
    country: row.country,
    region: row.region,
    ratePercent: row.rateMilliPercent / 1000,
    taxShipping: row.taxShipping,
  };
}

/** Settings of the service: the shop's time zone and the default tax rate. */
export interface ShippingSettings {
  /** IANA name (SHOP_TIMEZONE). */
  timeZone: string;
  /** TAX_RATE_PERCENT in basis points. */
  defaultTaxBasisPoints: number;
}

/** Builds the service on `db`; `cart` reads the buyer's cart with their prices. */
export function createShippingService(
  db: AppDatabase,
  cart: Pick<CartService, 'get'>,
  settings: ShippingSettings,
): ShippingService {
  const repository = createShippingRepository(db);
  const inTransaction = <T>(work: (tx: AppDatabase) => Promise<T>): Promise<T> =>
    db.transaction((tx) => work(tx as unknown as AppDatabase));
  let cachedMethods: { until: number; methods: Promise<Method[]> } | null = null;
  /** The methods for quotes: read at most once per METHODS_CACHE_MS (a failed read is not kept). */
  const methodsForQuotes = (on: AppDatabase = db): Promise<Method[]> => {
    const now = Date.now();
    if (cachedMethods && cachedMethods.until > now) return cachedMethods.methods;
    const methods = (on === db ? repository : createShippingRepository(on)).methods();
    const entry = { until: now + METHODS_CACHE_MS, methods };
    cachedMethods = entry;
    methods.catch(() => {
      if (cachedMethods === entry) cachedMethods = null;
    });
    return methods;
  };
  let cachedRates: { until: number; rates: Promise<Map<string, TaxRateRow>> } | null = null;
  /**
   * Every tax rate by "COUNTRY/REGION", for orders: read (on `on`) at most once per METHODS_CACHE_MS, as the methods
   * are, so a checkout does not read its destination's row; this process's own changes show at once.
   */
  const ratesForOrders = (on: AppDatabase = db): Promise<Map<string, TaxRateRow>> => {
    const now = Date.now();
    if (cachedRates && cachedRates.until > now) return cachedRates.rates;
    const rates = (on === db ? repository : createShippingRepository(on))
      .taxRates()
      .then((rows) => new Map(rows.map((row) => [`${row.country}/${row.region}`, row])));
    const entry = { until: now + METHODS_CACHE_MS, rates };
    cachedRates = entry;
    rates.catch(() => {
      if (cachedRates === entry) cachedRates = null;
    });
    return rates;
  };
  const defaultTax: DestinationTax = {
    rateMilliPercent: settings.defaultTaxBasisPoints * 10,
    taxShipping: false,
    source: 'default',
  };

  const service: ShippingService = {
    methods: async () => (await repository.methods()).map(toMethodDto),
    async replaceMethods(methods) {
      const stored = methods.map(fromMethodDto);
      await inTransaction((tx) => createShippingRepository(tx).replaceMethods(stored));
      cachedMethods = null;
      return stored.map(toMethodDto);
    },
    taxRates: async () => (await repository.taxRates()).map(toTaxRateDto),
    async replaceTaxRates(rates) {
      const rows: TaxRateRow[] = rates.map((rate) => ({
        country: rate.country,
        region: rate.region.toUpperCase(),
        rateMilliPercent: Math.round(rate.ratePercent * 1000),
        taxShipping: rate.taxShipping,
      }));
      await inTransaction((tx) => createShippingRepository(tx).replaceTaxRates(rows));
      cachedRates = null;
      return service.taxRates();
    },
    async taxFor(country, region, on = db) {
      if (!country || !region) return defaultTax;
      const row = (await ratesForOrders(on)).get(
        `${country.trim().toUpperCase()}/${region.trim().toUpperCase()}`,
      );
      if (!row) return defaultTax;
      return { rateMilliPercent: row.rateMilliPercent, taxShipping: row.taxShipping, source: 'region' };
    },
    async optionsFor(input, now = new Date(), on = db) {
      return quoteOptions(await methodsForQuotes(on), { ...input, now, timeZone: settings.timeZone });
    },
    async weightOf(lines, on = db) {
      const weights = await findPartWeights(
        on,
        lines.map((line) => line.partId),
      );
      return lines.reduce(
        (grams, line) => grams + (weights.get(line.partId) ?? UNKNOWN_PART_GRAMS) * line.quantity,
        0,
      );
    },
    async quote(userId, input, now = new Date()) {
      let country = input.country;
      if (input.addressId !== undefined) {
        const membership = await findMembership(db, userId);
        const shipTo = membership && (await findCompanyAddress(db, membership.companyId, input.addressId));
        if (!shipTo) throw new NotFoundError(messages.companies.addressNotFound);
        country = shipTo.country;
      }
      const current = await cart.get(userId);
      if (current.lines.length === 0)
        throw new HttpError(400, messages.cart.cartEmpty, apiErrorCodes.cartEmpty);
      const subtotalCents = toCents(current.subtotal);
      const weightGrams = await service.weightOf(current.lines);
      const options = await service.optionsFor(
        { subtotalCents, weightGrams, country: (country ?? '').toUpperCase() },
        now,
      );
      return {
        options: options.map((option) => ({
          code: option.code,
          name: option.name,
          cost: toDollars(option.costCents),
          estimatedDelivery: option.estimatedDelivery,
        })),
        subtotal: current.subtotal,
        weightKg: toKg(weightGrams),
      };
    },
  };
  return service;
}
