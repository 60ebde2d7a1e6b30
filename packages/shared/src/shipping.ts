/**
 * Shipping contract (docs/requirements.md §16): delivery methods the admins manage (`GET /shipping-methods`,
 * `PUT /admin/shipping-methods`), tax rates by destination (`GET`, `PUT /admin/tax-rates`) and the checkout's quote
 * (`POST /checkout/quote`). Money is dollars on the wire (at most 2 decimals), weights kilograms (at most 3
 * decimals), dates ISO calendar dates (YYYY-MM-DD) in the shop's time zone.
 */
import { z } from 'zod';
import { messages } from './messages.js';
import { isWholeCents } from './money.js';
import { optionalText, requiredText } from './text-fields.js';

/** How a method prices a delivery: one price, by the cart's weight (bands), or collected at the counter. */
export const SHIPPING_METHOD_KINDS = ['flat', 'weight', 'pickup'] as const;
export type ShippingMethodKind = (typeof SHIPPING_METHOD_KINDS)[number];

/** Most delivery methods, weight bands of one method and countries of one method. */
export const MAX_SHIPPING_METHODS = 20;
export const MAX_WEIGHT_BANDS = 20;
export const MAX_METHOD_COUNTRIES = 50;
/** Most tax-rate rows. */
export const MAX_TAX_RATES = 500;
/** Longest transit, in business days. */
export const MAX_TRANSIT_DAYS = 60;
/** Heaviest weight a part or band may name, in kilograms. */
export const MAX_WEIGHT_KG = 100_000;
/** Highest price of a method or band, in dollars. */
export const MAX_SHIPPING_PRICE = 100_000;

const m = messages.shippingPages.validation;

/** True when `kg` has at most 3 decimals (whole grams). */
export function isWholeGrams(kg: number): boolean {
  return Number.isFinite(kg) && Math.abs(Math.round(kg * 1000) - kg * 1000) < 1e-6;
}

/** Kilograms to integer grams (1.2 -> 1200). */
export function toGrams(kg: number): number {
  return Math.round(kg * 1000);
}

/** Integer grams to kilograms (1200 -> 1.2). */
export function toKg(grams: number): number {
  return grams / 1000;
}

/** A part's weight: > 0 kg, at most 3 decimals (docs/requirements.md §16). */
export const weightKgSchema = z
  .number({ message: m.weightRequired })
  .positive({ message: m.weightPositive })
  .max(MAX_WEIGHT_KG, { message: messages.validation.atMost('Weight', MAX_WEIGHT_KG) })
  .refine(isWholeGrams, { message: m.weightGrams });

const price = (label: string) =>
  z
    .number({ message: m.priceRequired(label) })
    .min(0, { message: m.priceNotNegative(label) })
    .max(MAX_SHIPPING_PRICE, { message: messages.validation.atMost(label, MAX_SHIPPING_PRICE) })
    .refine(isWholeCents, { message: messages.validation.priceCents });

const transitDay = (label: string) =>
  z
    .number({ message: m.transitRequired })
    .int({ message: messages.validation.wholeNumber(label) })
    .min(0, { message: messages.validation.atLeast(label, 0) })
    .max(MAX_TRANSIT_DAYS, { message: messages.validation.atMost(label, MAX_TRANSIT_DAYS) });

/** A weight band: carts up to `upToKg` kilograms cost `price` dollars. */
export const weightBandSchema = z.object({
  upToKg: weightKgSchema,
  price: price('Band price'),
});
export type WeightBand = z.infer<typeof weightBandSchema>;

/** "HH:MM", 24-hour, in the shop's time zone. */
export const cutoffSchema = z
  .string({ message: m.cutoffInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: m.cutoffInvalid });

export const countryCode = z
  .string({ message: m.countryInvalid })
  .trim()
  .regex(/^[A-Z]{2}$/, { message: m.countryInvalid });

/**
 * A delivery method as the admin writes it and everyone reads it. `flat` needs `price`; `weight` needs `bands`
 * (ascending `upToKg`): the first band that reaches the cart's weight prices it, and a cart heavier than the last
 * band is not offered the method; `pickup` costs `price` (default 0). Any kind is free from `freeOverSubtotal`
 * dollars of cart subtotal. `transitDays` are business days after the ship day; `cutoff` is the latest time of
 * day (shop's time zone) an order ships the same business day; `countries` the destinations it serves.
 */
