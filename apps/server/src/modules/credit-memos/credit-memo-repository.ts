/**
 * Credit memo storage (docs/requirements.md §17 "Credit memos and refunds"; docs/decisions/028): issuing a memo with
 * the next number of the year, reading memos and what earlier memos credited of an order, recording a memo's
 * refund once, and the returns settings. Numbers come from one counter row per year taken with an upsert in the
 * memo's transaction (as invoices: decision 024), so numbers have no gaps and no reuse. Money: integer cents.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import {
  creditMemoCounters,
  creditMemoLines,
  creditMemos,
  returnSettings,
  type CreditMemoKind,
  type CreditMemoLineRow,
  type CreditMemoRow,
  type CreditMemoSettlement,
} from '../../db/schema/index.js';
import type { LineCredit, MemoLine, MemoTotals } from './credit-memo-amounts.js';

/** A stored memo with its lines (by position). */
export type StoredCreditMemo = CreditMemoRow & { lines: CreditMemoLineRow[] };

/** Digits of the sequence in a memo number. */
const SEQUENCE_DIGITS = 6;

/** The memo number of `sequence` in `year`: 2026, 1 -> "CM-2026-000001". */
export function formatCreditMemoNumber(year: number, sequence: number): string {
  return `CM-${year}-${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
}

/** What earlier memos credited of an order: per line (by order line id), and the order's tax and total. */
export interface OrderCredited {
  lines: Map<string, LineCredit>;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
}

/** What the memos of `orderId` credited so far (read in the caller's transaction, after it locked the order). */
export async function creditedOf(db: AppDatabase, orderId: string): Promise<OrderCredited> {
  const [lineRows, [memoRow]] = await Promise.all([
    queryRows<{
      order_line_id: string;
      amount: string | number;
      tax: string | number;
      core: string | number;
    }>(
      db,
      sql`select l.order_line_id, sum(l.amount_cents) as amount, sum(l.tax_cents) as tax, sum(l.core_cents) as core
            from ${creditMemoLines} l join ${creditMemos} m on m.id = l.memo_id
           where m.order_id = ${orderId}
           group by l.order_line_id`,
    ),
    queryRows<{ tax: string | number; shipping: string | number; total: string | number }>(
      db,
      sql`select coalesce(sum(tax_cents), 0) as tax, coalesce(sum(shipping_cents), 0) as shipping,
                 coalesce(sum(total_cents), 0) as total
            from ${creditMemos} where order_id = ${orderId}`,
    ),
  ]);
  return {
    lines: new Map(
      lineRows.map((row) => [
        row.order_line_id,
        { amountCents: Number(row.amount), taxCents: Number(row.tax), coreCents: Number(row.core) },
      ]),
    ),
    taxCents: Number(memoRow?.tax ?? 0),
    shippingCents: Number(memoRow?.shipping ?? 0),
    totalCents: Number(memoRow?.total ?? 0),
  };
}

/** What a new memo is: its order, return, company, kind, settlement, totals, lines, note and issuer. */
export interface NewCreditMemo {
  orderId: string;
  returnId: string | null;
  companyId: string | null;
  kind: CreditMemoKind;
  settlement: CreditMemoSettlement;
  totals: MemoTotals;
  lines: readonly MemoLine[];
  note: string | null;
  actorId: string | null;
}

/**
 * Issues `memo` inside `tx`: takes the next number of the current year (UTC, the transaction's time) from
 * `credit_memo_counters` with one upsert (the row stays locked until `tx` ends, so concurrent memos queue and a
 * rolled-back memo gives its number back), inserts the memo and its lines. Returns its id and number.
 */
export async function insertCreditMemo(
  tx: AppDatabase,
  memo: NewCreditMemo,
): Promise<{ id: string; number: string }> {
  const { totals } = memo;
  const [row] = await queryRows<{ id: string; number: string }>(
    tx,
    sql`with counter as (
          insert into ${creditMemoCounters} (year, last)
          values (extract(year from now() at time zone 'UTC')::int, 1)
          on conflict (year) do update set last = ${creditMemoCounters}.last + 1
          returning year, last
        )
        insert into ${creditMemos}
          (number, year, sequence, order_id, return_id, company_id, kind, settlement, subtotal_cents, tax_cents,
           core_cents, shipping_cents, restocking_fee_cents, total_cents, note, actor_id)
        select 'CM-' || counter.year || '-' || lpad(counter.last::text, greatest(${SEQUENCE_DIGITS}, length(counter.last::text)), '0'),
          counter.year, counter.last, ${memo.orderId}, ${memo.returnId}, ${memo.companyId}, ${memo.kind},
          ${memo.settlement}, ${totals.subtotalCents}, ${totals.taxCents}, ${totals.coreCents},
          ${totals.shippingCents}, ${totals.restockingFeeCents}, ${totals.totalCents}, ${memo.note}, ${memo.actorId}
        from counter
        returning id, number`,
  );
  if (!row) throw new Error('insertCreditMemo: no number taken');
  if (memo.lines.length > 0)
    await tx.insert(creditMemoLines).values(
      memo.lines.map((line, index) => ({
        memoId: row.id,
        position: index + 1,
        orderLineId: line.orderLineId,
        sku: line.sku,
        name: line.name,
        reason: line.reason,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        amountCents: line.amountCents,
        taxCents: line.taxCents,
        coreCents: line.coreCents,
        restockingFeeCents: line.restockingFeeCents,
      })),
    );
  return row;
}

/** The memos matching `where` with their lines, oldest first. */
async function memosWhere(db: AppDatabase, where: ReturnType<typeof eq>): Promise<StoredCreditMemo[]> {
  const rows = await db
    .select()
    .from(creditMemos)
    .where(where)
    .orderBy(asc(creditMemos.createdAt), asc(creditMemos.sequence));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(creditMemoLines)
    .where(
      inArray(
        creditMemoLines.memoId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(creditMemoLines.memoId), asc(creditMemoLines.position));
  return rows.map((row) => ({ ...row, lines: lines.filter((line) => line.memoId === row.id) }));
}

/** The memo `id`, `number` or of return `returnId`, with its lines; undefined when there is none. */
export async function findCreditMemo(
  db: AppDatabase,
  by: { id: string } | { number: string } | { returnId: string },
): Promise<StoredCreditMemo | undefined> {
  const where =
    'id' in by
      ? eq(creditMemos.id, by.id)
      : 'number' in by
        ? eq(creditMemos.number, by.number)
        : eq(creditMemos.returnId, by.returnId);
  return (await memosWhere(db, where))[0];
}

/** The memos of `orderId`, oldest first, with their lines. */
export function creditMemosOfOrder(db: AppDatabase, orderId: string): Promise<StoredCreditMemo[]> {
  return memosWhere(db, eq(creditMemos.orderId, orderId));
}

/** Records the provider's refund `refundId` of memo `memoId` once; false when one was recorded before. */
export async function markRefunded(tx: AppDatabase, memoId: string, refundId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update ${creditMemos} set refund_id = ${refundId}, refunded_at = now()
         where id = ${memoId} and refund_id is null returning id`,
  );
  return rows.length > 0;
}

/** The restocking fee in whole percent (0..100; 0 before an admin set one). */
export async function restockingFeePercent(db: AppDatabase): Promise<number> {
  const [row] = await db
    .select({ percent: returnSettings.restockingFeePercent })
    .from(returnSettings)
    .where(eq(returnSettings.id, 1));
  return row?.percent ?? 0;
}

/** Sets the restocking fee to `percent` (0..100). */
export async function setRestockingFeePercent(db: AppDatabase, percent: number): Promise<void> {
  await db
    .insert(returnSettings)
    .values({ id: 1, restockingFeePercent: percent })
    .onConflictDoUpdate({
      target: returnSettings.id,
      set: { restockingFeePercent: percent, updatedAt: new Date() },
    });
}
