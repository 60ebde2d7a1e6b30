/**
 * Orders, their line items and status timeline, carts, and payment events (docs/requirements.md §3: Order;
 * section 4: states; §11: wholesale ordering; docs/design.md items 2-4 and "Payments"). Money is integer cents.
 * A line's SKU, name and unit price are snapshots taken when the order is placed, so an order stays readable
 * after its part changes or is deleted (part_id then becomes null). Status goes unpaid -> pending (paid) ->
 * shipped, or unpaid -> cancelled / expired; cancelled orders are kept as records.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  pgSequence,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ORDER_STATUS_VALUES,
  type InvoicePaymentMethod,
  type PaymentMethod,
  type ShipTo,
} from '@partsforge/shared';
import { parts } from './catalog.js';
import { companies } from './companies.js';
import { users } from './identity.js';

/**
 * Stored order statuses (docs/design.md item 4). 'pending' means paid and waiting to ship; 'expired' an unpaid order
 * whose stock hold ran out (docs/decisions/012-order-holds-refunds-and-idempotency.md). A company buyer's order above
 * their spending limit starts 'awaiting-approval' and becomes 'unpaid' when approved, or 'rejected' (or 'expired'
 * after APPROVAL_HOLD_HOURS), docs/decisions/025-company-accounts.md.
 */
export const ORDER_STATUSES = ORDER_STATUS_VALUES;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Order numbers: PF-100001 is the first (docs/requirements.md §11); a sequence never hands a value out twice. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 100001 });

