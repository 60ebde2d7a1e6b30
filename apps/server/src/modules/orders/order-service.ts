/**
 * The order rules (docs/design.md items 1-4, "Payments"; docs/decisions/008, 012 and 022): placing reserves stock
 * atomically, one order in one statement, the same way for POST /order's one line and the cart's checkout (at most
 * `maxUnpaidOrders` unpaid orders per customer, once per Idempotency-Key, no total above one card payment), cancelling
 * returns it, an unpaid order holds its stock for `holdMinutes` and then expires, payment is confirmed with the
 * provider, a payment that arrives for an order no longer payable is refunded, and the status moves only along
 * unpaid -> pending (paid) -> shipped, unpaid -> cancelled or unpaid -> expired. Every stock change is told
 * to CatalogChanges after its transaction commits. Money: integer cents
 * inside, dollars in DTOs.
 */
import {
  apiErrorCodes,
  formatMoney,
  formatOrderNumber,
  formatShipTo,
  isId,
  isNetTerms,
  managesCompany,
  messages,
  normalizeEmail,
  PAYMENT_TERM_DAYS,
  quantityProblemMessage,
  taxCentsMilli,
  toDollars,
  type CartChangeResult,
  type CheckoutInput,
  type Order,
  type OrderStatusValue,
  type PaymentMethod,
  type Shipment,
  type ShipTo,
} from '@partsforge/shared';
import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import type { OrderRow } from '../../db/schema/index.js';
import { clearCartSql, createCartRepository, type CartService, type PartTerms } from '../cart/index.js';
import { ConflictError, ForbiddenError, HttpError, NotFoundError } from '../../lib/http-errors.js';
import type { CatalogChanges } from '../catalog/index.js';
import type { Page } from '../../lib/page.js';
import type { AuthUser } from '../identity/index.js';
import { deleteExpiredIdempotencyKeys, requestFingerprint, runIdempotently } from '../../lib/idempotency.js';
import { shopMetrics } from '../../lib/metrics.js';
import {
  MAX_CARD_PAYMENT_CENTS,
  paymentIdempotencyKey,
  refundIdempotencyKey,
  type PaymentIntentInfo,
  type PaymentProvider,
} from '../payments/index.js';
import { saveContactDetails } from '../profiles/index.js';
import {
  findApprovers,
  findCompanyAddress,
  findCompanyOwners,
  findMembership,
  type Membership,
} from '../companies/index.js';
import { companyCredit, type CompanyCredit } from '../invoices/index.js';
import { lockCompanyTerms, type PriceBook, type PriceBooks } from '../trade-terms/index.js';
import type { DestinationTax, OfferedMethod, ShippingService } from '../shipping/index.js';
import { viewOf, type OrderMailer } from './order-mail.js';
import {
  admitUnpaidOrder,
  createOrderRepository,
  holdStart,
  INVOICE_NUMBER_PLACEHOLDER,
  issueAccountInvoice,
  ORDER_NUMBER_PLACEHOLDER,
  priceLines,
  toOrder,
  writeOrder,
  type HeldStatus,
  type LineProblem,
  type NewOrderLine,
  type PlacedOrder,
  type StoredOrder,
} from './order-repository.js';
import type { OrderCursor, OrderFilters } from './order-filters.js';

/**
 * Where and for whom an order goes, as the buyer gives it (validated by the route's schema), with the company
 * ship-to location chosen from the address book (`shipTo`; `address` is then its one-line form).
 */
interface OrderDetails {
  phone?: string | undefined;
  address: string;
  poNumber?: string | undefined;
  note?: string | undefined;
  shipTo?: ShipTo | null;
}

/** The purchase as the service takes it (already validated by placeOrderSchema). */
export interface PlaceOrder {
  productId: string;
  quantity: number;
  phone?: string | undefined;
  address: string;
}

