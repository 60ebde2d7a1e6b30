/**
 * Credit memos and refunds (docs/requirements.md §17 "Credit memos and refunds"; docs/decisions/028):
 *
 * - `issueCreditMemo(tx, …)` prices a received return's lines (credit-memo-amounts.ts), takes the memo's number and
 *   writes it in the caller's transaction (the returns module's receive), with the order's timeline entry and the
 *   buyer's mail (memo PDF attached at delivery). One memo per return: a retried receive gets the same memo back.
 * - `settleCreditMemo(memoId)`, after the memo's transaction commits: a card order's memo is refunded through the
 *   payment provider with an idempotency key per memo, then recorded once (memo's refund id, the order's
 *   `refunded_cents` and timeline), so settling again refunds nothing more; an account order's memo needs nothing:
 *   the company's statement counts it as a credit from its issue.
 * - Admins cancel and refund a paid order nothing of which has shipped (stock back, a memo of everything left), or
 *   give a goodwill credit against a line, up to what is left of it.
 *
 * Money: integer cents inside, dollars in answers.
 */
import { creditMemoMessages } from '@partsforge/shared/credit-memo-messages';
import {
  apiErrorCodes,
  formatMoney,
  formatOrderNumber,
  isId,
  toCents,
  toDollars,
  type CreditMemo,
  type GoodwillRefundInput,
} from '@partsforge/shared';
import type { AppDatabase } from '../../db/connect.js';
import { HttpError, NotFoundError } from '../../lib/http-errors.js';
import type { AuthUser } from '../identity/index.js';
import type { InvoiceSeller } from '../invoices/index.js';
import { creditMemoMail, type MailService } from '../mail/index.js';
import {
  cancelPaidOrder,
  findOrderForMemo,
  lockOrderForCredit,
  maySeeOrder,
  orderPagePath,
  recordOrderCredit,
  type CreditOrder,
} from '../orders/index.js';
import type { PaymentProvider } from '../payments/index.js';
import {
  cancelLines,
  goodwillLine,
  memoTotals,
  returnLine,
  type LineAsSold,
  type MemoLine,
  type MemoTotals,
} from './credit-memo-amounts.js';
import { renderCreditMemoPdf } from './credit-memo-pdf.js';
import {
  creditedOf,
  creditMemosOfOrder,
  findCreditMemo,
  insertCreditMemo,
  markRefunded,
  restockingFeePercent,
  type NewCreditMemo,
  type OrderCredited,
  type StoredCreditMemo,
} from './credit-memo-repository.js';

/** A return's reason for a line (docs/requirements.md §17 "Returns"). */
export type ReturnReason = 'core' | 'defective' | 'wrong-part' | 'not-needed';

/** What `issueCreditMemo` takes: the order, the return, its received lines and the admin receiving it. */
export interface ReturnCreditInput {
  orderId: string;
  returnId: string;
  lines: { orderLineId: string; quantity: number; reason: ReturnReason }[];
  actorId: string;
  /** The admin's name for the order's timeline (null: none). */
  actorName?: string | null;
}

/** A memo as the returns module keeps it: id, number and total in cents. */
export interface IssuedCreditMemo {
  id: string;
  number: string;
  totalCents: number;
}

/** Credit memo use cases; each throws HttpError subclasses the error handler answers with. */
export interface CreditMemoService {
  /**
   * Issues the memo of a received return inside `tx` (see the module's docstring); the memo of `returnId` when it
   * already has one. Throws 404 for an unknown order or a line not of it, 409 for an order not paid.
   */
  issueCreditMemo(tx: AppDatabase, input: ReturnCreditInput): Promise<IssuedCreditMemo>;
  /** Refunds a card order's memo once (idempotent); nothing for an account memo or one already refunded. */
  settleCreditMemo(memoId: string): Promise<void>;
  /**
   * Cancels the paid order `orderId` of which nothing has shipped, puts its stock back, and issues and settles a memo
   * of everything left to credit. 404 unknown order; 409 not paid, already shipped (partly) or cancelled.
   * Answers the memo and the parts whose stock changed.
   */
  cancelAndRefund(admin: AuthUser, orderId: string): Promise<{ memo: CreditMemo; restocked: string[] }>;
  /** A goodwill memo of `input.amount` dollars against one line, issued and settled. 409 (`refundable`) above what is left. */
  goodwillRefund(admin: AuthUser, orderId: string, input: GoodwillRefundInput): Promise<CreditMemo>;
  /**
   * The memos of `orderId` for whoever may see the order (maySeeOrder: an admin, the customer of an order of no company,
   * a current member of its company); 404 for anyone else.
   */
  memosOfOrder(user: AuthUser, orderId: string): Promise<CreditMemo[]>;
  /** The PDF of return `returnId`'s memo for the same callers; 404 before it is credited. */
  returnMemoPdf(user: AuthUser, returnId: string): Promise<{ number: string; pdf: Buffer }>;
  /** The PDF of memo `number` (admins). 404 unknown number. */
  memoPdf(number: string): Promise<{ number: string; pdf: Buffer }>;
}

