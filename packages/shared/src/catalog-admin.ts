/**
 * Catalogue administration contract (docs/decisions/009-catalogue-admin-uploads-and-profiles.md; docs/requirements.md §5 and §7: POST /parts, DELETE /parts/{id}; the edit
 * call PUT /parts/{id} goes beyond the spec). One schema for the Add A Product / edit form and the routes:
 * available, minqty and price are numbers (the form sends numbers), price in dollars with at most 2 decimals.
 */
import { z } from 'zod';
import { INTERCHANGE_NUMBER_MAX_LENGTH, MAX_INTERCHANGE_NUMBERS } from './fitment.js';
import { messages } from './messages.js';
import { isWholeCents, toCents } from './money.js';
import { MAX_PACK_SIZE, MAX_PRICE_BREAKS, priceBreaksProblem } from './pricing.js';
import { weightKgSchema } from './shipping.js';
import { optionalText, requiredImageUrl, requiredText } from './text-fields.js';

/** Bounds of a part's fields. */
export const PART_NAME_MAX_LENGTH = 200;
export const PART_DESCRIPTION_MAX_LENGTH = 2000;
export const PART_SKU_MAX_LENGTH = 64;
export const PART_MAX_QUANTITY = 1_000_000_000;
export const PART_MAX_PRICE = 1_000_000;
/** The weight of a new part whose weight is not given, in kilograms. */
export const DEFAULT_WEIGHT_KG = 1;

const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** An OE or interchange number: letters, digits, spaces, dots, dashes and slashes ('04465-33471', '1K0 615 301'). */
const INTERCHANGE_NUMBER_PATTERN = /^[A-Za-z0-9 ./-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function quantity(required: string, label: string, min: number) {
  return z
    .number({ message: required })
    .int({ message: messages.validation.wholeNumber(label) })
    .min(min, { message: messages.validation.atLeast(label, min) })
    .max(PART_MAX_QUANTITY, { message: messages.validation.atMost(label, PART_MAX_QUANTITY) });
}

function optionalId(label: 'Category' | 'Make') {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || UUID.test(value), { message: messages.validation.unknownId(label) })
    .optional()
    .nullable();
}

