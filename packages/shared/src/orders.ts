/**
 * Orders and payment contract (docs/requirements.md §3-§5 and §7: POST /order, GET /order?email=, GET /order/{email},
 * GET /order/{id}, DELETE /order/{id}, PATCH /order/{id}, POST /create-payment-intent; docs/design.md items 1-4
 * and "Payments"). Money is dollars on the wire; the server stores integer cents and computes every total.
 */
import { z } from 'zod';
import { orderCompanySchema, shipToSchema } from './companies.js';
import { ORDER_QUANTITY_MAX } from './constants.js';
import { messages } from './messages.js';
import { optionalSearchText, optionalText, requiredText } from './text-fields.js';
import { invoicePaymentSchema, PAYMENT_METHODS } from './trade-terms.js';

/**
 * Stored order statuses (docs/design.md item 4): 'pending' is paid and waiting to ship; 'expired' is an unpaid order
 * whose stock hold ran out (docs/decisions/012-order-holds-refunds-and-idempotency.md). 'awaiting-approval' is a company
 * buyer's order above their spending limit, until an owner or manager approves it (then 'unpaid') or rejects it
 * ('rejected'); docs/requirements.md §14.
 */
export const ORDER_STATUS_VALUES = [
  'unpaid',
  'pending',
  'shipped',
  'cancelled',
  'expired',
  'awaiting-approval',
  'rejected',
  'partially-shipped',
] as const;
export type OrderStatusValue = (typeof ORDER_STATUS_VALUES)[number];

/** Longest accepted shipping address and phone number, in characters. */
export const ADDRESS_MAX_LENGTH = 300;
export const PHONE_MAX_LENGTH = 30;

/** Longest id the API accepts in a body (ids are 24 to 36 characters). */
const ID_MAX_LENGTH = 64;

/** Longest accepted value of the spec's purchase-form fields that the server ignores (name, email, product). */
const IGNORED_TEXT_MAX_LENGTH = 300;

/**
 * The quantity of a line item: a JSON integer from 1 to ORDER_QUANTITY_MAX; "0x10", true, [5] and 1.5 are refused,
 * not coerced (docs/security.md V2).
 */
export const orderQuantitySchema = z
  .number({ message: messages.validation.quantityRequired })
  .int({ message: messages.validation.wholeNumber('Quantity') })
  .min(1, { message: messages.validation.quantityRequired })
  .max(ORDER_QUANTITY_MAX, { message: messages.validation.atMost('Quantity', ORDER_QUANTITY_MAX) });

/** The optional phone number of an order: trimmed, at most PHONE_MAX_LENGTH characters, one line of plain text. */
export const phoneSchema = optionalText('Phone', PHONE_MAX_LENGTH);

/**
 * The shipping address of an order (and of a profile): required, trimmed, at most ADDRESS_MAX_LENGTH characters of
 * plain text; it may hold line breaks.
 */
export const shippingAddressSchema = requiredText(
  'Address',
  messages.validation.addressRequired,
  ADDRESS_MAX_LENGTH,
  { multiLine: true },
);

/**
 * Purchase form and `POST /order` body. The server reads only productId, quantity, phone and address: the
 * product name, price and total come from the database and the customer's name and email from the session
 * (the spec's other fields are accepted and ignored).
 */
