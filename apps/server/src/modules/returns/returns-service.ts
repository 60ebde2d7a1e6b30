/**
 * Returns with RMA numbers (docs/requirements.md §17 "Returns"): a buyer asks to send back shipped units, an admin
 * approves (the buyer is mailed the RMA number and where to send the parts) or rejects, then receives the parts:
 * resellable units go back into stock, the order lines' returned quantities grow, and the credit memo is issued in
 * the same transaction and settled (refunded or credited) after it commits. The rules live here; the tables in
 * returns-repository.ts, the orders' side in the orders module (lockOrderForReturn and its neighbours).
 */
import { returnMessages } from '@partsforge/shared/return-messages';
import {
  apiErrorCodes,
  formatReturnNumber,
  isId,
  toDollars,
  type CreateReturnInput,
  type PageQuery,
  type ReceiveReturnInput,
  type Return,
  type ReturnReasonValue,
} from '@partsforge/shared';
import type { AppDatabase } from '../../db/connect.js';
import type { ReturnCondition, ReturnStatus } from '../../db/schema/index.js';
import { ConflictError, HttpError, NotFoundError } from '../../lib/http-errors.js';
import type { Page } from '../../lib/page.js';
import { findMembership, holdsOrder } from '../companies/index.js';
import type { CatalogChanges } from '../catalog/index.js';
import type { AuthUser } from '../identity/index.js';
import { changeStock } from '../inventory/index.js';
import { returnApprovedMail, returnRejectedMail, type MailService } from '../mail/index.js';
import {
  addReturnedUnits,
  lockOrderForReturn,
  recordReturnEvent,
  returnOrderFacts,
  type ReturnableLine,
  type ReturnOrderFacts,
} from '../orders/index.js';
import {
  findReturn,
  insertReturn,
  listAllReturns,
  listCustomerReturns,
  lockReturn,
  openReturnUnits,
  recordReceived,
  updateReturn,
  type StoredReturn,
} from './returns-repository.js';

const DAY_MS = 86_400_000;

/**
 * The credit of a received return, given by the credit-memos module (app.ts passes it in): `issueCreditMemo` in the
 * receiving transaction (prices, tax share, core deposits, restocking fee; answers the memo's id, number and total
 * in cents), and `settleCreditMemo` after it commits (refunds a card order idempotently; an account order's credit
 * shows on its statement).
 */
export interface ReturnCredit {
  issueCreditMemo(
    tx: AppDatabase,
    input: {
      orderId: string;
      returnId: string;
      lines: { orderLineId: string; quantity: number; reason: ReturnReasonValue }[];
      actorId: string;
      /** The receiving admin's name for the order's timeline. */
      actorName?: string | null;
    },
  ): Promise<{ id: string; number: string; totalCents: number }>;
  settleCreditMemo(memoId: string): Promise<unknown>;
}

export interface ReturnServiceOptions {
  db: AppDatabase;
  mail: Pick<MailService, 'queue' | 'linkOrigin'>;
  shopName: string;
  /** Where approved returns are sent (the shop's address), one entry per line. */
  returnAddress: readonly string[];
  /** RETURN_DAYS and CORE_RETURN_DAYS. */
  returnDays: number;
  coreReturnDays: number;
  /** The credit memos of received returns; without it a received return stays `received`. */
  credit?: ReturnCredit | undefined;
  /** Told of every part whose stock a receipt put back, after it commits (cards and search show the new stock). */
  catalogChanges?: Pick<CatalogChanges, 'stockChanged'> | undefined;
  /** Reports a settlement that failed after the receipt committed (it is retried by receiving the return again). */
  onSettleError?: (error: unknown, memoId: string) => void;
  /** The clock the return windows are counted on. */
  now?: () => Date;
}

/** Return use cases, for the routes (docs/requirements.md §17 "Returns"). */
export interface ReturnService {
  /** `POST /returns`: 404 unknown order or not the caller's; 400 a line not of the order; 409 per refused line. */
  create(user: AuthUser, input: CreateReturnInput): Promise<Return>;
  /** `GET /returns`: the caller's returns and their company's, newest first. */
  listForCustomer(user: AuthUser, page: PageQuery): Promise<Page<Return>>;
  /** `GET /returns/{id}`: 404 unknown or someone else's. */
  getForCustomer(user: AuthUser, id: string): Promise<Return>;
  /** `GET /admin/returns`: every return, newest first, or those in `status`. */
  listAll(query: { status?: ReturnStatus | undefined } & PageQuery): Promise<Page<Return>>;
  /** `GET /admin/returns/{id}`: 404 unknown. */
  getForAdmin(id: string): Promise<Return>;
  /** `POST /admin/returns/{id}/approve`: requested -> approved, mails the buyer; 409 otherwise. */
  approve(actor: AuthUser, id: string): Promise<Return>;
  /** `POST /admin/returns/{id}/reject`: requested or approved -> rejected with `reason`, mailed to the buyer; 409 otherwise. */
  reject(actor: AuthUser, id: string, reason: string): Promise<Return>;
  /**
   * `POST /admin/returns/{id}/receive`: approved -> received (and credited); 400 bad lines, 409 otherwise. On a
   * `credited` return it settles its memo again (a refund the provider refused is retried; one already made is not
   * made twice) and answers the return as it is, whatever the lines say.
   */
  receive(actor: AuthUser, id: string, input: ReceiveReturnInput): Promise<Return>;
}