export const shippingMethodSchema = z
  .object({
    code: z
      .string({ message: m.codeInvalid })
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { message: m.codeInvalid }),
    name: requiredText('Name', m.nameRequired, 80),
    kind: z.enum(SHIPPING_METHOD_KINDS, { message: m.kindInvalid }),
    price: price('Price').optional(),
    bands: z.array(weightBandSchema).max(MAX_WEIGHT_BANDS, { message: m.tooManyBands }).optional(),
    freeOverSubtotal: price('Free over subtotal').optional(),
    transitDays: z.object({ min: transitDay('Fastest transit'), max: transitDay('Slowest transit') }),
    cutoff: cutoffSchema,
    countries: z
      .array(countryCode)
      .min(1, { message: m.countriesRequired })
      .max(MAX_METHOD_COUNTRIES, { message: m.countriesRequired }),
  })
  .superRefine((method, context) => {
    if (method.kind === 'flat' && method.price === undefined)
      context.addIssue({ code: 'custom', path: ['price'], message: m.flatNeedsPrice });
    if (method.kind === 'weight') {
      if (!method.bands || method.bands.length === 0)
        context.addIssue({ code: 'custom', path: ['bands'], message: m.weightNeedsBands });
      else
        method.bands.forEach((band, index) => {
          if (index > 0 && band.upToKg <= method.bands![index - 1]!.upToKg)
            context.addIssue({ code: 'custom', path: ['bands', index, 'upToKg'], message: m.bandsAscending });
        });
    }
    if (method.transitDays.max < method.transitDays.min)
      context.addIssue({ code: 'custom', path: ['transitDays', 'max'], message: m.transitOrder });
  });
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;
export type ShippingMethodInput = z.input<typeof shippingMethodSchema>;

/** `PUT /admin/shipping-methods` body (the whole list, in the order offered) and `GET /shipping-methods`. */
export const shippingMethodsSchema = z
  .array(shippingMethodSchema)
  .max(MAX_SHIPPING_METHODS, { message: m.tooManyMethods })
  .superRefine((methods, context) => {
    const seen = new Set<string>();
    methods.forEach((method, index) => {
      if (seen.has(method.code))
        context.addIssue({ code: 'custom', path: [index, 'code'], message: m.codeTaken(method.code) });
      seen.add(method.code);
    });
  });

/** A tax rate as a decimal percentage with at most 3 decimals (Minnesota's 6.875), 0..100. */
export const ratePercentSchema = z
  .number({ message: m.rateInvalid })
  .min(0, { message: m.rateInvalid })
  .max(100, { message: m.rateInvalid })
  .refine(isWholeGrams, { message: m.rateInvalid });

/** One destination's sales tax: `region` is the state or province code in capitals (`TX`), as addresses write it. */
export const taxRateSchema = z.object({
  country: countryCode,
  region: z
    .string({ message: m.regionRequired })
    .trim()
    .min(1, { message: m.regionRequired })
    .max(10, { message: m.regionRequired })
    .regex(/^[A-Z0-9-]+$/, { message: m.regionRequired }),
  ratePercent: ratePercentSchema,
  /** Whether the shipping charge is taxed too. */
  taxShipping: z.boolean({ message: m.taxShippingRequired }),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

/** `PUT`, `GET /admin/tax-rates`: every destination's row (an address without one uses TAX_RATE_PERCENT). */
export const taxRatesSchema = z
  .array(taxRateSchema)
  .max(MAX_TAX_RATES, { message: m.tooManyRates })
  .superRefine((rates, context) => {
    const seen = new Set<string>();
    rates.forEach((rate, index) => {
      const key = `${rate.country}/${rate.region}`;
      if (seen.has(key))
        context.addIssue({ code: 'custom', path: [index, 'region'], message: m.rateTwice(key) });
      seen.add(key);
    });
  });

/**
 * `POST /checkout/quote` body: the destination as a company ship-to location (`addressId`) or typed: `country`,
 * `region` and `postalCode` (beside the free-text `address`, which the quote does not read).
 */
export const quoteRequestSchema = z
  .object({
    addressId: z.uuid({ message: messages.companies.addressNotFound }).optional(),
    address: optionalText('Address', 500, { multiLine: true }),
    country: countryCode.optional(),
    region: optionalText('Region', 100),
    postalCode: optionalText('Postal code', 20),
  })
  .superRefine((body, context) => {
    if (body.addressId !== undefined) return;
    if (body.country === undefined)
      context.addIssue({ code: 'custom', path: ['country'], message: m.countryInvalid });
    if (!body.region) context.addIssue({ code: 'custom', path: ['region'], message: m.regionRequired });
    if (!body.postalCode)
      context.addIssue({ code: 'custom', path: ['postalCode'], message: m.postalCodeRequired });
  });
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

/** A delivery window: first and last likely day, YYYY-MM-DD in the shop's time zone. */
export const estimatedDeliverySchema = z.object({ from: z.string(), to: z.string() });
export type EstimatedDelivery = z.infer<typeof estimatedDeliverySchema>;

/** One way to get the cart: the method's code and name, its cost in dollars and when it arrives. */
export const shippingOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  cost: z.number(),
  estimatedDelivery: estimatedDeliverySchema,
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** `POST /checkout/quote` answer: the methods offered (admin's order), the cart's subtotal (dollars) and weight (kg). */
export const quoteSchema = z.object({
  options: z.array(shippingOptionSchema),
  subtotal: z.number(),
  weightKg: z.number(),
});
export type Quote = z.infer<typeof quoteSchema>;