export interface CreditMemoServiceOptions {
  db: AppDatabase;
  payments: PaymentProvider;
  mail: MailService;
  shopName: string;
  seller: InvoiceSeller;
  /** Told of a refund the provider refused or could not make (the memo stays to refund; see settleOrder). */
  onSettleError?: (error: unknown, memoId: string) => void;
}

/** A stored memo as answers carry it (dollars). */
export function toCreditMemo(memo: StoredCreditMemo): CreditMemo {
  return {
    _id: memo.id,
    number: memo.number,
    orderId: memo.orderId,
    returnId: memo.returnId,
    kind: memo.kind,
    settlement: memo.settlement,
    subtotal: toDollars(memo.subtotalCents),
    tax: toDollars(memo.taxCents),
    core: toDollars(memo.coreCents),
    shipping: toDollars(memo.shippingCents),
    restockingFee: toDollars(memo.restockingFeeCents),
    total: toDollars(memo.totalCents),
    note: memo.note,
    refundId: memo.refundId,
    refundedAt: memo.refundedAt?.toISOString() ?? null,
    createdAt: memo.createdAt.toISOString(),
    lines: memo.lines.map((line) => ({
      lineId: line.orderLineId,
      sku: line.sku,
      name: line.name,
      reason: line.reason,
      quantity: line.quantity,
      unitPrice: toDollars(line.unitPriceCents),
      amount: toDollars(line.amountCents),
      tax: toDollars(line.taxCents),
      core: toDollars(line.coreCents),
      restockingFee: toDollars(line.restockingFeeCents),
    })),
  };
}

/** The PDF of `memo`; null when its order is gone. */
async function memoPdfOf(
  db: AppDatabase,
  memo: StoredCreditMemo,
  seller: InvoiceSeller,
): Promise<Buffer | null> {
  const order = await findOrderForMemo(db, memo.orderId);
  return order ? renderCreditMemoPdf(memo, order, seller) : null;
}

/**
 * The memo `memoId` as an email attachment (the memo mail, docs/requirements.md §17): its PDF named after its number,
 * or null when there is no such memo. No access check: the caller sends it to the order's own address.
 */
export async function creditMemoAttachment(
  db: AppDatabase,
  memoId: string,
  seller: InvoiceSeller,
): Promise<{ filename: string; contentType: string; content: Buffer } | null> {
  const memo = isId(memoId) ? await findCreditMemo(db, { id: memoId }) : undefined;
  const pdf = memo ? await memoPdfOf(db, memo, seller) : null;
  return memo && pdf
    ? { filename: `${memo.number}.pdf`, contentType: 'application/pdf', content: pdf }
    : null;
}

/** The order's lines as sold with what earlier memos credited of each. */
function linesAsSold(order: CreditOrder, credited: OrderCredited): LineAsSold[] {
  return order.lines.map((line) => ({
    ...line,
    credited: credited.lines.get(line.id) ?? { amountCents: 0, taxCents: 0, coreCents: 0 },
  }));
}

const conflict = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(409, message, apiErrorCodes.conflict, undefined, extra);