/** Order use cases; each throws HttpError subclasses the error handler answers with. */
export interface OrderService {
  /**
   * Reserves stock and stores an unpaid order at the unit price of its quantity (quantity breaks), its total
   * the lines plus tax at `taxRateBasisPoints` (docs/requirements.md §13): a one-line checkout. 404 unknown
   * part, 400 below minqty, 400 NOT_PACK_MULTIPLE for a quantity that is not whole packs, 409 above the stock,
   * with `maxUnpaidOrders` unpaid orders already (TOO_MANY_UNPAID_ORDERS) or above one card payment
   * (AMOUNT_TOO_LARGE_FOR_CARD, before any stock is held). With `idempotencyKey`, a repeat
   * of the same request returns the first order (`replayed`), another request with the key is 422.
   */
  placeOrder(
    user: AuthUser,
    input: PlaceOrder,
    options?: { idempotencyKey?: string | undefined },
  ): Promise<{ orderId: string; replayed: boolean }>;
  /**
   * Places one order of every line in the customer's cart (docs/requirements.md §11 "Checkout"), reserving all
   * the stock or none, and empties the cart in the same transaction; saves the address and phone to the
   * profile when asked. 400 CART_EMPTY; 409 LINES_UNAVAILABLE with `lines` [{ partId, message }] when any line
   * cannot be had as it is (nothing changes); 409 TOO_MANY_UNPAID_ORDERS; 409 AMOUNT_TOO_LARGE_FOR_CARD above one
   * card payment (MAX_CARD_PAYMENT_CENTS), before any stock is held. With `idempotencyKey`, a repeat
   * returns the first order (`replayed`). A company member pays their own prices, a tax-exempt company no tax; with
   * `paymentMethod: 'account'` (docs/requirements.md §15) the order needs net terms (409 TERMS_REQUIRED), no past-due
   * invoice (409 ACCOUNT_OVERDUE) and the credit left (409 CREDIT_LIMIT_EXCEEDED with `available` in dollars),
   * and is placed pending with its invoice (or awaiting approval above a buyer's limit).
   */
  checkout(
    user: AuthUser,
    input: CheckoutInput,
    options?: { idempotencyKey?: string | undefined },
  ): Promise<{ order: Order; replayed: boolean }>;
  /**
   * Adds the lines of an order (its customer's, or any for an admin) to the caller's cart at today's terms;
   * lines whose part is gone or whose quantity no longer passes are reported, and a changed unit price is
   * noted. 404, 403 as getOrder.
   */
  reorder(user: AuthUser, orderId: string): Promise<CartChangeResult>;
  /**
   * Expires every unpaid order older than the hold, returning its stock; returns how many expired. Also drops
   * idempotency keys past their 24 hours.
   */
  expireStaleOrders(): Promise<number>;
  /**
   * The caller's orders (403 for another email), newest first, cancelled ones left out: a company member's are
   * the company's, placed by any member, plus their own placed outside a company (docs/requirements.md §14).
   */
  listOwnOrders(user: AuthUser, email: string | undefined, page: PageInput): Promise<Page<Order>>;
  /**
   * The orders of the caller's company awaiting approval, oldest first (docs/requirements.md §14): 404 when the
   * caller has no company, 403 for a buyer.
   */
  listAwaitingApproval(user: AuthUser, page: PageInput): Promise<Page<Order>>;
  /**
   * An owner or manager of the ordering company approves an order awaiting approval: it becomes unpaid, its
   * payment hold starting now, and the buyer is mailed (docs/requirements.md §14). 404 unknown, 403 not an owner or
   * manager of its company (buyers included, even for their own order), 409 NOT_AWAITING_APPROVAL when it is not
   * awaiting approval (already decided, cancelled, or expired: an approval that comes after APPROVAL_HOLD_HOURS
   * expires it instead). An order on account becomes pending with its invoice instead, after its credit is checked
   * again (docs/requirements.md §15: 409 TERMS_REQUIRED, ACCOUNT_OVERDUE, CREDIT_LIMIT_EXCEEDED). Returns the order.
   */
  approveOrder(user: AuthUser, orderId: string): Promise<Order>;
  /**
   * Rejects an order awaiting approval with `reason`: it becomes rejected, its stock goes back and the buyer is
   * mailed the reason; same access and 409 as approveOrder. Returns the order.
   */
  rejectOrder(user: AuthUser, orderId: string, reason: string): Promise<Order>;
  /**
   * The admin's order list (the route checks the role): the orders `filters` match (docs/requirements.md §13
   * "Finding things"; without filters every order but cancelled ones, newest first), one page and the total.
   */
  listAllOrders(page: PageInput, filters?: OrderFilters): Promise<Page<Order>>;
  /**
   * Every order `filters` match (docs/requirements.md §13: the CSV export), in their order, as chunks of at most
   * `chunkSize` rows, each read when the consumer asks for it (constant memory whatever the list's length).
   */
  exportOrders(filters: OrderFilters, chunkSize?: number): AsyncGenerator<OrderRow[]>;
  /**
   * One order for an admin, its customer, or (a company's order) any member of that company: 404 unknown (or
   * malformed id), 403 anyone else's.
   */
  getOrder(user: AuthUser, id: string): Promise<Order>;
  /**
   * Cancels an unpaid order, or one awaiting approval, and returns its stock: its placer, or an owner or manager
   * of its company (docs/requirements.md §14). 404, 403, 409 when in another status.
   */
  cancelOrder(user: AuthUser, id: string): Promise<{ deletedCount: number; productName: string }>;
  /**
   * Creates (idempotently) the provider's payment intent for the owner's unpaid order's stored amount; 409
   * ORDER_NOT_PAYABLE when it is cancelled, expired (its hold ran out) or already paid.
   */
  createPaymentIntent(user: AuthUser, orderId: string): Promise<{ clientSecret: string }>;
  /**
   * Marks the owner's order paid with `transactionId` once the provider confirms that this intent succeeded
   * for this order and amount (409 otherwise), issuing its invoice in the same transaction (docs/requirements.md
   * §13). Repeating it for an order already paid with the same id
   * changes nothing (modifiedCount 0). A succeeded payment of an order that is no longer payable is refunded,
   * recorded on the order, and answered 409 ORDER_NOT_PAYABLE saying so.
   */
  confirmPayment(user: AuthUser, orderId: string, transactionId: string): Promise<{ modifiedCount: number }>;
  /**
   * Admin's Mark Shipped: pending -> shipped (409 from any other status), recorded as `actor`'s, with the carrier
   * and tracking number when given (docs/requirements.md §13; blank means none). The one function through which
   * an order becomes shipped (the repository's markShipped, one transaction, which also queues the "order
   * shipped" mail). Returns the updated order.
   */
  markShipped(actor: AuthUser, orderId: string, shipment?: ShipmentInput): Promise<Order>;
  /**
   * `POST /admin/orders/{id}/shipments` (docs/requirements.md §16): ships `input`'s units of the order's lines as
   * one shipment, recorded as `actor`'s (the repository's ship: order and lines locked, so concurrent shipments
   * cannot exceed the order). 404 unknown order, 400 a line id not of the order, 409 a quantity above what is left
   * of its line, 409 when the order is not pending nor partially shipped (a card order ships once paid). Returns
   * the shipment.
   */
  createShipment(actor: AuthUser, orderId: string, input: NewShipment): Promise<Shipment>;
  /** The order `orderId` (admins) and its shipment `shipmentId`, for the packing slip: 404 when either is unknown. */
  shipmentOf(orderId: string, shipmentId: string): Promise<{ order: Order; shipment: Shipment }>;
  /**
   * Applies a verified provider event (a webhook) once: `payment_intent.succeeded` for an unpaid order's
   * exact amount in USD marks it paid and issues its invoice, like a verified PATCH; for an order no longer
   * payable it refunds the payment and records the refund. A replayed event id changes nothing.
   */
  applyPaymentEvent(provider: string, event: PaymentEvent): Promise<{ duplicate: boolean }>;
}

/** A provider event after signature verification. */
export interface PaymentEvent {
  id: string;
  type: string;
  intent: PaymentIntentInfo | null;
  payload: unknown;
}

export interface PageInput {
  limit: number;
  offset: number;
}

/** What an admin may say when shipping (docs/requirements.md §13): both optional; blank means none. */
export interface ShipmentInput {
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
}

/**
 * Rows per chunk of the CSV export, one query each: a few megabytes held at a time, and few enough queries that
 * an export sorted by total (which sorts the filtered orders again for each chunk) stays quick.
 */
export const EXPORT_CHUNK_ROWS = 5000;

/** What the service needs: the database, the payment provider, the cart, the catalogue cache and the order limits. */
export interface OrderServiceOptions {
  db: AppDatabase;
  payments: PaymentProvider;
  /** Where reorder adds an order's lines. */
  cart: CartService;
  /** Told of every stock change, after its transaction commits. */
  catalogChanges: CatalogChanges;
  /** Minutes an unpaid order holds its stock (config ORDER_HOLD_MINUTES). */
  holdMinutes: number;
  /** Hours an order awaiting approval holds its stock (config APPROVAL_HOLD_HOURS; docs/requirements.md §14). */
  approvalHoldHours: number;
  /** Most unpaid orders per customer (config MAX_UNPAID_ORDERS). */
  maxUnpaidOrders: number;
  /** Tax on an order's lines when it is placed, in basis points (config TAX_RATE_PERCENT; docs/requirements.md §13). */
  taxRateBasisPoints: number;
  /** Queues the order's emails in the transactions that place, pay and ship it (order-mail.ts). */
  mailer?: OrderMailer | undefined;
  /**
   * The buyers' price books (app.priceBooks): a company member's order is priced, taxed and may be paid on account by
   * their company's terms (docs/requirements.md §15). Without, every order is at list prices, by card.
   */
  priceBooks?: PriceBooks | undefined;
  /**
   * Delivery methods and tax rates by destination (app.shipping; docs/requirements.md §16): an order pays the
   * method's cost and its destination's tax. Without, orders carry no shipping and the configured tax rate.
   */
  shipping?: ShippingService | undefined;
}

