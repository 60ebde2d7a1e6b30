/**
 * Reads and writes of the returns tables (docs/requirements.md §17 "Returns"): a return with its lines, the units
 * open returns still ask for, pages for the buyer and the admins, and the status steps. The only writer of
 * `returns` and `return_lines`. Money in integer cents.
 */
import { OPEN_RETURN_STATUSES } from '@partsforge/shared';
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import {
  returnLines,
  returns,
  type ReturnCondition,
  type ReturnLineRow,
  type ReturnReason,
  type ReturnRow,
  type ReturnStatus,
} from '../../db/schema/index.js';
import type { Page } from '../../lib/page.js';

/** A return row with its lines (in the order's line order as asked). */
export interface StoredReturn extends ReturnRow {
  lines: ReturnLineRow[];
}

/** A new return: its order, who asked (and the order's company), the note and the lines asked for. */
export interface NewReturn {
  orderId: string;
  userId: string;
  companyId: string | null;
  note: string | null;
  lines: { orderLineId: string; quantity: number; reason: ReturnReason }[];
}

/** The columns a status step writes. */
export type ReturnChange = Partial<
  Pick<
    ReturnRow,
    | 'status'
    | 'approvedAt'
    | 'rejectedAt'
    | 'rejectReason'
    | 'receivedAt'
    | 'creditedAt'
    | 'creditMemoId'
    | 'creditMemoNumber'
    | 'creditCents'
  >
>;

/** Attaches each return's lines (one read for all of `rows`). */
async function withLines(db: AppDatabase, rows: ReturnRow[]): Promise<StoredReturn[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(returnLines)
    .where(
      inArray(
        returnLines.returnId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({ ...row, lines: lines.filter((line) => line.returnId === row.id) }));
}

/**
 * Units of the order lines `lineIds` that open returns (requested, approved) ask for, by line id. Read after the
 * order row is locked, it sees every return of the order committed before.
 */
export async function openReturnUnits(
  tx: AppDatabase,
  lineIds: readonly string[],
): Promise<Map<string, number>> {
  if (lineIds.length === 0) return new Map();
  const rows = await tx
    .select({ lineId: returnLines.orderLineId, units: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(
      and(inArray(returnLines.orderLineId, [...lineIds]), inArray(returns.status, [...OPEN_RETURN_STATUSES])),
    )
    .groupBy(returnLines.orderLineId);
  return new Map(rows.map((row) => [row.lineId, Number(row.units)]));
}

/** Writes `input` as a new requested return with its lines, in `tx`; answers it. */
export async function insertReturn(tx: AppDatabase, input: NewReturn): Promise<StoredReturn> {
  const [row] = await tx
    .insert(returns)
    .values({ orderId: input.orderId, userId: input.userId, companyId: input.companyId, note: input.note })
    .returning();
  const lines = await tx
    .insert(returnLines)
    .values(input.lines.map((line) => ({ returnId: row!.id, ...line })))
    .returning();
  return { ...row!, lines };
}

/** The return `id` with its lines, or undefined. */
export async function findReturn(db: AppDatabase, id: string): Promise<StoredReturn | undefined> {
  const rows = await db.select().from(returns).where(eq(returns.id, id));
  return (await withLines(db, rows))[0];
}

/** The return `id` (no lines), its row locked until `tx` ends, or undefined. */
export async function lockReturn(tx: AppDatabase, id: string): Promise<ReturnRow | undefined> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select id from ${returns} where id = ${id} for update`,
  );
  if (!row) return undefined;
  const [locked] = await tx.select().from(returns).where(eq(returns.id, id));
  return locked;
}

/** Writes `change` to the return `id` in `tx`. */
export async function updateReturn(tx: AppDatabase, id: string, change: ReturnChange): Promise<void> {
  await tx.update(returns).set(change).where(eq(returns.id, id));
}

/** Sets the units received and their condition on the return's lines (`received`: line id -> units, condition). */
export async function recordReceived(
  tx: AppDatabase,
  returnId: string,
  received: ReadonlyMap<string, { quantity: number; condition: ReturnCondition }>,
): Promise<void> {
  for (const [lineId, { quantity, condition }] of received)
    await tx
      .update(returnLines)
      .set({ receivedQuantity: quantity, condition })
      .where(and(eq(returnLines.returnId, returnId), eq(returnLines.orderLineId, lineId)));
}

async function page(
  db: AppDatabase,
  where: SQL | undefined,
  { limit, offset }: { limit: number; offset: number },
): Promise<Page<StoredReturn>> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(returns)
      .where(where)
      .orderBy(desc(returns.createdAt), desc(returns.number))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(returns).where(where),
  ]);
  return { items: await withLines(db, rows), total: totals[0]?.value ?? 0 };
}

/**
 * A page of the returns a buyer sees, newest first: their own returns of orders of no company, and every return of
 * their company's orders (`companyId`, null: none).
 */
export function listCustomerReturns(
  db: AppDatabase,
  { userId, companyId }: { userId: string; companyId: string | null },
  paging: { limit: number; offset: number },
): Promise<Page<StoredReturn>> {
  const own = and(eq(returns.userId, userId), isNull(returns.companyId));
  return page(db, companyId === null ? own : or(eq(returns.companyId, companyId), own), paging);
}

/** A page of every return, newest first, or of those in `status`. */
export function listAllReturns(
  db: AppDatabase,
  status: ReturnStatus | undefined,
  paging: { limit: number; offset: number },
): Promise<Page<StoredReturn>> {
  return page(db, status === undefined ? undefined : eq(returns.status, status), paging);
}