/** Builds the service. */
export function createCreditMemoService({
  db,
  payments,
  mail,
  shopName,
  seller,
  onSettleError,
}: CreditMemoServiceOptions): CreditMemoService {
  /** The paid order `orderId`, locked, with what was credited of it; 404 unknown, 409 not paid. */
  async function paidOrder(tx: AppDatabase, orderId: string) {
    const order = isId(orderId) ? await lockOrderForCredit(tx, orderId) : undefined;
    if (!order) throw new NotFoundError(creditMemoMessages.orderNotFound);
    if (!order.paid) throw conflict(creditMemoMessages.notPaid);
    const credited = await creditedOf(tx, orderId);
    return { order, credited, lines: linesAsSold(order, credited) };
  }

  /** Writes memo `memo` of `order` in `tx` with its timeline entry and the buyer's mail. */
  async function issue(
    tx: AppDatabase,
    order: CreditOrder,
    memo: Omit<NewCreditMemo, 'orderId' | 'companyId' | 'settlement'>,
    actorName: string | null,
  ): Promise<IssuedCreditMemo> {
    const settlement = order.paymentMethod === 'account' ? 'account' : 'card';
    const { id, number } = await insertCreditMemo(tx, {
      ...memo,
      orderId: order.id,
      companyId: order.companyId,
      settlement,
    });
    const total = formatMoney(toDollars(memo.totals.totalCents));
    await recordOrderCredit(tx, order.id, {
      note:
        settlement === 'account'
          ? `Credit memo ${number}: ${total} credited to the account`
          : `Credit memo ${number}: ${total} to refund`,
      actorName,
    });
    await mail.queue(tx, {
      kind: 'credit-memo',
      to: order.email,
      orderId: order.id,
      userId: order.userId,
      attachments: [{ kind: 'credit-memo', orderId: order.id, memoId: id }],
      ...creditMemoMail({
        shopName,
        customerName: order.customerName,
        memoNumber: number,
        orderNumber: formatOrderNumber(order.number),
        totalCents: memo.totals.totalCents,
        settlement,
        orderUrl: `${mail.linkOrigin}${orderPagePath(order.id)}`,
      }),
    });
    return { id, number, totalCents: memo.totals.totalCents };
  }

  async function settleCreditMemo(memoId: string): Promise<void> {
    const memo = await findCreditMemo(db, { id: memoId });
    if (!memo || memo.settlement !== 'card' || memo.refundId !== null || memo.totalCents === 0) return;
    const order = await db.transaction((tx) =>
      lockOrderForCredit(tx as unknown as AppDatabase, memo.orderId),
    );
    if (!order?.paymentIntentId) return;
    // The key is the memo's: a retried settle (or receive) gets the provider's first refund back.
    const { id: refundId } = await payments.refund({
      paymentIntentId: order.paymentIntentId,
      amountCents: memo.totalCents,
      idempotencyKey: `credit-memo-${memo.id}`,
    });
    await db.transaction(async (tx) => {
      const executor = tx as unknown as AppDatabase;
      if (!(await markRefunded(executor, memo.id, refundId))) return;
      await recordOrderCredit(executor, memo.orderId, {
        note: `Credit memo ${memo.number} refunded`,
        actorName: null,
        refundedCents: memo.totalCents,
      });
    });
  }

  /**
   * Settles every card memo of `orderId` not refunded yet, the one just issued and any whose refund failed before
   * (so an admin's next refund on the order retries it); a refund that fails again is reported to onSettleError and
   * its memo stays "to refund".
   */
  async function settleOrder(orderId: string): Promise<void> {
    for (const memo of await creditMemosOfOrder(db, orderId)) {
      if (memo.settlement !== 'card' || memo.refundId !== null || memo.totalCents === 0) continue;
      try {
        await settleCreditMemo(memo.id);
      } catch (error) {
        onSettleError?.(error, memo.id);
      }
    }
  }

  async function storedAnswer(memoId: string): Promise<CreditMemo> {
    return toCreditMemo((await findCreditMemo(db, { id: memoId }))!);
  }

  async function pdfOf(memo: StoredCreditMemo): Promise<{ number: string; pdf: Buffer }> {
    const pdf = await memoPdfOf(db, memo, seller);
    if (!pdf) throw new NotFoundError(creditMemoMessages.notFound);
    return { number: memo.number, pdf };
  }

  return {
    async issueCreditMemo(tx, input) {
      const before = await findCreditMemo(tx, { returnId: input.returnId });
      if (before) return { id: before.id, number: before.number, totalCents: before.totalCents };
      const { order, credited, lines } = await paidOrder(tx, input.orderId);
      const percent = await restockingFeePercent(tx);
      let taxLeft = Math.max(0, order.taxCents - credited.taxCents);
      const memoLines: MemoLine[] = [];
      for (const asked of input.lines) {
        const line = lines.find((candidate) => candidate.id === asked.orderLineId);
        if (!line) throw new NotFoundError(creditMemoMessages.lineNotInOrder);
        const priced = returnLine(line, asked.quantity, asked.reason, {
          rateMilliPercent: order.taxRateMilliPercent,
          restockingFeePercent: percent,
          taxLeft,
        });
        taxLeft -= priced.taxCents;
        memoLines.push(priced);
      }
      return issue(
        tx,
        order,
        {
          returnId: input.returnId,
          kind: 'return',
          totals: memoTotals(memoLines),
          lines: memoLines,
          note: null,
          actorId: input.actorId,
        },
        input.actorName ?? null,
      );
    },

    settleCreditMemo,

    async cancelAndRefund(admin, orderId) {
      const outcome = await db.transaction(async (tx) => {
        const executor = tx as unknown as AppDatabase;
        const { order, credited, lines } = await paidOrder(executor, orderId);
        const restocked = await cancelPaidOrder(executor, order.id, admin);
        if (!restocked) throw conflict(creditMemoMessages.notCancellable);
        const memoLines = cancelLines(lines, order.taxRateMilliPercent);
        // Everything left: the lines, all the tax not yet credited (the shipping's too) and the delivery.
        const totals: MemoTotals = memoTotals(memoLines, {
          shippingCents: Math.max(0, order.shippingCents - credited.shippingCents),
          taxCents: Math.max(0, order.taxCents - credited.taxCents),
        });
        const memo = await issue(
          executor,
          order,
          { returnId: null, kind: 'cancel', totals, lines: memoLines, note: null, actorId: admin.id },
          admin.name,
        );
        return { memo, restocked };
      });
      await settleOrder(orderId);
      return { memo: await storedAnswer(outcome.memo.id), restocked: outcome.restocked };
    },

    async goodwillRefund(admin, orderId, input) {
      const memo = await db.transaction(async (tx) => {
        const executor = tx as unknown as AppDatabase;
        const { order, lines } = await paidOrder(executor, orderId);
        const line = lines.find((candidate) => candidate.id === input.lineId);
        if (!line) throw new NotFoundError(creditMemoMessages.lineNotInOrder);
        const priced = goodwillLine(line, toCents(input.amount), order.taxRateMilliPercent);
        if (!priced.line) {
          const refundable = toDollars(priced.leftCents);
          throw conflict(creditMemoMessages.tooMuch(formatMoney(refundable)), { refundable });
        }
        return issue(
          executor,
          order,
          {
            returnId: null,
            kind: 'goodwill',
            totals: memoTotals([priced.line]),
            lines: [priced.line],
            note: input.reason,
            actorId: admin.id,
          },
          admin.name,
        );
      });
      await settleOrder(orderId);
      return storedAnswer(memo.id);
    },

    async memosOfOrder(user, orderId) {
      const owner = isId(orderId) ? await findOrderForMemo(db, orderId) : undefined;
      if (!owner || !(await maySeeOrder(db, user, owner)))
        throw new NotFoundError(creditMemoMessages.orderNotFound);
      return (await creditMemosOfOrder(db, orderId)).map(toCreditMemo);
    },

    async returnMemoPdf(user, returnId) {
      const memo = isId(returnId) ? await findCreditMemo(db, { returnId }) : undefined;
      const owner = memo ? await findOrderForMemo(db, memo.orderId) : undefined;
      if (!memo || !owner || !(await maySeeOrder(db, user, owner)))
        throw new NotFoundError(creditMemoMessages.notFound);
      return pdfOf(memo);
    },

    async memoPdf(number) {
      const memo = await findCreditMemo(db, { number });
      if (!memo) throw new NotFoundError(creditMemoMessages.notFound);
      return pdfOf(memo);
    },
  };
}
