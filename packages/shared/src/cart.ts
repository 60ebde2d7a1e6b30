/**
 * Cart, quick order and checkout contract (docs/requirements.md §11 "Wholesale ordering"): one server-kept cart
 * per signed-in customer (a visitor's cart lives in the browser and merges at sign-in), quick order by SKU,
 * and checkout of the whole cart as one order. Money is dollars on the wire; the server computes every price.
 */
import { z } from 'zod';
import { orderQuantitySchema, phoneSchema, shippingAddressSchema } from './orders.js';
import { MAX_CART_LINES } from './constants.js';
import { messages } from './messages.js';
import { optionalText } from './text-fields.js';
import { countryCode } from './shipping.js';
import { PAYMENT_METHODS } from './trade-terms.js';
/** Most lines one quick-order import may hold (header row not counted). */
export const MAX_IMPORT_LINES = 500;
/** Longest quick-order text accepted, in characters (500 lines of a long SKU and a quantity, with room). */
export const MAX_IMPORT_TEXT_LENGTH = 100_000;
/** Longest purchase-order (PO) number, in characters. */
export const PO_NUMBER_MAX_LENGTH = 35;
/** Longest order note, in characters. */
export const ORDER_NOTE_MAX_LENGTH = 1_000;

/** One cart line with the part's current terms; `problem` names a rule the quantity now breaks, else null. */
export const cartLineSchema = z.object({
  partId: z.string(),
  sku: z.string(),
  name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  /** Unit price in dollars at this quantity (its quantity break applied). */
  unitPrice: z.number(),
  /** quantity x unitPrice, in dollars. */
  lineTotal: z.number(),
  /** The list unit price at this quantity, for a member with trade terms (docs/requirements.md §15); else absent. */
  listUnitPrice: z.number().optional(),
  minqty: z.number().int(),
  packSize: z.number().int(),
  available: z.number().int(),
  /** Why this line cannot be checked out as it is (stock fell, terms changed), or null. */
  problem: z.string().nullable(),
  /**
   * The part's refundable core deposit per unit, in dollars (0: none; docs/requirements.md §17 "Core charges"): not
   * in lineTotal, never discounted.
   */
  coreCharge: z.number(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/**
 * `GET /cart` and every cart change: the lines in the order they were added, their subtotal in dollars, and their
 * core deposits (quantity x coreCharge, in dollars; docs/requirements.md §17), which the order adds to its total.
 */
export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  subtotal: z.number(),
  coreTotal: z.number(),
});
export type Cart = z.infer<typeof cartSchema>;

/** `PUT /cart/lines/{partId}` body: the line's new quantity. */
export const setCartLineSchema = z.object({ quantity: orderQuantitySchema });

/** `POST /cart/import` body: pasted lines of `SKU quantity`, or a CSV file's text. */
export const cartImportSchema = z.object({
  text: z.string({ message: messages.cart.importTextRequired }).max(MAX_IMPORT_TEXT_LENGTH, {
    message: messages.validation.tooLong('Quick order text', MAX_IMPORT_TEXT_LENGTH),
  }),
});

/** `POST /cart/import?dryRun=true` previews without changing the cart. */
export const cartImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** What happened to one imported (or reordered, or merged) line; `line` is its 1-based line number. */
export const cartLineResultSchema = z.object({
  line: z.number().int(),
  sku: z.string(),
  quantity: z.number().int().nullable(),
  /**
   * `replaced`: the SKU is of a superseded part and its replacement (the end of the chain) was added instead;
   * `replacedSku` names the old SKU, `sku` and `partId` the replacement (docs/requirements.md §17).
   */
  status: z.enum(['added', 'replaced', 'error']),
  message: z.string().optional(),
  replacedSku: z.string().optional(),
  /**
   * The part found for the SKU; the unit price the cart will charge once the line is in it (the break of the
   * cart's resulting quantity) and the line's total at that price, in dollars.
   */
  partId: z.string().optional(),
  name: z.string().optional(),
  unitPrice: z.number().optional(),
  lineTotal: z.number().optional(),
  /** The list unit price, for a member with trade terms; else absent. */
  listUnitPrice: z.number().optional(),
});
export type CartLineResult = z.infer<typeof cartLineResultSchema>;

/** Answer of import, reorder and merge: the cart after the change and one result per line. */
export const cartChangeResultSchema = z.object({
  cart: cartSchema,
  results: z.array(cartLineResultSchema),
});
export type CartChangeResult = z.infer<typeof cartChangeResultSchema>;

/** `POST /cart/merge` body: a visitor's browser cart, merged into the account's at sign-in. */
export const cartMergeSchema = z.object({
  lines: z.array(z.object({ partId: z.string().max(64), quantity: orderQuantitySchema })).max(MAX_CART_LINES),
});
export type CartMergeInput = z.infer<typeof cartMergeSchema>;

/**
 * `POST /checkout` body: where to ship, an optional PO number (one line) and note (line breaks allowed), all plain
 * text; `saveToProfile` keeps the address. A company member may name a ship-to location of the company's address
 * book (`addressId`) instead of typing `address` (docs/requirements.md §14); one of the two is required.
 */
export const checkoutSchema = z
  .object({
    address: shippingAddressSchema.optional(),
    addressId: z.uuid({ message: messages.companies.addressNotFound }).optional(),
    phone: phoneSchema,
    poNumber: optionalText('PO number', PO_NUMBER_MAX_LENGTH),
    note: optionalText('Note', ORDER_NOTE_MAX_LENGTH, { multiLine: true }),
    saveToProfile: z.boolean().optional(),
    /** `account`: on the company's account (net terms, credit; docs/requirements.md §15). Default `card`. */
    paymentMethod: z.enum(PAYMENT_METHODS).default('card'),
    /**
     * A delivery method's code from `POST /checkout/quote` (docs/requirements.md §16); omitted: the cheapest method
     * that delivers to the address (not a pickup).
     */
    shippingMethod: z.string().trim().min(1).max(40).optional(),
    /** The typed address's country (2 capitals), region and postal code: the destination's tax and methods. */
    country: countryCode.optional(),
    region: optionalText('Region', 100),
    postalCode: optionalText('Postal code', 20),
  })
  .superRefine((body, context) => {
    if (body.address === undefined && body.addressId === undefined)
      context.addIssue({ code: 'custom', path: ['address'], message: messages.validation.addressRequired });
  });
export type CheckoutInput = z.input<typeof checkoutSchema>;

/** 409 of `POST /checkout`: the lines that cannot be had, each with its reason; nothing was reserved. */
export const checkoutConflictSchema = z.object({
  message: z.string(),
  code: z.string(),
  lines: z.array(z.object({ partId: z.string(), message: z.string() })),
});
export type CheckoutConflict = z.infer<typeof checkoutConflictSchema>;