export const placeOrderSchema = z.object({
  productId: z.string().trim().min(1, { message: messages.errors.partNotFound }).max(ID_MAX_LENGTH),
  productName: z.string().max(IGNORED_TEXT_MAX_LENGTH).optional(),
  quantity: orderQuantitySchema,
  totalPrice: z.number().optional(),
  customerName: z.string().max(IGNORED_TEXT_MAX_LENGTH).optional(),
  email: z.string().max(IGNORED_TEXT_MAX_LENGTH).optional(),
  phone: phoneSchema,
  address: shippingAddressSchema,
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

/** `POST /order` answer. */
export const placeOrderResponseSchema = z.object({ acknowledged: z.boolean(), insertedId: z.string() });
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

/** What an order number's digits follow (docs/requirements.md §11). */
export const ORDER_NUMBER_PREFIX = 'PF-';

/** The readable order number of a stored sequence value: 100001 -> "PF-100001" (docs/requirements.md §11). */
export function formatOrderNumber(sequence: number): string {
  return `${ORDER_NUMBER_PREFIX}${sequence}`;
}

/** What a shipment number's digits follow (docs/requirements.md §16). */
export const SHIPMENT_NUMBER_PREFIX = 'SH-';

/** The readable shipment number of a stored sequence value: 100001 -> "SH-100001". */
export function formatShipmentNumber(sequence: number): string {
  return `${SHIPMENT_NUMBER_PREFIX}${sequence}`;
}

/** One line item of an order, a snapshot taken when it was placed (money in dollars). */
export const orderLineSchema = z.object({
  /** The line's id: shipments (and returns) name lines by it (docs/requirements.md §16). */
  _id: z.string(),
  partId: z.string().nullable(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  /** The list unit price then (the same as unitPrice unless the buyer had trade terms; docs/requirements.md §15). */
  listUnitPrice: z.number(),
  /** Units of the line shipped so far (docs/requirements.md §16). */
  shippedQuantity: z.number().int(),
  /** Units of the line received back by returns (docs/requirements.md §17 "Returns"). */
  returnedQuantity: z.number().int(),
  /**
   * The refundable core deposit per unit, in dollars (0: none; docs/requirements.md §17 "Core charges"): not in
   * lineTotal; the order's coreTotal sums quantity x it.
   */
  coreCharge: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * `POST /admin/orders/{id}/shipments` body (docs/requirements.md §16): the units of each line to send (line by its
 * `_id`, each line at most once), the carrier (required) and the tracking number (optional).
 */
export const createShipmentSchema = z
  .object({
    lines: z
      .array(z.object({ lineId: z.string().trim().min(1).max(64), quantity: orderQuantitySchema }))
      .min(1, { message: 'Choose at least one line to ship' })
      .max(500),
    carrier: requiredText('Carrier', 'Carrier is required', 60),
    trackingNumber: optionalText('Tracking number', 60),
  })
  .superRefine((body, context) => {
    const seen = new Set<string>();
    body.lines.forEach((line, index) => {
      if (seen.has(line.lineId))
        context.addIssue({
          code: 'custom',
          path: ['lines', index, 'lineId'],
          message: 'A line is named twice',
        });
      seen.add(line.lineId);
    });
  });
export type CreateShipmentInput = z.input<typeof createShipmentSchema>;

/** One shipment of an order: its number (SH-100001), the units of each line it sent, carrier, tracking and time. */
export const shipmentSchema = z.object({
  _id: z.string(),
  number: z.string(),
  lines: z.array(
    z.object({ lineId: z.string(), sku: z.string(), name: z.string(), quantity: z.number().int() }),
  ),
  carrier: z.string(),
  trackingNumber: z.string().nullable(),
  /** The carrier's tracking page (UPS, FedEx, USPS, DHL) when the carrier is known and a number given; else null. */
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** The order's delivery as chosen at checkout: method code and name, cost in dollars, dates quoted (YYYY-MM-DD). */
export const orderShippingSchema = z.object({
  method: z.string(),
  name: z.string(),
  cost: z.number(),
  estimatedDelivery: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type OrderShipping = z.infer<typeof orderShippingSchema>;

/**
 * The tracking page of `trackingNumber` at `carrier` (docs/requirements.md §16): UPS, FedEx, USPS and DHL (any case,
 * "DHL Express" too); null for another carrier or without a number.
 */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const number = encodeURIComponent(trackingNumber.trim());
  const name = carrier.trim().toLowerCase();
  if (name.startsWith('ups')) return `https://www.ups.com/track?tracknum=${number}`;
  if (name.startsWith('fedex')) return `https://www.fedex.com/fedextrack/?trknbr=${number}`;
  if (name.startsWith('usps')) return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`;
  if (name.startsWith('dhl')) return `https://www.dhl.com/en/express/tracking.html?AWB=${number}`;
  return null;
}

/** One step of an order's status timeline: the status it entered, when, and who moved it (a name), if known. */
export const orderEventSchema = z.object({
  status: z.enum(ORDER_STATUS_VALUES),
  at: z.string(),
  by: z.string().nullable(),
  /**
   * Set on the entry of a refund (docs/decisions/012): the dollars given back then, e.g. a payment that arrived for
   * an order already cancelled or expired. `status` is the order's status at that time.
   */
  refunded: z.number().optional(),
  /** What the actor said with the change: a rejection's reason. */
  note: z.string().optional(),
  /** Set on the entry of a payment recorded against the order's invoice (docs/requirements.md §15). */
  payment: invoicePaymentSchema.optional(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/**
 * An order as every order call returns it (docs/requirements.md §3: Order, plus the stored status, and §11: its
 * number, line items, PO number and timeline). The spec's one-part fields describe the order's only line; for
 * an order of several lines, productName names the first and how many more, quantity counts every unit and
 * price is the subtotal (before tax) over the units (docs/decisions/017).
 */
export const orderSchema = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  quantity: z.number().int(),
  /** Unit price in dollars when the order was placed. */
  price: z.number(),
  /** quantity x price, in dollars. */
  totalPrice: z.number(),
  customerName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string(),
  paid: z.boolean(),
  status: z.enum(ORDER_STATUS_VALUES),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  /** Dollars refunded because the payment arrived when the order was no longer payable; null when none. */
  refundedAmount: z.number().nullable(),
  refundedAt: z.string().nullable(),
  /** An unpaid order's hold ends then (ORDER_HOLD_MINUTES after it was placed): it expires unless paid; else null. */
  holdExpiresAt: z.string().nullable(),
  /** "PF-100001": increasing, one per order. */
  number: z.string(),
  lines: z.array(orderLineSchema),
  /** What the customer pays, in dollars: subtotal + core deposits + shipping + tax (the same amount as totalPrice). */
  total: z.number(),
  /**
   * Sum of the line totals, in dollars (docs/requirements.md §13); total = subtotal + coreTotal + shipping cost +
   * tax.
   */
  subtotal: z.number(),
  /** The lines' refundable core deposits (quantity x coreCharge), in dollars, untaxed (docs/requirements.md §17). */
  coreTotal: z.number(),
  /** Tax on the subtotal at taxRatePercent, in dollars; 0 when the shop charges none. */
  tax: z.number(),
  /** The tax rate the order was placed with, in percent (e.g. 8.25, 6.875). */
  taxRatePercent: z.number(),
  /**
   * Where the rate is of (docs/requirements.md §16): the destination's country and region, or null when the order
   * used TAX_RATE_PERCENT; `taxShipping` when the tax includes the shipping cost's.
   */
  taxRegion: z.object({ country: z.string(), region: z.string() }).nullable(),
  taxShipping: z.boolean(),
  /** The delivery chosen at checkout; null on orders placed before delivery methods. total includes its cost. */
  shipping: orderShippingSchema.nullable(),
  /** The order's shipments, oldest first (docs/requirements.md §16). */
  shipments: z.array(shipmentSchema),
  poNumber: z.string().nullable(),
  note: z.string().nullable(),
  /** The carrier the admin shipped it with, when given (docs/requirements.md §13); absent otherwise. */
  carrier: z.string().optional(),
  /** The carrier's tracking number, when given; absent otherwise. */
  trackingNumber: z.string().optional(),
  /** Status changes, oldest first, starting with 'unpaid' (or 'awaiting-approval') when it was placed. */
  history: z.array(orderEventSchema),
  /** The company it belongs to when a member placed it (docs/requirements.md §14), else null. */
  company: orderCompanySchema,
  /** Who placed it: the customer's name and email as they were then. */
  placedBy: z.object({ name: z.string(), email: z.string() }),
  /** The company ship-to location it goes to, as it was when placed; null when the buyer typed `address`. */
  shipTo: shipToSchema.nullable(),
  /** An order awaiting approval expires then unless approved or rejected first; else null. */
  approvalExpiresAt: z.string().nullable(),
  /** How it is paid: by card, or on the company's account (docs/requirements.md §15). */
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** Placed by a tax-exempt company: no tax, and the resale certificate number (null when none was given). */
  taxExempt: z.boolean(),
  resaleCertificate: z.string().nullable(),
  /** The invoice's number, due date (account orders) and balance in dollars, once issued; else null. */
  invoice: z.object({ number: z.string(), dueAt: z.string().nullable(), balance: z.number() }).nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** Header of an order-placing request that makes retries safe (docs/decisions/012). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Longest accepted Idempotency-Key, in characters. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** `GET /order?email=`: the caller's own orders (their email; defaults to the caller's). */
export const myOrdersQuerySchema = z.object({ email: z.string().trim().max(254).optional() });

/** `PATCH /order/{id}` body: the provider's payment id to verify (the spec's `parts` is ignored). */
export const payOrderSchema = z.object({
  transactionId: z.string().trim().min(1).max(255),
  parts: z.unknown().optional(),
});
export type PayOrderInput = z.infer<typeof payOrderSchema>;

/** Longest carrier name and tracking number an admin may give when shipping (docs/requirements.md §13). */
export const SHIPMENT_TEXT_MAX_LENGTH = 60;

/**
 * `PATCH /order/{id}/status` body (admin): the only legal move an admin makes is pending -> shipped, with the
 * carrier and tracking number when known (docs/requirements.md §13 "Finding things": both optional, trimmed,
 * blank means none, at most SHIPMENT_TEXT_MAX_LENGTH characters of plain text).
 */
export const orderStatusChangeSchema = z.object({
  status: z.literal('shipped'),
  carrier: optionalText(messages.orders.carrierLabel, SHIPMENT_TEXT_MAX_LENGTH),
  trackingNumber: optionalText(messages.orders.trackingNumberLabel, SHIPMENT_TEXT_MAX_LENGTH),
});
export type OrderStatusChangeInput = z.input<typeof orderStatusChangeSchema>;

/** Orders of the admin's order list (docs/requirements.md §13 "Finding things"): by date or by total. */
export const ADMIN_ORDER_SORTS = ['date', 'total'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];
/** Directions of a sorted list. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** A day as `YYYY-MM-DD`: a real calendar date from 1970-01-01 to 9999-12-30 (so the day after it is one too). */
const isoDay = (name: string) =>
  z.iso
    .date({ message: `${name} must be a date as YYYY-MM-DD` })
    .refine((day) => day >= '1970-01-01' && day <= '9999-12-30', {
      message: `${name} must be a date from 1970-01-01 to 9999-12-30`,
    })
    .optional();

/**
 * The filters of the admin's order list and its CSV export (docs/requirements.md §13 "Finding things"), as
 * fields to add to a query schema (the list adds paging):
 * - `q`: trimmed, blank means none; matches the order number ("PF-100001" or "100001"), a substring of the
 *   customer's name, email or PO number (any case), or a substring of a line's SKU (any case);
 * - `status`: one stored status; without it every order but cancelled ones (the list's default);
 * - `from`, `to`: days (UTC), inclusive, on the date the order was placed;
 * - `sort` `date` (default) or `total`, `dir` `desc` (default) or `asc`;
 * - `companyId`: only the orders of that company (docs/requirements.md §14).
 */
export const adminOrderFilterFields = {
  q: optionalSearchText(),
  status: z
    .enum(ORDER_STATUS_VALUES, { message: `status must be one of ${ORDER_STATUS_VALUES.join(', ')}` })
    .optional(),
  from: isoDay('from'),
  to: isoDay('to'),
  sort: z
    .enum(ADMIN_ORDER_SORTS, { message: `sort must be one of ${ADMIN_ORDER_SORTS.join(', ')}` })
    .default('date'),
  dir: z
    .enum(SORT_DIRECTIONS, { message: `dir must be one of ${SORT_DIRECTIONS.join(', ')}` })
    .default('desc'),
  companyId: z.uuid({ message: 'companyId must be a company id' }).optional(),
};

/** `schema` (a query with adminOrderFilterFields) refusing a `from` after its `to`. */
export function withOrderDateRange<T extends z.ZodObject>(schema: T): T {
  return schema.refine(
    (query) => {
      const { from, to } = query as { from?: string; to?: string };
      return from === undefined || to === undefined || from <= to;
    },
    { message: 'from must not be after to', path: ['to'] },
  );
}

/** `GET /admin/orders.csv` query: the filters of the list, without paging. */
export const adminOrderFiltersSchema = withOrderDateRange(z.object(adminOrderFilterFields));
export type AdminOrderFilters = z.infer<typeof adminOrderFiltersSchema>;

/** `POST /create-payment-intent` body: the order to pay; the spec's totalPrice is accepted, never trusted. */
export const createPaymentIntentSchema = z.object({
  orderId: z.uuid(),
  totalPrice: z.number().optional(),
});
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentSchema>;

/** `POST /create-payment-intent` answer. */
export const clientSecretResponseSchema = z.object({ clientSecret: z.string() });

/** Payment providers (docs/design.md "Payments"). */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** `GET /payments/config` answer: which card form the payment page loads. */
export const paymentsConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/** `POST /payments/sandbox/confirm` body: the sandbox card form (Stripe test-card behaviour). */
export const sandboxConfirmSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z.string().trim().min(1, { message: messages.payment.cardNumberRequired }).max(30),
  expiry: z.string().trim().min(1, { message: messages.payment.expiryRequired }).max(10),
  cvc: z.string().trim().min(1, { message: messages.payment.cvcRequired }).max(6),
  billingName: z.string().trim().max(200).optional(),
  billingEmail: z.string().trim().max(254).optional(),
});
export type SandboxConfirmInput = z.infer<typeof sandboxConfirmSchema>;

/** `POST /payments/sandbox/confirm` answer on success (Stripe's `paymentIntent` shape, reduced). */
export const sandboxConfirmResponseSchema = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.literal('succeeded') }),
});
export type SandboxConfirmResponse = z.infer<typeof sandboxConfirmResponseSchema>;