/**
 * Units of `line` still within `days` of the shipments that sent them at `now`, taking the units already returned
 * or asked for (`claimed`) from the oldest shipments first.
 */
function unitsInWindow(line: ReturnableLine, claimed: number, days: number, now: Date): number {
  const cutoff = now.getTime() - days * DAY_MS;
  let toSkip = claimed;
  let inWindow = 0;
  for (const shipment of line.shipments) {
    const skipped = Math.min(toSkip, shipment.quantity);
    toSkip -= skipped;
    if (shipment.shippedAt.getTime() >= cutoff) inWindow += shipment.quantity - skipped;
  }
  return inWindow;
}

export function createReturnService({
  db,
  mail,
  shopName,
  returnAddress,
  returnDays,
  coreReturnDays,
  credit,
  catalogChanges,
  onSettleError,
  now = () => new Date(),
}: ReturnServiceOptions): ReturnService {
  const transaction = <T>(work: (tx: AppDatabase) => Promise<T>) =>
    db.transaction((tx) => work(tx as unknown as AppDatabase));

  function toReturn(row: StoredReturn, facts: ReturnOrderFacts | undefined): Return {
    const order = facts?.lines;
    const position = new Map([...(order?.keys() ?? [])].map((id, index) => [id, index]));
    const lines = [...row.lines].sort(
      (a, b) => (position.get(a.orderLineId) ?? 0) - (position.get(b.orderLineId) ?? 0),
    );
    return {
      _id: row.id,
      number: formatReturnNumber(row.number),
      status: row.status,
      orderId: row.orderId,
      orderNumber: facts?.number ?? '',
      customer: { name: facts?.customerName ?? '', email: facts?.email ?? '' },
      lines: lines.map((line) => {
        const of = order?.get(line.orderLineId);
        return {
          lineId: line.orderLineId,
          sku: of?.sku ?? '',
          name: of?.name ?? '',
          unitPrice: toDollars(of?.unitPriceCents ?? 0),
          quantity: line.quantity,
          reason: line.reason,
          receivedQuantity: line.receivedQuantity,
          condition: line.condition,
        };
      }),
      note: row.note,
      rejectReason: row.rejectReason,
      createdAt: row.createdAt.toISOString(),
      approvedAt: row.approvedAt?.toISOString() ?? null,
      rejectedAt: row.rejectedAt?.toISOString() ?? null,
      receivedAt: row.receivedAt?.toISOString() ?? null,
      sendTo: row.approvedAt === null || row.status === 'rejected' ? null : [shopName, ...returnAddress],
      creditMemo:
        row.creditMemoNumber === null
          ? null
          : { number: row.creditMemoNumber, total: toDollars(row.creditCents ?? 0) },
    };
  }

  async function answer(rows: StoredReturn[], on: AppDatabase = db): Promise<Return[]> {
    const facts = await returnOrderFacts(
      on,
      rows.map((row) => row.orderId),
    );
    return rows.map((row) => toReturn(row, facts.get(row.orderId)));
  }

  const one = async (row: StoredReturn, on: AppDatabase = db) => (await answer([row], on))[0]!;

  async function find(id: string): Promise<StoredReturn> {
    const row = isId(id) ? await findReturn(db, id.toLowerCase()) : undefined;
    if (!row) throw new NotFoundError(returnMessages.notFound);
    return row;
  }

  /** The return `id` locked in `tx` when its status is one of `from`; 404 unknown, 409 (RETURN_STATUS) otherwise. */
  async function lockIn(tx: AppDatabase, id: string, from: readonly ReturnStatus[], action: string) {
    const row = isId(id) ? await lockReturn(tx, id.toLowerCase()) : undefined;
    if (!row) throw new NotFoundError(returnMessages.notFound);
    if (!from.includes(row.status))
      throw new ConflictError(returnMessages.notInStatus(row.status, action), apiErrorCodes.returnStatus);
    return row;
  }

  /** Settles memo `memoId` after its transaction; a failure is reported, and receiving the return again retries it. */
  async function settle(memoId: string): Promise<void> {
    try {
      await credit?.settleCreditMemo(memoId);
    } catch (error) {
      onSettleError?.(error, memoId);
    }
  }

  const refuse = (message: string, code: (typeof apiErrorCodes)[keyof typeof apiErrorCodes]) =>
    new ConflictError(message, code);

  /** Checks every asked line against what shipped, came back, is asked in open returns, the windows and cores. */
  function checkLines(
    lines: ReturnableLine[],
    asked: CreateReturnInput['lines'],
    open: ReadonlyMap<string, number>,
  ): void {
    const byId = new Map(lines.map((line) => [line.id, line]));
    const at = now();
    for (const { lineId, quantity, reason } of asked) {
      const line = byId.get(lineId.toLowerCase());
      if (!line) throw new HttpError(400, returnMessages.lineNotInOrder, apiErrorCodes.validationFailed);
      if (line.shippedQuantity === 0)
        throw refuse(returnMessages.notShipped(line.sku), apiErrorCodes.returnNotShipped);
      const core = reason === 'core';
      if (core && line.coreChargeCents === 0)
        throw refuse(returnMessages.noCoreCharge(line.sku), apiErrorCodes.returnNoCoreCharge);
      const claimed = line.returnedQuantity + (open.get(line.id) ?? 0);
      const left = Math.max(line.shippedQuantity - claimed, 0);
      if (quantity > left) throw refuse(returnMessages.tooMany(line.sku, left), apiErrorCodes.returnTooMany);
      const days = core ? coreReturnDays : returnDays;
      if (quantity > unitsInWindow(line, claimed, days, at))
        throw refuse(returnMessages.windowClosed(line.sku, days, core), apiErrorCodes.returnWindowClosed);
    }
  }

  return {
    async create(user, input) {
      const orderId = input.orderId.toLowerCase();
      if (!isId(orderId)) throw new NotFoundError(returnMessages.orderNotFound);
      const membership = await findMembership(db, user.id);
      return transaction(async (tx) => {
        const order = await lockOrderForReturn(tx, orderId);
        if (!order || !(await holdsOrder(tx, user.id, order, membership)))
          throw new NotFoundError(returnMessages.orderNotFound);
        const open = await openReturnUnits(
          tx,
          order.lines.map((line) => line.id),
        );
        checkLines(order.lines, input.lines, open);
        const created = await insertReturn(tx, {
          orderId: order.id,
          userId: user.id,
          companyId: order.companyId,
          note: input.note || null,
          lines: input.lines.map((line) => ({ ...line, orderLineId: line.lineId.toLowerCase() })),
        });
        const number = formatReturnNumber(created.number);
        await recordReturnEvent(tx, order.id, user.name, `Return ${number} requested`);
        return one(created, tx);
      });
    },

    async listForCustomer(user, paging) {
      const membership = await findMembership(db, user.id);
      const page = await listCustomerReturns(
        db,
        { userId: user.id, companyId: membership?.companyId ?? null },
        paging,
      );
      return { items: await answer(page.items), total: page.total };
    },

    async getForCustomer(user, id) {
      const row = await find(id).catch(() => null);
      if (!row || !(await holdsOrder(db, user.id, row))) throw new NotFoundError(returnMessages.notFound);
      return one(row);
    },

    async listAll({ status, limit, offset }) {
      const page = await listAllReturns(db, status, { limit, offset });
      return { items: await answer(page.items), total: page.total };
    },

    async getForAdmin(id) {
      return one(await find(id));
    },

    async approve(actor, id) {
      const found = await find(id);
      return transaction(async (tx) => {
        await lockOrderForReturn(tx, found.orderId);
        const row = await lockIn(tx, found.id, ['requested'], 'approved');
        await updateReturn(tx, row.id, { status: 'approved', approvedAt: now() });
        const approved = (await findReturn(tx, row.id))!;
        const answered = await one(approved, tx);
        await recordReturnEvent(tx, row.orderId, actor.name, `Return ${answered.number} approved`);
        await mail.queue(tx, {
          kind: 'return-approved',
          to: answered.customer.email,
          orderId: row.orderId,
          userId: row.userId,
          ...returnApprovedMail({
            shopName,
            customerName: answered.customer.name,
            returnNumber: answered.number,
            orderNumber: answered.orderNumber,
            lines: answered.lines,
            sendTo: answered.sendTo ?? [],
            returnUrl: `${mail.linkOrigin}/dashboard/returns/${row.id}`,
          }),
        });
        return answered;
      });
    },

    async reject(actor, id, reason) {
      const found = await find(id);
      return transaction(async (tx) => {
        await lockOrderForReturn(tx, found.orderId);
        const row = await lockIn(tx, found.id, ['requested', 'approved'], 'rejected');
        await updateReturn(tx, row.id, { status: 'rejected', rejectedAt: now(), rejectReason: reason });
        const rejected = await one((await findReturn(tx, row.id))!, tx);
        await recordReturnEvent(tx, row.orderId, actor.name, `Return ${rejected.number} rejected: ${reason}`);
        await mail.queue(tx, {
          kind: 'return-rejected',
          to: rejected.customer.email,
          orderId: row.orderId,
          userId: row.userId,
          ...returnRejectedMail({
            shopName,
            customerName: rejected.customer.name,
            returnNumber: rejected.number,
            orderNumber: rejected.orderNumber,
            reason,
            returnUrl: `${mail.linkOrigin}/dashboard/returns/${row.id}`,
            wasApproved: row.status === 'approved',
          }),
        });
        return rejected;
      });
    },

    async receive(actor, id, input) {
      const found = await find(id);
      // `credited` is final: receiving it again only settles its memo again (a refused refund's retry).
      if (found.status === 'credited' && found.creditMemoId !== null) {
        await settle(found.creditMemoId);
        return one(found);
      }
      const outcome = await transaction(async (tx) => {
        // Every step locks the order first, then the return (a timeline entry needs the order row), so two steps on
        // one return, or a step and a new return of its order, queue instead of deadlocking.
        const order = await lockOrderForReturn(tx, found.orderId);
        const row = await lockIn(tx, found.id, ['approved'], 'received');
        const stored = (await findReturn(tx, row.id))!;
        const asked = new Map(stored.lines.map((line) => [line.orderLineId, line]));
        const received = new Map<string, { quantity: number; condition: ReturnCondition }>();
        for (const { lineId, quantity, condition } of input.lines) {
          const line = asked.get(lineId.toLowerCase());
          if (!line) throw new HttpError(400, returnMessages.lineNotInReturn, apiErrorCodes.validationFailed);
          const sku = order?.lines.find((candidate) => candidate.id === line.orderLineId)?.sku ?? '';
          if (quantity > line.quantity)
            throw new HttpError(
              400,
              returnMessages.overReceived(sku, line.quantity),
              apiErrorCodes.validationFailed,
            );
          received.set(line.orderLineId, { quantity, condition });
        }
        const units = new Map(
          [...received]
            .filter(([, line]) => line.quantity > 0)
            .map(([lineId, line]) => [lineId, line.quantity]),
        );
        if (units.size === 0)
          throw new HttpError(400, returnMessages.nothingReceived, apiErrorCodes.validationFailed);
        const number = formatReturnNumber(row.number);
        await recordReceived(tx, row.id, received);
        await addReturnedUnits(tx, row.orderId, units);
        // Resellable units go back on the shelf; a core is the buyer's old unit, never sold as new stock.
        const restock = new Map<string, number>();
        for (const [lineId, { quantity, condition }] of received) {
          const line = order?.lines.find((candidate) => candidate.id === lineId);
          if (condition !== 'resellable' || asked.get(lineId)!.reason === 'core' || !line?.partId) continue;
          restock.set(line.partId, (restock.get(line.partId) ?? 0) + quantity);
        }
        await changeStock(tx, restock, {
          reason: 'return',
          orderId: row.orderId,
          userId: actor.id,
          note: number,
        });
        const at = now();
        await updateReturn(tx, row.id, { status: 'received', receivedAt: at });
        const total = [...units.values()].reduce((sum, quantity) => sum + quantity, 0);
        await recordReturnEvent(
          tx,
          row.orderId,
          actor.name,
          `Return ${number} received: ${total} ${total === 1 ? 'unit' : 'units'}`,
        );
        const memo = await credit?.issueCreditMemo(tx, {
          orderId: row.orderId,
          returnId: row.id,
          lines: [...units].map(([orderLineId, quantity]) => ({
            orderLineId,
            quantity,
            reason: asked.get(orderLineId)!.reason,
          })),
          actorId: actor.id,
          actorName: actor.name,
        });
        if (memo)
          await updateReturn(tx, row.id, {
            status: 'credited',
            creditedAt: at,
            creditMemoId: memo.id,
            creditMemoNumber: memo.number,
            creditCents: memo.totalCents,
          });
        return {
          memo,
          restocked: [...restock.keys()],
          answer: await one((await findReturn(tx, row.id))!, tx),
        };
      });
      for (const partId of outcome.restocked) catalogChanges?.stockChanged(partId);
      if (outcome.memo) await settle(outcome.memo.id);
      return outcome.answer;
    },
  };
}