/** Add A Product form and `POST /parts` / `PUT /parts/{id}` body. Empty sku, category and make mean none. */
export const partInputSchema = z
  .object({
    name: requiredText('Title', messages.validation.titleRequired, PART_NAME_MAX_LENGTH),
    description: requiredText(
      'Description',
      messages.validation.descriptionRequired,
      PART_DESCRIPTION_MAX_LENGTH,
      { multiLine: true },
    ),
    available: quantity(messages.validation.quantityRequired, 'Quantity', 0),
    minqty: quantity(messages.validation.minimumOrderQuantityRequired, 'Minimum order quantity', 1),
    price: z
      .number({ message: messages.validation.priceRequired })
      .positive({ message: messages.validation.pricePositive })
      .max(PART_MAX_PRICE, { message: messages.validation.atMost('Price', PART_MAX_PRICE) })
      .refine(isWholeCents, {
        message: messages.validation.priceCents,
      }),
    img: requiredImageUrl(true),
    sku: optionalText('SKU', PART_SKU_MAX_LENGTH).refine((sku) => !sku || SKU_PATTERN.test(sku), {
      message: messages.validation.skuPattern,
    }),
    category: optionalId('Category'),
    make: optionalId('Make'),
    /** Order multiple (docs/requirements.md §11); omitted: 1 for a new part, unchanged on edit. */
    packSize: quantity(messages.validation.packSizeRequired, 'Pack size', 1)
      .max(MAX_PACK_SIZE, { message: messages.validation.atMost('Pack size', MAX_PACK_SIZE) })
      .optional(),
    /**
     * Shipping weight of one unit in kilograms, > 0 with at most 3 decimals (docs/requirements.md §16); omitted:
     * DEFAULT_WEIGHT_KG for a new part, unchanged on edit.
     */
    weightKg: weightKgSchema.optional(),
    /**
     * The refundable core deposit per unit in dollars, 0 or more with at most 2 decimals (docs/requirements.md §17
     * "Core charges"); omitted: none for a new part, unchanged on edit.
     */
    coreCharge: z
      .number({ message: messages.coreCharges.validation.required })
      .min(0, { message: messages.coreCharges.validation.nonNegative })
      .max(PART_MAX_PRICE, { message: messages.validation.atMost('Core charge', PART_MAX_PRICE) })
      .refine(isWholeCents, { message: messages.coreCharges.validation.cents })
      .optional(),
    /** Quantity breaks, ascending, prices in dollars; omitted: none for a new part, unchanged on edit. */
    priceBreaks: z
      .array(
        z.object({
          minQuantity: quantity(messages.validation.breakQuantityRequired, 'Break quantity', 2),
          price: z
            .number({ message: messages.validation.breakPriceRequired })
            .positive({ message: messages.validation.pricePositive })
            .refine(isWholeCents, { message: messages.validation.priceCents }),
        }),
      )
      .max(MAX_PRICE_BREAKS, { message: `At most ${MAX_PRICE_BREAKS} quantity breaks` })
      .optional(),
    /**
     * OE and interchange numbers the part replaces (docs/requirements.md §12), each trimmed; omitted: none for a
     * new part, unchanged on edit.
     */
    interchangeNumbers: z
      .array(
        z
          .string({ message: 'Each interchange number must be text' })
          .trim()
          .min(1, { message: 'An interchange number cannot be empty' })
          .max(INTERCHANGE_NUMBER_MAX_LENGTH, {
            message: messages.validation.tooLong('Each interchange number', INTERCHANGE_NUMBER_MAX_LENGTH),
          })
          .regex(INTERCHANGE_NUMBER_PATTERN, {
            message: 'Interchange numbers may contain only letters, digits, spaces, dots, dashes and slashes',
          }),
      )
      .max(MAX_INTERCHANGE_NUMBERS, { message: `At most ${MAX_INTERCHANGE_NUMBERS} interchange numbers` })
      .optional(),
    /**
     * Superseded part numbers (docs/requirements.md §17): the SKU of the part that supersedes this one; empty or
     * null: current. Omitted: none for a new part, unchanged on edit. An unknown SKU or a cycle is a 400 with
     * `errors.supersededBy`.
     */
    supersededBy: z
      .string({ message: 'Superseded by must be a SKU' })
      .trim()
      .max(PART_SKU_MAX_LENGTH, {
        message: messages.validation.tooLong('Superseded by', PART_SKU_MAX_LENGTH),
      })
      .nullable()
      .optional()
      .transform((sku) => (sku === '' ? null : sku)),
    /**
     * Edit only (docs/requirements.md §13 "Stock history"): the stock the form started from. Equal to `available`
     * (the field untouched): the stock is kept as it is now. Different: `available` is written only while the stock
     * is still this one, else 409 STOCK_CHANGED with the stock now. Omitted: `available` is written as given.
     * Ignored when adding a part.
     */
    expectedAvailable: quantity(messages.validation.quantityRequired, 'Expected quantity', 0).optional(),
  })
  .superRefine((input, context) => {
    if (!input.priceBreaks || typeof input.price !== 'number') return;
    const problem = priceBreaksProblem(
      toCents(input.price),
      input.priceBreaks.map((tier) => ({ minQuantity: tier.minQuantity, priceCents: toCents(tier.price) })),
    );
    if (problem) context.addIssue({ code: 'custom', path: ['priceBreaks'], message: problem });
  });
export type PartInput = z.infer<typeof partInputSchema>;
/** What the form holds before validation (numbers may be NaN while a field is empty). */
export type PartFormValues = z.input<typeof partInputSchema>;

/** `POST /parts` answer. */
export const insertedIdResponseSchema = z.object({ insertedId: z.string() });
export type InsertedIdResponse = z.infer<typeof insertedIdResponseSchema>;
