/**
 * The credit memo document (docs/requirements.md §17 "Credit memos and refunds"): the memo and order numbers, the
 * buyer, each credited line (SKU, part, reason, units, unit price, amount, tax share, core deposit, restocking fee),
 * the totals, and how it is settled (refunded to the card with the provider's refund id, or credited to the
 * company's account). Drawn with the shop's document page setup (the invoices module's letterhead), standard fonts
 * only.
 */
import { returnMessages } from '@partsforge/shared/return-messages';
import { creditMemoMessages } from '@partsforge/shared/credit-memo-messages';
import { formatMoney, formatOrderNumber, toDollars } from '@partsforge/shared';
import {
  BOLD,
  createPdf,
  drawLetterhead,
  FOOTER_ROOM,
  MARGIN,
  MUTED,
  numberPages,
  RULE,
  writeText,
  type InvoiceSeller,
} from '../invoices/index.js';
import type { StoredCreditMemo } from './credit-memo-repository.js';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const money = (cents: number) => formatMoney(toDollars(cents));

/** What the memo names of its order: number, buyer and address. */
export interface MemoOrderView {
  number: number;
  customerName: string;
  address: string;
}

const REASONS: Record<string, string> = {
  ...returnMessages.reasons,
  cancel: creditMemoMessages.kinds.cancel,
  goodwill: creditMemoMessages.kinds.goodwill,
};

/** Draws `memo` of `order` for `seller` and resolves with the PDF's bytes. */
export function renderCreditMemoPdf(
  memo: StoredCreditMemo,
  order: MemoOrderView,
  seller: InvoiceSeller,
): Promise<Buffer> {
  const { doc, done } = createPdf({
    title: `Credit memo ${memo.number}`,
    author: seller.name,
    createdAt: memo.createdAt,
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER_ROOM;
  let y = drawLetterhead(doc, seller, 'Credit memo', [
    ['Credit memo', memo.number],
    ['Order', formatOrderNumber(order.number)],
    ['Issued', day.format(memo.createdAt)],
    ['Kind', creditMemoMessages.kinds[memo.kind]],
  ]);
  y += 16;
  y = writeText(doc, 'Credited to', left, y, width, { font: BOLD, size: 10 });
  y = writeText(doc, `${order.customerName}\n${order.address}`, left, y + 2, width, { size: 10 });
  y += 16;
  const columns = [
    { title: 'SKU', width: 80, align: 'left' as const },
    { title: 'Part', width: 120, align: 'left' as const },
    { title: 'Reason', width: 62, align: 'left' as const },
    { title: 'Qty', width: 30, align: 'right' as const },
    { title: 'Amount', width: 60, align: 'right' as const },
    { title: 'Tax', width: 50, align: 'right' as const },
    { title: 'Core', width: 50, align: 'right' as const },
    { title: 'Fee', width: 60, align: 'right' as const },
  ];
  const header = (top: number) => {
    let x = left;
    for (const column of columns) {
      writeText(doc, column.title, x, top, column.width - 4, { font: BOLD, size: 9, align: column.align });
      x += column.width;
    }
    doc
      .moveTo(left, top + 14)
      .lineTo(left + width, top + 14)
      .strokeColor(RULE)
      .stroke();
    return top + 20;
  };
  y = header(y);
  for (const line of memo.lines) {
    if (y + 24 > bottom()) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    const cells = [
      line.sku,
      line.name,
      REASONS[line.reason] ?? line.reason,
      String(line.quantity),
      money(line.amountCents),
      money(line.taxCents),
      money(line.coreCents),
      line.restockingFeeCents > 0 ? `-${money(line.restockingFeeCents)}` : money(0),
    ];
    let x = left;
    let tallest = y;
    columns.forEach((column, index) => {
      tallest = Math.max(
        tallest,
        writeText(doc, cells[index]!, x, y, column.width - 4, { size: 9, align: column.align }),
      );
      x += column.width;
    });
    y = tallest + 6;
  }
  const totals: [string, number][] = [
    ['Subtotal', memo.subtotalCents],
    ['Tax', memo.taxCents],
    ['Core deposits', memo.coreCents],
    ...(memo.shippingCents > 0 ? [['Shipping', memo.shippingCents] as [string, number]] : []),
    ...(memo.restockingFeeCents > 0
      ? [['Restocking fee', -memo.restockingFeeCents] as [string, number]]
      : []),
  ];
  y += 8;
  for (const [label, cents] of totals) {
    writeText(doc, label, left + width - 260, y, 140, { size: 10, align: 'right' });
    y = writeText(doc, cents < 0 ? `-${money(-cents)}` : money(cents), left + width - 110, y, 110, {
      size: 10,
      align: 'right',
    });
  }
  writeText(doc, 'Total credited', left + width - 260, y + 4, 140, { font: BOLD, size: 12, align: 'right' });
  y = writeText(doc, money(memo.totalCents), left + width - 110, y + 4, 110, {
    font: BOLD,
    size: 12,
    align: 'right',
  });
  const settled =
    memo.settlement === 'account'
      ? "Credited to the company's account: it lowers the account's balance."
      : memo.refundId
        ? `Refunded to the card that paid the order (refund ${memo.refundId}).`
        : 'To be refunded to the card that paid the order.';
  y = writeText(doc, settled, left, y + 16, width, { size: 10 });
  if (memo.note) writeText(doc, memo.note, left, y + 6, width, { size: 10, color: MUTED });
  numberPages(doc, (page, pages) => `${memo.number} - page ${page} of ${pages}`);
  doc.end();
  return done;
}