/** What a shipment asks (docs/requirements.md §16): units per line id, the carrier and the tracking number. */
export interface NewShipment {
  lines: { lineId: string; quantity: number }[];
  carrier: string;
  trackingNumber?: string | undefined;
}

/** Where an order goes for its delivery and tax: a country code, region code and postal code, each maybe unknown. */
interface Destination {
  country?: string | null | undefined;
  region?: string | null | undefined;
}

/** The country delivery methods are chosen for when an order names none (the spec's purchase page): the shop's. */
const HOME_COUNTRY = 'US';

/**
 * The weight in grams of `lines` (docs/requirements.md §16): each part's unit weight as read with its terms (the
 * cart's read, or the one-part purchase's) times its quantity; no read of its own.
 */
function weightOf(lines: readonly NewOrderLine[], terms: ReadonlyMap<string, PartTerms>): number {
  return lines.reduce((grams, line) => grams + (terms.get(line.partId)?.weightGrams ?? 0) * line.quantity, 0);
}

/** Builds the service. */
export function createOrderService({
  db,
  payments,
  cart,
  catalogChanges,
  holdMinutes,
  approvalHoldHours,
  maxUnpaidOrders,
  taxRateBasisPoints,
  mailer,
  priceBooks,
  shipping,
}: OrderServiceOptions): OrderService {
  const repository = createOrderRepository(db, mailer);
  const holdTimes = { holdMinutes, approvalHoldHours };
  const holdCutoff = () => new Date(Date.now() - holdMinutes * 60_000);
  const approvalCutoff = () => new Date(Date.now() - approvalHoldHours * 3_600_000);
  const cutoffOf = (status: HeldStatus) => (status === 'unpaid' ? holdCutoff() : approvalCutoff());
  /** When the payment hold that starts at `from` ends. */
  const holdEnd = (from: Date) => new Date(from.getTime() + holdMinutes * 60_000);
  /** When the approval hold of an order placed at `placedAt` ends. */
  const approvalEnd = (placedAt: Date) => new Date(placedAt.getTime() + approvalHoldHours * 3_600_000);
  const notPayable = (message: string) => new ConflictError(message, apiErrorCodes.orderNotPayable);

  /** Expires `row` now if its hold ran out and nobody swept it yet; returns the row as it now is. */
  async function current(row: StoredOrder): Promise<StoredOrder> {
    if (!(await expireIfDue(row))) return row;
    return (await repository.findById(row.id)) ?? row;
  }

  /** current() of an order row without its lines and events (a payment's checks need no more). */
  async function currentRow(row: OrderRow): Promise<OrderRow> {
    if (!(await expireIfDue(row))) return row;
    return (await repository.findRowById(row.id)) ?? row;
  }

  /**
   * Expires `row` now if it is unpaid past its payment hold or awaiting approval past its approval hold; true when
   * it did (or another sweep may have).
   */
  async function expireIfDue(row: OrderRow): Promise<boolean> {
    const status = row.status;
    if (status !== 'unpaid' && status !== 'awaiting-approval') return false;
    const since = status === 'unpaid' ? holdStart(row) : row.createdAt;
    if (since >= cutoffOf(status)) return false;
    const { partIds } = await repository.expireHeld(status, cutoffOf(status), { orderId: row.id });
    for (const partId of partIds) catalogChanges.stockChanged(partId);
    return true;
  }

  /**
   * Refunds the succeeded `intent` of `row`, an order that can no longer take it, and records the refund;
   * returns the refunded amount in cents. The provider's idempotency key makes a retry refund nothing more.
   */
  async function refund(row: StoredOrder, intent: PaymentIntentInfo): Promise<number> {
    const { id } = await payments.refund({
      paymentIntentId: intent.id,
      amountCents: intent.amountCents,
      idempotencyKey: refundIdempotencyKey(intent.id),
    });
    await repository.recordRefund(row.id, { refundId: id, refundedCents: intent.amountCents });
    return intent.amountCents;
  }

  const succeededFor = (row: StoredOrder, intent: PaymentIntentInfo | null): intent is PaymentIntentInfo =>
    intent !== null &&
    intent.status === 'succeeded' &&
    intent.orderId === row.id &&
    intent.currency === 'usd';

  const tooLargeForCard = () =>
    new ConflictError(
      messages.payment.amountTooLarge(toDollars(MAX_CARD_PAYMENT_CENTS)),
      apiErrorCodes.amountTooLargeForCard,
    );

  const tooManyUnpaid = () =>
    new ConflictError(messages.orders.tooManyUnpaid(maxUnpaidOrders), apiErrorCodes.tooManyUnpaidOrders);

  /** Thrown out of a placement whose stock was taken by someone else meanwhile (its transaction rolls back). */
  class StockShort extends Error {}

  const termsRequired = () =>
    new ConflictError(messages.tradeTerms.termsRequired, apiErrorCodes.termsRequired);

  /**
   * Why the company's `credit` refuses an account order of `totalCents` under `creditLimitCents`
   * (docs/requirements.md §15 "Credit"): 409 ACCOUNT_OVERDUE while a balance is past due, 409 CREDIT_LIMIT_EXCEEDED
   * with `available` (dollars) above the limit less the open balance; null when it allows it (issueAccountInvoice's
   * SQL applies the same rule).
   */
  function creditRefusal(
    { balanceCents, overdue }: CompanyCredit,
    creditLimitCents: number,
    totalCents: number,
  ): HttpError | null {
    if (overdue) return new ConflictError(messages.tradeTerms.accountOverdue, apiErrorCodes.accountOverdue);
    const availableCents = Math.max(0, creditLimitCents - balanceCents);
    if (totalCents <= availableCents) return null;
    return new HttpError(
      409,
      messages.tradeTerms.creditLimitExceeded(formatMoney(toDollars(availableCents))),
      apiErrorCodes.creditLimitExceeded,
      undefined,
      { available: toDollars(availableCents) },
    );
  }

  /**
   * Locks the terms row of `companyId` in transaction `tx` (so the company's other account orders wait until this
   * transaction ends) and returns the terms, or throws 409 TERMS_REQUIRED when they are no longer net
   * (docs/requirements.md §15 "Credit").
   */
  async function lockNetTerms(tx: AppDatabase, companyId: string) {
    const terms = await lockCompanyTerms(tx, companyId);
    if (!terms || !isNetTerms(terms.paymentTerms)) throw termsRequired();
    return terms;
  }

  /**
   * Holds the credit of `companyId` for an order on account of `totalCents` that is not accepted yet (it awaits
   * approval) in transaction `tx`: lockNetTerms, then creditRefusal's 409s when a balance is past due or the total is
   * above the credit limit less the open balance.
   */
  async function holdCredit(tx: AppDatabase, companyId: string, totalCents: number): Promise<void> {
    const terms = await lockNetTerms(tx, companyId);
    const refusal = creditRefusal(await companyCredit(tx, companyId), terms.creditLimitCents, totalCents);
    if (refusal) throw refusal;
  }

  /**
   * Accepts `order`, an order on account written (placed, or approved) in transaction `tx`, against its company's
   * credit (docs/requirements.md §15): reads the company's owners, locks its terms (lockNetTerms), then in one
   * statement checks the credit and issues the invoice, due after the terms' days from `from`, with its mail to the
   * placer and the owners. The lock is held for that statement, the idempotency record's write when the request
   * carries a key, and the commit. Throws creditRefusal's 409s
   * (the caller's transaction rolls back). Returns the invoice's number and due date.
   */
  async function acceptOnAccount(
    tx: AppDatabase,
    order: { id: string; email: string; customerName: string; companyId: string; totalCents: number },
    view: Parameters<OrderMailer['accountInvoice']>[0],
    from: Date,
  ) {
    const recipients = [{ name: order.customerName, email: order.email }];
    if (mailer)
      for (const owner of await findCompanyOwners(tx, order.companyId))
        if (!recipients.some((recipient) => recipient.email === owner.email)) recipients.push(owner);
    const terms = await lockNetTerms(tx, order.companyId);
    const dueAt = new Date(from.getTime() + PAYMENT_TERM_DAYS[terms.paymentTerms] * 86_400_000);
    const mails = mailer
      ? recipients.map((recipient) =>
          mailer.accountInvoice(view, recipient, INVOICE_NUMBER_PLACEHOLDER, dueAt),
        )
      : [];
    const { number, credit } = await issueAccountInvoice(tx, order.id, dueAt, mails, {
      companyId: order.companyId,
      totalCents: order.totalCents,
      creditLimitCents: terms.creditLimitCents,
    });
    if (number === null)
      throw (
        creditRefusal(credit, terms.creditLimitCents, order.totalCents) ??
        new Error(`acceptOnAccount: order ${order.id} does not exist`)
      );
    return { number, dueAt };
  }

  /**
   * The sales tax of `destination` (docs/requirements.md §16): its region's row, else TAX_RATE_PERCENT (also
   * without a destination, or without the shipping service), with the country and region it is of.
   */
  async function taxOf(
    on: AppDatabase,
    destination: Destination,
  ): Promise<DestinationTax & { country: string; region: string }> {
    const country = destination.country?.trim().toUpperCase() ?? '';
    const region = destination.region?.trim().toUpperCase() ?? '';
    const tax: DestinationTax = shipping
      ? await shipping.taxFor(country, region, on)
      : { rateMilliPercent: taxRateBasisPoints * 10, taxShipping: false, source: 'default' };
    return { ...tax, country, region };
  }

  /**
   * The delivery of a cart of `weightGrams` (subtotal `subtotalCents`) to `destination` (docs/requirements.md §16): the method
   * `code` when given (400 SHIPPING_METHOD_UNAVAILABLE when it is not offered for this cart and destination),
   * else the cheapest method that delivers (never a pickup; null when none does). Null without the shipping service.
   */
  async function deliveryFor(
    on: AppDatabase,
    weightGrams: number,
    subtotalCents: number,
    destination: Destination,
    code: string | undefined,
  ): Promise<OfferedMethod | null> {
    if (!shipping) return null;
    const options = await shipping.optionsFor(
      {
        subtotalCents,
        weightGrams,
        country: destination.country?.trim().toUpperCase() || HOME_COUNTRY,
      },
      new Date(),
      on,
    );
    if (code !== undefined) {
      const chosen = options.find((option) => option.code === code);
      if (!chosen)
        throw new HttpError(
          400,
          messages.shippingPages.methodUnavailable,
          apiErrorCodes.shippingMethodUnavailable,
        );
      return chosen;
    }
    let cheapest: OfferedMethod | null = null;
    for (const option of options)
      if (option.kind !== 'pickup' && (cheapest === null || option.costCents < cheapest.costCents))
        cheapest = option;
    return cheapest;
  }

  /**
   * Places `lines` (one per part, priced against `terms` as read) for `user`: the one way an order is placed, for
   * POST /order's one line and the cart's checkout alike (docs/requirements.md §11, docs/decisions/022). Refused,
   * before any stock is held: a line that cannot be had as it is (`problems`), a card order's total above one card
   * payment (AMOUNT_TOO_LARGE_FOR_CARD), `maxUnpaidOrders` unpaid orders already (TOO_MANY_UNPAID_ORDERS; counted in
   * the order's statement, or by the caller that already holds the customer's lock: `admitted`). Throws StockShort
   * when a part's stock fell below a line's quantity between the read and the write. A company member's order belongs
   * to the company (`membership`); a buyer's order whose total is above their spending limit is placed
   * 'awaiting-approval' and its approvers are mailed (docs/requirements.md §14). The lines are priced by `book`
   * (the buyer's terms; null: list prices) and a tax-exempt company's order carries no tax (docs/requirements.md
   * §15). An order on account (`paymentMethod`, `on` then a transaction) needs net terms (409 TERMS_REQUIRED) and
   * the credit (holdCredit's 409s), and is accepted at once: 'pending' with its invoice issued, unless it awaits
   * approval. Returns the order as written.
   */
  async function place(
    on: AppDatabase,
    user: AuthUser,
    details: OrderDetails,
    lines: readonly NewOrderLine[],
    terms: ReadonlyMap<string, PartTerms>,
    options: {
      admitted: boolean;
      /** The caller's transaction has locked the lines' parts in id order already (a checkout's cart read). */
      stockLocked?: boolean;
      membership: Membership | null;
      book?: PriceBook | null;
      paymentMethod?: PaymentMethod;
      effects?: ((placed: SQL) => SQL)[];
      /** Where it goes (its tax and delivery methods) and the method asked for (default: the cheapest delivery). */
      destination?: Destination;
      shippingMethod?: string | undefined;
    },
  ): Promise<{ ok: true; order: Order } | { ok: false; problems: LineProblem[] }> {
    const { membership, book = null, paymentMethod = 'card', destination = {} } = options;
    const account = paymentMethod === 'account';
    if (account && (!membership || !book || !isNetTerms(book.terms.paymentTerms))) throw termsRequired();
    const priced = priceLines(lines, terms, book);
    if (!priced.ok) return priced;
    const subtotalCents = priced.lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
    // Refundable core deposits (docs/requirements.md §17): part of the total, never taxed nor discounted.
    const coreTotalCents = priced.lines.reduce((sum, line) => sum + line.quantity * line.coreChargeCents, 0);
    // The delivery (docs/requirements.md §16): the method asked for, else the cheapest that delivers.
    const [delivery, destinationTax] = await Promise.all([
      deliveryFor(on, weightOf(lines, terms), subtotalCents, destination, options.shippingMethod),
      taxOf(on, destination),
    ]);
    const shippingCents = delivery?.costCents ?? 0;
    // The total is what the customer pays: the lines, their core deposits, the shipping and the tax
    // (docs/requirements.md §13, §16, §17) at the destination's rate (on the shipping too where the region taxes it,
    // never on the core deposits), none when exempt.
    const taxExempt = book?.terms.taxExempt ?? false;
    const rateMilliPercent = taxExempt ? 0 : destinationTax.rateMilliPercent;
    const taxShipping = !taxExempt && destinationTax.taxShipping && shippingCents > 0;
    const taxedCents = subtotalCents + (taxShipping ? shippingCents : 0);
    const tax = taxCentsMilli(taxedCents, rateMilliPercent);
    const rateBasisPoints = Math.round(rateMilliPercent / 10);
    const totalCents = subtotalCents + coreTotalCents + shippingCents + tax;
    // An order the shop cannot take payment for is refused before it holds any stock.
    if (!account && totalCents > MAX_CARD_PAYMENT_CENTS) throw tooLargeForCard();
    const overLimit =
      membership !== null &&
      membership.role === 'buyer' &&
      membership.spendingLimitCents !== null &&
      totalCents > membership.spendingLimitCents;
    const order: PlacedOrder = {
      id: randomUUID(),
      createdAt: new Date(),
      userId: user.id,
      customerName: user.name,
      email: user.email,
      phone: details.phone || null,
      address: details.address,
      poNumber: details.poNumber || null,
      note: details.note || null,
      taxRateBasisPoints: rateBasisPoints,
      taxRateMilliPercent: rateMilliPercent,
      taxDestination:
        destinationTax.source === 'region'
          ? { country: destinationTax.country, region: destinationTax.region }
          : null,
      taxShipping,
      shipping: delivery && {
        method: delivery.code,
        name: delivery.name,
        from: delivery.estimatedDelivery.from,
        to: delivery.estimatedDelivery.to,
      },
      shippingCents,
      status: overLimit ? 'awaiting-approval' : account ? 'pending' : 'unpaid',
      paymentMethod,
      taxExempt,
      resaleCertificate: taxExempt ? (book?.terms.resaleCertificate ?? null) : null,
      company: membership && { id: membership.companyId, name: membership.companyName },
      shipTo: details.shipTo ?? null,
      lines: priced.lines,
      quantity: priced.lines.reduce((sum, line) => sum + line.quantity, 0),
      taxCents: tax,
      coreTotalCents,
      totalCents,
    };
    const view = {
      ...order,
      subtotalCents,
      taxRateMilliPercent: rateMilliPercent,
      taxRegion: order.taxDestination?.region ?? null,
      shipping: delivery
        ? {
            name: delivery.name,
            cents: shippingCents,
            from: delivery.estimatedDelivery.from,
            to: delivery.estimatedDelivery.to,
          }
        : undefined,
      holdUntil: holdEnd(order.createdAt),
      approvalUntil: overLimit ? approvalEnd(order.createdAt) : undefined,
    };
    // An order on account accepted at once is told by its invoice's mail instead of a confirmation to pay.
    const confirmation =
      order.status === 'pending' ? undefined : mailer?.confirmation(view, ORDER_NUMBER_PLACEHOLDER);
    const approvers = overLimit && mailer ? await findApprovers(on, membership.companyId) : [];
    const written = await writeOrder(on, order, {
      ...(options.admitted ? {} : { admit: { maxUnpaid: maxUnpaidOrders, holdCutoff: holdCutoff() } }),
      stockLocked: options.stockLocked,
      confirmation,
      notices: approvers.map((approver) =>
        mailer!.approvalRequest(
          { ...view, approvalUntil: approvalEnd(order.createdAt) },
          approver,
          ORDER_NUMBER_PLACEHOLDER,
        ),
      ),
      effects: options.effects,
    });
    if (!written.ok) {
      if (written.reason === 'too-many-unpaid') throw tooManyUnpaid();
      throw new StockShort();
    }
    // The company's credit, under its terms row's lock taken only now, after the order's write: the company's other
    // account orders wait for this one's credit check, invoice and commit alone. A refusal rolls the write back.
    const invoice =
      account && order.status === 'pending'
        ? await acceptOnAccount(
            on,
            { ...order, companyId: membership!.companyId },
            { ...view, number: formatOrderNumber(written.number) },
            order.createdAt,
          )
        : null;
    if (account && !invoice) await holdCredit(on, membership!.companyId, totalCents);
    const stored: StoredOrder = {
      ...order,
      number: written.number,
      productName: order.lines[0]!.name,
      lineCount: order.lines.length,
      companyId: order.company?.id ?? null,
      companyName: order.company?.name ?? null,
      approvedAt: null,
      paymentIntentId: null,
      transactionId: null,
      updatedAt: order.createdAt,
      paidAt: null,
      refundId: null,
      refundedCents: null,
      refundedAt: null,
      carrier: null,
      trackingNumber: null,
      taxCountry: order.taxDestination?.country ?? null,
      taxRegion: order.taxDestination?.region ?? null,
      shippingMethod: order.shipping?.method ?? null,
      shippingName: order.shipping?.name ?? null,
      estimatedDeliveryFrom: order.shipping?.from ?? null,
      estimatedDeliveryTo: order.shipping?.to ?? null,
      shipments: [],
      lines: order.lines.map((line, index) => ({
        ...line,
        orderId: order.id,
        id: written.lineIds[index] ?? '',
        shippedQuantity: 0,
        returnedQuantity: 0,
      })),
      events: [
        {
          id: 0,
          orderId: order.id,
          status: order.status,
          at: order.createdAt,
          actorName: order.customerName,
          note: null,
          refundedCents: null,
          paymentAmountCents: null,
          paymentMethod: null,
          paymentReference: null,
        },
      ],
      invoice: invoice && { number: invoice.number, dueAt: invoice.dueAt, balanceCents: order.totalCents },
    };
    return { ok: true, order: toOrder(stored, holdTimes) };
  }

  /** The price book of `user` (null: list prices), read only for a company member (on `on`, the pool by default). */
  const bookOf = (user: AuthUser, membership: Membership | null, on: AppDatabase = db) =>
    membership && priceBooks ? priceBooks.forUser(user.id, on) : Promise.resolve(null);

  /** The parts of `ids` as they are now, by id. */
  const partsNow = async (ids: readonly string[]) =>
    new Map((await createCartRepository(db).partsById(ids)).map((part) => [part.id, part]));

  /** What is wrong with `lines` now that a placement found a part short (read again, outside its transaction). */
  async function shortLines(lines: readonly NewOrderLine[]): Promise<LineProblem[]> {
    const terms = await partsNow(lines.map((line) => line.partId));
    const checked = priceLines(lines, terms);
    if (!checked.ok) return checked.problems;
    // Back in stock since: say which line was short when the order was written, at its stock now.
    return lines.slice(0, 1).map(({ partId, quantity }) => {
      const part = terms.get(partId)!;
      return { partId, problem: 'above-stock', quantity, ...part };
    });
  }

  const lineMessage = (line: LineProblem) =>
    line.problem === 'part-not-found' ? messages.cart.partGone : quantityProblemMessage(line.problem, line);

  /** The spec's answer for the one-part purchase page's line (docs/requirements.md §4). */
  function onePartProblem(line: LineProblem | undefined): HttpError {
    if (!line || line.problem === 'part-not-found') return new NotFoundError(messages.errors.partNotFound);
    // As the cart answers it (docs/requirements.md §17): the message names the replacement.
    if (line.problem === 'superseded' && line.replacementSku)
      return new ConflictError(
        messages.supersessionPages.partSuperseded(line.sku, line.replacementSku),
        apiErrorCodes.partSuperseded,
      );
    const bounds = messages.validation.orderQuantityBounds(line.minqty, line.available);
    if (line.problem === 'below-minimum') return new HttpError(400, bounds, apiErrorCodes.validationFailed);
    if (line.problem === 'not-pack-multiple')
      return new HttpError(
        400,
        messages.validation.packMultiple(line.packSize),
        apiErrorCodes.notPackMultiple,
      );
    return new ConflictError(bounds);
  }

  /** The checkout's answer naming every line that cannot be had. */
  const linesUnavailable = (problems: readonly LineProblem[]) =>
    new HttpError(409, messages.cart.linesUnavailable, apiErrorCodes.linesUnavailable, undefined, {
      lines: problems.map((line) => ({ partId: line.partId, message: lineMessage(line) })),
    });

  /**
   * Runs `work` once per Idempotency-Key (in the key's transaction; a replay answers the first result) or, without
   * a key, in a transaction of its own when `transaction`, else on the pool.
   */
  async function once<T>(
    user: AuthUser,
    route: string,
    input: unknown,
    idempotencyKey: string | undefined,
    transaction: boolean,
    work: (on: AppDatabase) => Promise<T>,
  ): Promise<{ body: T; replayed: boolean }> {
    if (idempotencyKey) {
      const answer = await runIdempotently<T>(
        db,
        { userId: user.id, key: idempotencyKey, fingerprint: requestFingerprint(route, input) },
        async (tx) => ({ status: 201, body: await work(tx) }),
      );
      return { body: answer.body, replayed: answer.replayed };
    }
    const body = transaction
      ? await db.transaction((tx) => work(tx as unknown as AppDatabase))
      : await work(db);
    return { body, replayed: false };
  }

  async function find(id: string): Promise<StoredOrder> {
    const row = isId(id) ? await repository.findById(id) : undefined;
    if (!row) throw new NotFoundError(messages.orders.notFound);
    return row;
  }

  /** The caller's company membership (none for admins, who act as the shop), read on `on` (the pool by default). */
  const membershipOf = (user: AuthUser, on: AppDatabase = db) =>
    user.role === 'admin' ? Promise.resolve(null) : findMembership(on, user.id);

  /**
   * What `user` may do with order `row` (docs/requirements.md §14): `see` (admins, its customer when it belongs to no
   * company, any member of its company), `act` (cancel, pay: its placer, or an owner or manager of its company; a
   * placer who left the company no longer may) and `approve` (an owner or manager of its company). Reads the
   * caller's membership only for a company's order.
   */
  async function accessTo(user: AuthUser, row: OrderRow) {
    const admin = user.role === 'admin';
    if (row.companyId === null) {
      const own = row.userId === user.id;
      return { see: admin || own, act: own, approve: false };
    }
    const membership = await membershipOf(user);
    const ofCompany = membership?.companyId === row.companyId;
    const manages = ofCompany && managesCompany(membership!.role);
    return {
      see: admin || ofCompany,
      act: manages || (ofCompany && row.userId === user.id),
      approve: manages,
    };
  }

  /** The order `id` when `user` may `act` on it (cancel, pay): 404 unknown, 403 otherwise. */
  async function findActionable(user: AuthUser, id: string): Promise<StoredOrder> {
    const row = await find(id);
    if (!(await accessTo(user, row)).act) throw new ForbiddenError();
    return row;
  }

  /** findActionable() of the order row alone: 404 unknown, 403 someone else's. */
  async function findActionableRow(user: AuthUser, id: string): Promise<OrderRow> {
    const row = isId(id) ? await repository.findRowById(id) : undefined;
    if (!row) throw new NotFoundError(messages.orders.notFound);
    if (!(await accessTo(user, row)).act) throw new ForbiddenError();
    return row;
  }

  /** The order `id` when `user` approves for its company: 404 unknown, 403 otherwise. */
  async function findApprovable(user: AuthUser, id: string): Promise<StoredOrder> {
    const row = await find(id);
    if (!(await accessTo(user, row)).approve) throw new ForbiddenError(messages.companies.cannotApprove);
    return row;
  }

  /** The answer to an approval or rejection of `row` that found it no longer awaiting approval. */
  async function notAwaiting(row: OrderRow): Promise<never> {
    await expireIfDue(row);
    throw new ConflictError(messages.companies.notAwaitingApproval, apiErrorCodes.notAwaitingApproval);
  }

  /**
   * The checkout's destination (docs/requirements.md §14): a ship-to location of the member's company address book
   * (`addressId`; the order keeps a copy and its one-line form as `address`, its phone unless one is typed), or the
   * typed `address`. 404 for an address id that is not one of the caller's company's.
   */
  async function shipToOf(
    on: AppDatabase,
    membership: Membership | null,
    input: CheckoutInput,
  ): Promise<OrderDetails> {
    if (input.addressId === undefined) return { ...input, address: input.address ?? '' };
    const shipTo = membership && (await findCompanyAddress(on, membership.companyId, input.addressId));
    if (!shipTo) throw new NotFoundError(messages.companies.addressNotFound);
    return { ...input, address: formatShipTo(shipTo), phone: input.phone || shipTo.phone, shipTo };
  }

  const illegal = (from: OrderStatusValue, to: OrderStatusValue) =>
    new ConflictError(messages.orders.illegalTransition(from, to));

  const mapPage = (page: Page<StoredOrder>): Page<Order> => ({
    items: page.items.map((row) => toOrder(row, holdTimes)),
    total: page.total,
  });

  return {
    async placeOrder(user, input, { idempotencyKey } = {}) {
      if (!isId(input.productId)) throw new NotFoundError(messages.errors.partNotFound);
      const lines = [{ partId: input.productId, quantity: input.quantity }];
      const [terms, membership] = await Promise.all([partsNow([input.productId]), membershipOf(user)]);
      const book = await bookOf(user, membership);
      try {
        const { body, replayed } = await once(
          user,
          'POST /api/order',
          input,
          idempotencyKey,
          false,
          async (on) => {
            const placed = await place(on, user, input, lines, terms, { admitted: false, membership, book });
            if (!placed.ok) throw onePartProblem(placed.problems[0]);
            return { orderId: placed.order._id };
          },
        );
        if (!replayed) catalogChanges.stockChanged(input.productId);
        if (!replayed) shopMetrics.ordersPlaced.inc({ route: 'order' });
        return { orderId: body.orderId, replayed };
      } catch (error) {
        if (error instanceof StockShort) throw onePartProblem((await shortLines(lines))[0]);
        throw error;
      }
    },

    async checkout(user, input, { idempotencyKey } = {}) {
      let lines: NewOrderLine[] = [];
      const paymentMethod = input.paymentMethod ?? 'card';
      try {
        const { body, replayed } = await once(
          user,
          'POST /api/checkout',
          input,
          idempotencyKey,
          true,
          async (tx) => {
            // The customer's lock (the cart's too) and the unpaid count, before the cart is read. An order on
            // account is never unpaid: the count does not limit it.
            // Its company membership comes in the same round trip (none for an admin, as membershipOf).
            const admission = await admitUnpaidOrder(tx, user.id, {
              maxUnpaid: maxUnpaidOrders,
              holdCutoff: holdCutoff(),
            });
            if (!admission.admitted && paymentMethod === 'card') throw tooManyUnpaid();
            const membership = user.role === 'admin' ? null : admission.membership;
            const book = await bookOf(user, membership, tx);
            // The cart with its parts' stock rows locked in id order: read as they are under the order's lock.
            const cartLines = await createCartRepository(tx).readLocked(user.id);
            if (cartLines.length === 0)
              throw new HttpError(400, messages.cart.cartEmpty, apiErrorCodes.cartEmpty);
            lines = cartLines.map(({ part, quantity }) => ({ partId: part.id, quantity }));
            const terms = new Map(cartLines.map(({ part }) => [part.id, part]));
            const details = await shipToOf(tx, membership, input);
            // Before the order's write, so an account order's company lock is not held for it (a refusal rolls it back).
            if (input.saveToProfile && !details.shipTo)
              await saveContactDetails(tx, {
                userId: user.id,
                name: user.name,
                email: user.email,
                address: details.address,
                phone: details.phone || null,
              });
            const placed = await place(tx, user, details, lines, terms, {
              admitted: true,
              stockLocked: true,
              membership,
              book,
              paymentMethod,
              destination: details.shipTo
                ? { country: details.shipTo.country, region: details.shipTo.region }
                : { country: input.country, region: input.region },
              shippingMethod: input.shippingMethod,
              effects: [(when) => clearCartSql(user.id, when)],
            });
            if (!placed.ok) throw linesUnavailable(placed.problems);
            return { order: placed.order, partIds: lines.map((line) => line.partId) };
          },
        );
        if (!replayed) for (const partId of body.partIds) catalogChanges.stockChanged(partId);
        if (!replayed) shopMetrics.ordersPlaced.inc({ route: 'checkout' });
        return { order: body.order, replayed };
      } catch (error) {
        if (error instanceof StockShort) throw linesUnavailable(await shortLines(lines));
        throw error;
      }
    },

    async reorder(user, orderId) {
      const row = await find(orderId);
      if (!(await accessTo(user, row)).see) throw new ForbiddenError();
      return cart.addLines(
        user.id,
        row.lines.map((line) => ({
          line: line.lineNumber,
          sku: line.sku,
          partId: line.partId,
          quantity: line.quantity,
          note: (_part, unitCents) =>
            unitCents === line.unitPriceCents
              ? undefined
              : messages.cart.priceChanged(toDollars(line.unitPriceCents), toDollars(unitCents)),
        })),
        { mode: 'add' },
      );
    },

    async expireStaleOrders() {
      let expired = 0;
      for (const status of ['unpaid', 'awaiting-approval'] as const) {
        const swept = await repository.expireHeld(status, cutoffOf(status));
        for (const partId of swept.partIds) catalogChanges.stockChanged(partId);
        expired += swept.expired;
      }
      await deleteExpiredIdempotencyKeys(db);
      return expired;
    },

    async listOwnOrders(user, email, page) {
      if (email !== undefined && normalizeEmail(email) !== normalizeEmail(user.email))
        throw new ForbiddenError();
      const membership = await membershipOf(user);
      return mapPage(
        await repository.listForCustomer({ userId: user.id, companyId: membership?.companyId ?? null }, page),
      );
    },

    async listAwaitingApproval(user, page) {
      const membership = await membershipOf(user);
      if (!membership) throw new NotFoundError(messages.companies.notInCompany);
      if (!managesCompany(membership.role)) throw new ForbiddenError(messages.companies.managersOnly);
      return mapPage(await repository.listAwaitingApproval(membership.companyId, page));
    },

    async approveOrder(user, orderId) {
      const row = await findApprovable(user, orderId);
      if (row.status !== 'awaiting-approval') return notAwaiting(row);
      if (row.paymentMethod === 'account' && row.companyId !== null) {
        // On account (docs/requirements.md §15): the credit again under the company's lock, then pending and invoiced.
        const companyId = row.companyId;
        const approved = await db.transaction(async (transaction) => {
          const tx = transaction as unknown as AppDatabase;
          if (
            !(await repository.approve(row.id, user.name, approvalCutoff(), undefined, {
              on: tx,
              to: 'pending',
            }))
          )
            return false;
          await acceptOnAccount(
            tx,
            { ...row, companyId },
            { ...viewOf(row, row.lines), id: row.id, userId: row.userId, email: row.email },
            new Date(),
          );
          return true;
        });
        if (!approved) return notAwaiting(row);
        return toOrder(await find(row.id), holdTimes);
      }
      const approvedAt = new Date();
      const mail = mailer?.approved(row, user.name, holdEnd(approvedAt));
      if (!(await repository.approve(row.id, user.name, approvalCutoff(), mail))) return notAwaiting(row);
      return toOrder(await find(row.id), holdTimes);
    },

    async rejectOrder(user, orderId, reason) {
      const row = await findApprovable(user, orderId);
      if (row.status !== 'awaiting-approval' || row.createdAt < approvalCutoff()) return notAwaiting(row);
      const restocked = await repository.withdraw(row.id, {
        from: ['awaiting-approval'],
        to: 'rejected',
        actor: user.name,
        userId: user.id,
        note: reason,
        ...(mailer ? { mail: mailer.rejected(row, user.name, reason) } : {}),
      });
      if (!restocked) return notAwaiting(row);
      for (const partId of restocked) catalogChanges.stockChanged(partId);
      return toOrder(await find(row.id), holdTimes);
    },

    async *exportOrders(filters, chunkSize = EXPORT_CHUNK_ROWS) {
      let cursor: OrderCursor | undefined;
      do {
        const chunk = await repository.exportChunk(filters, cursor, chunkSize);
        if (chunk.rows.length > 0) yield chunk.rows;
        cursor = chunk.rows.length < chunkSize ? undefined : chunk.cursor;
      } while (cursor);
    },

    async listAllOrders(page, filters) {
      return mapPage(await repository.listAll(page, filters));
    },

    async getOrder(user, id) {
      const row = await find(id);
      if (!(await accessTo(user, row)).see) throw new ForbiddenError();
      return toOrder(row, holdTimes);
    },

    async cancelOrder(user, id) {
      const row = await findActionable(user, id);
      const restocked =
        row.status === 'unpaid' || row.status === 'awaiting-approval'
          ? await repository.withdraw(id, {
              from: ['unpaid', 'awaiting-approval'],
              to: 'cancelled',
              actor: user.name,
              userId: user.id,
            })
          : null;
      if (!restocked) {
        const current = (await repository.findById(id))?.status ?? row.status;
        throw illegal(current, 'cancelled');
      }
      for (const partId of restocked) catalogChanges.stockChanged(partId);
      return { deletedCount: 1, productName: toOrder(row, holdTimes).productName };
    },

    async createPaymentIntent(user, orderId) {
      const row = await currentRow(await findActionableRow(user, orderId));
      if (row.status === 'awaiting-approval')
        throw new ConflictError(messages.companies.approvalNotPayable, apiErrorCodes.awaitingApproval);
      if (row.status !== 'unpaid')
        throw notPayable(
          row.status === 'cancelled' || row.status === 'expired' || row.status === 'rejected'
            ? messages.payment.notPayable
            : messages.payment.alreadyPaid,
        );
      if (row.totalCents > MAX_CARD_PAYMENT_CENTS) throw tooLargeForCard();
      const intent = await payments.createPaymentIntent({
        orderId: row.id,
        amountCents: row.totalCents,
        currency: 'usd',
        idempotencyKey: paymentIdempotencyKey(row.id, row.totalCents),
      });
      await repository.setPaymentIntent(row.id, intent.id);
      return { clientSecret: intent.clientSecret };
    },

    async confirmPayment(user, orderId, transactionId) {
      const head = await currentRow(await findActionableRow(user, orderId));
      if (head.status === 'awaiting-approval')
        throw new ConflictError(messages.companies.approvalNotPayable, apiErrorCodes.awaitingApproval);
      if (head.status !== 'unpaid' && head.transactionId === transactionId) return { modifiedCount: 0 };
      // The order with its lines, for the receipt.
      const row = await find(head.id);
      const intent = await payments.retrievePaymentIntent(transactionId);
      if (!succeededFor(row, intent)) {
        if (row.status !== 'unpaid') throw illegal(row.status, 'pending');
        throw new ConflictError(messages.payment.notConfirmed);
      }
      if (row.status === 'unpaid' && intent.amountCents === row.totalCents) {
        const paid = await repository.markPaid(row, intent.id, user.name);
        if (paid) {
          shopMetrics.payments.inc({ outcome: 'paid', source: 'customer' });
          return { modifiedCount: 1 };
        }
      }
      const now = await find(orderId);
      if (now.transactionId === transactionId) return { modifiedCount: 0 };
      if (intent.amountCents !== row.totalCents) throw new ConflictError(messages.payment.notConfirmed);
      // The money arrived for an order that was cancelled, expired or paid another way: give it back.
      const refunded = await refund(now, intent);
      shopMetrics.payments.inc({ outcome: 'refunded', source: 'customer' });
      throw notPayable(messages.payment.refunded(toDollars(refunded)));
    },

    async applyPaymentEvent(provider, { id, type, intent, payload }) {
      const orderId = intent?.orderId;
      const found = isId(orderId) ? await repository.findById(orderId) : undefined;
      const row = found ? await current(found) : undefined;
      const succeeded =
        row !== undefined &&
        type === 'payment_intent.succeeded' &&
        succeededFor(row, intent) &&
        intent.amountCents === row.totalCents;
      const pays = succeeded && row.status === 'unpaid';
      const { recorded, paid } = await repository.recordPaymentEvent(
        { provider, eventId: id, type, orderId: row?.id ?? null, payload },
        pays ? { order: row, transactionId: intent!.id } : undefined,
      );
      if (paid) shopMetrics.payments.inc({ outcome: 'paid', source: 'webhook' });
      // Paid by this event: nothing to give back. Otherwise the money may have come for an order no longer payable.
      if (recorded && succeeded && !paid) {
        const now = await find(row.id);
        if (now.transactionId !== intent!.id) {
          await refund(now, intent!);
          shopMetrics.payments.inc({ outcome: 'refunded', source: 'webhook' });
        }
      }
      return { duplicate: !recorded };
    },

    async markShipped(actor, orderId, { carrier, trackingNumber } = {}) {
      // Mark as shipped is one shipment of every unit left (docs/requirements.md §16).
      const row = await find(orderId);
      const shipped = await repository.ship(row.id, actor.name, {
        lines: 'rest',
        carrier: carrier || '',
        trackingNumber: trackingNumber || null,
      });
      if (!shipped.ok) {
        const current = (await repository.findById(orderId))?.status ?? row.status;
        throw illegal(current, 'shipped');
      }
      return toOrder(await find(orderId), holdTimes);
    },

    async createShipment(actor, orderId, input) {
      const row = await find(orderId);
      const shipped = await repository.ship(row.id, actor.name, {
        lines: input.lines.map((line) => ({ lineId: line.lineId.toLowerCase(), quantity: line.quantity })),
        carrier: input.carrier,
        trackingNumber: input.trackingNumber || null,
      });
      if (!shipped.ok) {
        if (shipped.reason === 'not-found') throw new NotFoundError(messages.orders.notFound);
        if (shipped.reason === 'unknown-line')
          throw new HttpError(400, messages.shippingPages.lineNotInOrder, apiErrorCodes.validationFailed);
        if (shipped.reason === 'over')
          throw new ConflictError(
            messages.shippingPages.overShipped(shipped.sku, shipped.left),
            apiErrorCodes.overShipment,
          );
        throw new ConflictError(
          shipped.status === 'shipped'
            ? messages.shippingPages.nothingToShip
            : messages.shippingPages.notShippable(shipped.status),
        );
      }
      const order = toOrder(await find(row.id), holdTimes);
      return order.shipments.find((shipment) => shipment._id === shipped.shipmentId)!;
    },

    async shipmentOf(orderId, shipmentId) {
      const order = toOrder(await find(orderId), holdTimes);
      const shipment = order.shipments.find((candidate) => candidate._id === shipmentId);
      if (!shipment) throw new NotFoundError(messages.shippingPages.shipmentNotFound);
      return { order, shipment };
    },
  };
}