/** Orders (spec: Order); money in integer cents; status see ORDER_STATUSES; the items are in orderLines. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The readable number's digits (formatOrderNumber: "PF-" + number). */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    /** The customer; null once the user account is removed (the order record stays). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The company of the member who placed it (docs/requirements.md §14); null for an individual customer. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The company's name when the order was placed (order answers show it without a join). */
    companyName: text('company_name'),
    /** The company ship-to location as it was when placed; null when the buyer typed `address`. */
    shipTo: jsonb('ship_to').$type<ShipTo>(),
    /** When an owner or manager approved it: its payment hold runs from then (else from created_at). */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** How many line items the order has. */
    lineCount: integer('line_count').notNull(),
    /** Units over every line. */
    quantity: integer('quantity').notNull(),
    /** The first line's name: lists show it without reading the lines. */
    productName: text('product_name').notNull(),
    /**
     * Sum of the line totals, integer cents, computed by the server. bigint: 1,000,000 units of a $1,000,000
     * part is 10^14 cents, past int4 and still exact as a JS number (docs/security.md V2).
     */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** The buyer's purchase-order number, up to 35 characters. */
    poNumber: text('po_number'),
    note: text('note'),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    address: text('address').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('unpaid'),
    paymentIntentId: text('payment_intent_id'),
    transactionId: text('transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The provider's refund of a payment that arrived when the order was no longer payable. */
    refundId: text('refund_id'),
    /** Refunded amount in integer cents. */
    refundedCents: bigint('refunded_cents', { mode: 'number' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * Tax on the lines at the configured rate when the order was placed (docs/requirements.md §13): basis points
     * (1% = 100) and integer cents. totalCents includes it.
     */
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    /** Set when the order is marked shipped: the carrier's name and its tracking number, both optional. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /**
     * How it is paid (docs/requirements.md §15): 'card' (unpaid until the card payment arrives) or 'account' (accepted
     * at once as 'pending' and invoiced with a due date; `paidAt` is set when the invoice is paid in full).
     */
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull().default('card'),
    /** Placed by a tax-exempt company: no tax, and its resale certificate number when it gave one. */
    taxExempt: boolean('tax_exempt').notNull().default(false),
    resaleCertificate: text('resale_certificate'),
    /**
     * The sales tax rate fixed when placed, in thousandths of a percent (6.875% = 6875; docs/requirements.md §16):
     * the destination's rate, TAX_RATE_PERCENT without one, 0 when tax-exempt. Orders from before it were backfilled
     * from taxRateBasisPoints x 10 (the same rate); taxRateBasisPoints stays written (rounded) for older readers.
     */
    taxRateMilliPercent: integer('tax_rate_milli_percent').notNull().default(0),
    /** The destination the rate is of (country code, region code); null: TAX_RATE_PERCENT (no destination, no row). */
    taxCountry: text('tax_country'),
    taxRegion: text('tax_region'),
    /** Whether the destination taxes shipping: taxCents then includes tax on shippingCents. */
    taxShipping: boolean('tax_shipping').notNull().default(false),
    /**
     * The delivery method chosen at checkout (docs/requirements.md §16): its code and name then, its cost in integer
     * cents (totalCents includes it) and the delivery window quoted (shop's time zone). Null method: placed before.
     */
    shippingMethod: text('shipping_method'),
    shippingName: text('shipping_name'),
    shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
    estimatedDeliveryFrom: date('estimated_delivery_from', { mode: 'string' }),
    estimatedDeliveryTo: date('estimated_delivery_to', { mode: 'string' }),
    /**
     * The lines' refundable core deposits (docs/requirements.md §17 "Core charges"): the sum of quantity x the
     * line's core charge, integer cents. totalCents includes it; it is never taxed nor discounted.
     */
    coreTotalCents: bigint('core_total_cents', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    uniqueIndex('orders_number_unique').on(table.number),
    index('orders_user_id_idx').on(table.userId, table.createdAt),
    // The hold sweep and the unpaid-orders cap read only unpaid orders.
    index('orders_unpaid_hold_from_idx')
      .on(sql`coalesce(${table.approvedAt}, ${table.createdAt})`)
      .where(sql`${table.status} = 'unpaid'`),
    // The approval sweep reads only orders awaiting approval.
    index('orders_awaiting_approval_created_at_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'awaiting-approval'`),
    // The company's orders, newest first (My Orders of a member).
    index('orders_company_id_idx')
      .on(table.companyId, table.createdAt)
      .where(sql`${table.companyId} is not null`),
    index('orders_unpaid_user_id_idx')
      .on(table.userId)
      .where(sql`${table.status} = 'unpaid'`),
    index('orders_payment_intent_id_idx').on(table.paymentIntentId),
    // The admin's order list and dashboard: newest first, by status and by day.
    index('orders_created_at_idx').on(table.createdAt),
    index('orders_status_created_at_idx').on(table.status, table.createdAt),
    index('orders_paid_at_idx')
      .on(table.paidAt)
      .where(sql`${table.paidAt} is not null`),
    // Manage All Orders (docs/requirements.md §13): sort and export by total; search inside names, emails and PO
    // numbers (pg_trgm, migration 0001: ILIKE '%…%' through the trigram indexes).
    index('orders_total_cents_idx').on(table.totalCents, table.id),
    index('orders_customer_name_trgm_idx').using('gin', table.customerName.op('gin_trgm_ops')),
    index('orders_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('orders_po_number_trgm_idx').using('gin', table.poNumber.op('gin_trgm_ops')),
    check('orders_quantity_positive', sql`${table.quantity} > 0`),
    check('orders_line_count_positive', sql`${table.lineCount} > 0`),
    check('orders_total_non_negative', sql`${table.totalCents} >= 0`),
    check('orders_core_total_non_negative', sql`${table.coreTotalCents} >= 0`),
    check('orders_payment_method_valid', sql`${table.paymentMethod} in ('card', 'account')`),
    check(
      'orders_status_valid',
      sql`${table.status} in ('unpaid', 'pending', 'shipped', 'cancelled', 'expired', 'awaiting-approval', 'rejected', 'partially-shipped')`,
    ),
  ],
);

/** Line items of an order, numbered from 1; snapshots of the part when the order was placed (cents). */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    partId: uuid('part_id').references(() => parts.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** The unit price of this quantity (its quantity break), integer cents. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** quantity x unit price, integer cents. */
    lineTotalCents: bigint('line_total_cents', { mode: 'number' }).notNull(),
    /** The list unit price at this quantity when placed (cents); null on lines from before trade terms: unitPriceCents. */
    listUnitPriceCents: integer('list_unit_price_cents'),
    /** The line's stable id (shipments name lines by it; docs/requirements.md §16). */
    id: uuid('id').notNull().defaultRandom(),
    /** Units of the line shipped so far, 0..quantity (shipments add to it). */
    shippedQuantity: integer('shipped_quantity').notNull().default(0),
    /** Units of the line received back by returns, 0..shippedQuantity (docs/requirements.md §17 "Returns"). */
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    /**
     * The part's refundable core deposit per unit when placed, integer cents (0: none; docs/requirements.md §17
     * "Core charges"): not in lineTotalCents; the order's coreTotalCents sums quantity x it.
     */
    coreChargeCents: bigint('core_charge_cents', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.lineNumber] }),
    uniqueIndex('order_lines_id_unique').on(table.id),
    check(
      'order_lines_shipped_quantity_valid',
      sql`${table.shippedQuantity} >= 0 and ${table.shippedQuantity} <= ${table.quantity}`,
    ),
    index('order_lines_part_id_idx').on(table.partId),
    // Manage All Orders' search by SKU (docs/requirements.md §13).
    index('order_lines_sku_trgm_idx').using('gin', table.sku.op('gin_trgm_ops')),
    check(
      'order_lines_returned_quantity_valid',
      sql`${table.returnedQuantity} >= 0 and ${table.returnedQuantity} <= ${table.shippedQuantity}`,
    ),
    check('order_lines_quantity_positive', sql`${table.quantity} > 0`),
    check('order_lines_unit_price_positive', sql`${table.unitPriceCents} > 0`),
    check('order_lines_core_charge_non_negative', sql`${table.coreChargeCents} >= 0`),
  ],
);
export type OrderLineRow = typeof orderLines.$inferSelect;

/** Shipment numbers: SH-100001 is the first (docs/requirements.md §16); a sequence never hands a value out twice. */
export const shipmentNumberSequence = pgSequence('shipment_number_seq', { startWith: 100001 });

/**
 * The shipments of an order (docs/requirements.md §16): each sends some units of some lines (shipmentLines), with
 * the carrier and tracking number. Written only by the orders module, with the lines' shipped quantities.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The readable number's digits ("SH-" + number). */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('shipment_number_seq')`),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    /** The admin who shipped it, by name as it was then. */
    actorName: text('actor_name'),
  },
  (table) => [
    uniqueIndex('shipments_number_unique').on(table.number),
    index('shipments_order_id_idx').on(table.orderId, table.shippedAt),
  ],
);
export type ShipmentRow = typeof shipments.$inferSelect;

/** The units of each order line a shipment sends (line by its id). */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    lineId: uuid('line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shipmentId, table.lineId] }),
    index('shipment_lines_line_id_idx').on(table.lineId),
    check('shipment_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
export type ShipmentLineRow = typeof shipmentLines.$inferSelect;

/**
 * An order's status timeline: one row per status it entered ('unpaid' when placed), when, and who moved it
 * (the actor's name as it was then; null for the hold sweep and provider webhooks).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatus>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorName: text('actor_name'),
    /** What the actor said with it: a rejection's reason. */
    note: text('note'),
    /**
     * Set on the entry of a payment recorded against the order's invoice (docs/requirements.md §15): integer cents,
     * how it was paid (ach, check, wire, card) and its reference.
     */
    paymentAmountCents: bigint('payment_amount_cents', { mode: 'number' }),
    paymentMethod: text('payment_method').$type<InvoicePaymentMethod>(),
    paymentReference: text('payment_reference'),
    /** Set on the entry of a credit memo's refund (docs/requirements.md §17): integer cents given back then. */
    refundedCents: bigint('refunded_cents', { mode: 'number' }),
  },
  (table) => [index('order_events_order_id_idx').on(table.orderId, table.id)],
);
export type OrderEventRow = typeof orderEvents.$inferSelect;

/**
 * Carts: one per customer, kept on the server (docs/requirements.md §11), a row per part with its quantity. The
 * price is never stored: it is the part's, at the line's quantity, whenever the cart is read.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.partId] }),
    check('cart_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
export type CartLineRow = typeof cartLines.$inferSelect;

/**
 * Payment provider events, de-duplicated by the provider's event id so webhook replays change nothing
 * (docs/design.md "Payments").
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'stripe' or 'sandbox'. */
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_events_provider_event_unique').on(table.provider, table.providerEventId),
    index('payment_events_order_id_idx').on(table.orderId),
  ],
);

/**
 * Payment intents of the built-in `sandbox` provider (docs/design.md "Payments"), kept in the database so every
 * server process sees the same state. Amount in integer cents; status 'requires_payment_method' until a card
 * succeeds, then 'succeeded' (Stripe's names).
 */
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    /** e.g. 'sandbox_pi_<hex>'; the transaction id once it succeeds. */
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Caller-chosen key: creating twice with the same key returns the same intent (Stripe's idempotency). */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').notNull().default('requires_payment_method'),
    lastError: text('last_error'),
    billingName: text('billing_name'),
    billingEmail: text('billing_email'),
    /** Set when the sandbox refunds the payment (what Stripe's Refunds API does for Stripe). */
    refundedCents: bigint('refunded_cents', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sandbox_payment_intents_idempotency_unique').on(table.idempotencyKey),
    uniqueIndex('sandbox_payment_intents_client_secret_unique').on(table.clientSecret),
    check('sandbox_payment_intents_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/**
 * Idempotency keys of order-placing requests (docs/decisions/012): per customer and key, the hash of the
 * request that first used it and the answer it got, kept 24 hours. The primary key makes a concurrent retry
 * wait for the first request's transaction and then find its answer.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, route and JSON body. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);
export type PaymentEventRow = typeof paymentEvents.$inferSelect;
