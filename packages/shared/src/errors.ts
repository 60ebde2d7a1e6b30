/** Error body of every failed API call (docs/design.md "API"): `{ message, code?, errors? }`. */
import { z } from 'zod';

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  /** Field messages of a 400, keyed by field path. */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The 409 STOCK_CHANGED body of `PUT /parts/{id}`: the error and the part's stock now. */
export const stockChangedErrorSchema = apiErrorSchema.extend({ available: z.number().int() });
export type StockChangedError = z.infer<typeof stockChangedErrorSchema>;

/** Machine-readable `code` values of API errors; clients branch on these, never on message texts. */
export const apiErrorCodes = {
  validationFailed: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  rateLimited: 'RATE_LIMITED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  /** 409 of a part write whose SKU another part already has (`errors.sku` holds the message). */
  skuTaken: 'SKU_TAKEN',
  databaseUnavailable: 'DATABASE_UNAVAILABLE',
  warmingUp: 'WARMING_UP',
  /** GET /readyz of a process draining after SIGTERM (503). */
  shuttingDown: 'SHUTTING_DOWN',
  /** GET /readyz of a process whose database schema is not at its build's latest migration (503). */
  schemaMismatch: 'SCHEMA_MISMATCH',
  notPackMultiple: 'NOT_PACK_MULTIPLE',
  /** A statement or a wait for a database connection took too long (503, retry later). */
  busy: 'SERVICE_BUSY',
  /** A string holds a NUL character or an unpaired UTF-16 surrogate. */
  invalidText: 'INVALID_TEXT',
  /** A JSON body nested deeper than the API accepts. */
  jsonTooDeep: 'JSON_TOO_DEEP',
  /** The customer holds the most unpaid orders allowed (409). */
  tooManyUnpaidOrders: 'TOO_MANY_UNPAID_ORDERS',
  /** An Idempotency-Key sent again with another request (422). */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** An approval or rejection of an order that is not awaiting approval (409; docs/requirements.md §14). */
  notAwaitingApproval: 'NOT_AWAITING_APPROVAL',
  /** An account checkout for a company whose terms are not net (409; docs/requirements.md §15). */
  termsRequired: 'TERMS_REQUIRED',
  /** An account checkout above the company's available credit (409, with `available` in dollars). */
  creditLimitExceeded: 'CREDIT_LIMIT_EXCEEDED',
  /** An account checkout while one of the company's invoices is past due (409). */
  accountOverdue: 'ACCOUNT_OVERDUE',
  /** A payment above an invoice's balance (409). */
  overpayment: 'OVERPAYMENT',
  /** A price level still given to a company, left out of `PUT /admin/price-levels` (409). */
  levelInUse: 'LEVEL_IN_USE',
  /** A superseded part added to a cart: the message names its replacement (409; docs/requirements.md §17). */
  partSuperseded: 'PART_SUPERSEDED',
  /** Payment of an order that waits for approval (409). */
  awaitingApproval: 'AWAITING_APPROVAL',
  /** The order cannot be paid any more: cancelled, expired or already paid (409). */
  orderNotPayable: 'ORDER_NOT_PAYABLE',
  /** The order's total is above what one card payment may take (409). */
  amountTooLargeForCard: 'AMOUNT_TOO_LARGE_FOR_CARD',
  /** Checkout of an empty cart (400). */
  cartEmpty: 'CART_EMPTY',
  /** A cart already holding MAX_CART_LINES lines (409). */
  cartFull: 'CART_FULL',
  /** Checkout found lines that cannot be had as they are (409, with `lines`). */
  linesUnavailable: 'LINES_UNAVAILABLE',
  /** POST /checkout: the shippingMethod given is not offered for the cart and its destination (§16). */
  shippingMethodUnavailable: 'SHIPPING_METHOD_UNAVAILABLE',
  /** POST /admin/orders/{id}/shipments: a quantity above what is left of its line (§16). */
  overShipment: 'OVER_SHIPMENT',
  /** A catalogue import whose file has errors (400, with the import report; nothing written). */
  importInvalid: 'IMPORT_INVALID',
  /** A stock adjustment that would leave a part below 0 in stock (400; docs/requirements.md §13). */
  stockBelowZero: 'STOCK_BELOW_ZERO',
  /**
   * An Edit Product save whose stock moved since the form was opened (409, with the current `available`; nothing
   * saved; docs/requirements.md §13).
   */
  stockChanged: 'STOCK_CHANGED',
  /** An admin removing their own admin role (400; docs/requirements.md §13). */
  cannotDemoteSelf: 'CANNOT_DEMOTE_SELF',
  /** A reset or verification link that is invalid or already used (400; docs/requirements.md §13). */
  invalidToken: 'INVALID_TOKEN',
  /** A verification link past its lifetime (400; docs/requirements.md §13). */
  tokenExpired: 'TOKEN_EXPIRED',
  /** "Send a new link" for an address that is already verified (400). */
  emailAlreadyVerified: 'EMAIL_ALREADY_VERIFIED',
  /** POST /returns (409; docs/requirements.md §17 "Returns"): a line with no unit shipped yet. */
  returnNotShipped: 'RETURN_NOT_SHIPPED',
  /** More units than shipped less those returned or asked for in open returns (409). */
  returnTooMany: 'RETURN_TOO_MANY',
  /** Past RETURN_DAYS (cores: CORE_RETURN_DAYS) from the shipment of the units (409). */
  returnWindowClosed: 'RETURN_WINDOW_CLOSED',
  /** Reason `core` on a line sold without a core charge (409). */
  returnNoCoreCharge: 'RETURN_NO_CORE_CHARGE',
  /** An admin's step on a return in a status that does not allow it (409). */
  returnStatus: 'RETURN_STATUS',
  internal: 'INTERNAL_ERROR',
} as const;
export type ApiErrorCode = (typeof apiErrorCodes)[keyof typeof apiErrorCodes];
