/**
 * The shop's emails (docs/requirements.md §13), each rendered as a subject, a plain-text part and an HTML part from
 * the same data. Every value is escaped in the HTML. Money comes in integer cents and is shown in dollars. These
 * texts live here, not in packages/shared's message catalogue, because only the server sends them
 * (docs/decisions/021-email-and-job-queue.md).
 */
import { formatMoney, toDollars } from '@partsforge/shared';

/** A rendered message. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** An order as its emails show it; money in integer cents. */
export interface OrderMailView {
  /** e.g. 'PF-100001'. */
  number: string;
  customerName: string;
  poNumber: string | null;
  address: string;
  lines: { sku: string; name: string; quantity: number; unitPriceCents: number; lineTotalCents: number }[];
  subtotalCents: number;
  taxCents: number;
  /** Basis points: 825 = 8.25%. */
  taxRateBasisPoints: number;
  /** The rate in thousandths of a percent (6.875% = 6875) when finer than basis points; and its region (e.g. "TX"). */
  taxRateMilliPercent?: number | undefined;
  taxRegion?: string | null | undefined;
  /** The delivery chosen (docs/requirements.md §16): name, cost in cents and the dates quoted (YYYY-MM-DD). */
  shipping?: { name: string; cents: number; from: string | null; to: string | null } | undefined;
  /** The lines' refundable core deposits (docs/requirements.md §17 "Core charges"), shown on their own line when any. */
  coreTotalCents?: number | undefined;
  totalCents: number;
}

/** The core deposits' line of `order`, when it has any: the label and its cents. */
function coreDeposits(order: OrderMailView): [string, number][] {
  return order.coreTotalCents ? [['Core deposits (refundable)', order.coreTotalCents]] : [];
}

/** "Shipping (Next day, arrives 2026-12-01 – 2026-12-01)". */
function shippingLabel(shipping: NonNullable<OrderMailView['shipping']>): string {
  const dates =
    shipping.from && shipping.to
      ? `, arrives ${shipping.from === shipping.to ? shipping.from : `${shipping.from} – ${shipping.to}`}`
      : '';
  return `Shipping (${shipping.name}${dates})`;
}

/** The tax line's label of `order`: its rate (to 3 decimals) and region when known. */
function orderTaxLabel(order: OrderMailView): string {
  if (order.taxRateMilliPercent === undefined) return taxLabel(order.taxRateBasisPoints);
  const rate = (order.taxRateMilliPercent / 1000).toFixed(3).replace(/\.?0+$/, '');
  return `Tax (${rate}%${order.taxRegion ? `, ${order.taxRegion}` : ''})`;
}

const money = (cents: number) => formatMoney(toDollars(cents));

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The HTML document around a message's body (already escaped HTML). */
function layout(shopName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; margin: 0; padding: 24px;">
<div style="max-width: 640px; margin: 0 auto;">
<p style="font-size: 20px; font-weight: bold; color: #1d4ed8;">${escapeHtml(shopName)}</p>
${body}
<p style="color: #6b7280; font-size: 12px; margin-top: 32px;">${escapeHtml(shopName)}: wholesale car parts and accessories.</p>
</div></body></html>`;
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const button = (url: string, label: string) =>
  `<p><a href="${escapeHtml(url)}" style="display: inline-block; background: #1d4ed8; color: #ffffff; padding: 10px 16px; border-radius: 6px; text-decoration: none;">${escapeHtml(label)}</a></p>`;

function taxLabel(basisPoints: number): string {
  return `Tax (${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%)`;
}

/** The order's lines and totals as plain text. */
function orderText(order: OrderMailView): string {
  const lines = order.lines.map(
    (line) =>
      `- ${line.sku}  ${line.name}: ${line.quantity} x ${money(line.unitPriceCents)} = ${money(line.lineTotalCents)}`,
  );
  return [
    `Order ${order.number}${order.poNumber ? ` (PO ${order.poNumber})` : ''}`,
    ...lines,
    `Subtotal: ${money(order.subtotalCents)}`,
    ...coreDeposits(order).map(([label, cents]) => `${label}: ${money(cents)}`),
    ...(order.shipping ? [`${shippingLabel(order.shipping)}: ${money(order.shipping.cents)}`] : []),
    `${orderTaxLabel(order)}: ${money(order.taxCents)}`,
    `Total: ${money(order.totalCents)}`,
    `Ship to: ${order.customerName}, ${order.address}`,
  ].join('\n');
}

/** The order's lines and totals as an HTML table. */
function orderHtml(order: OrderMailView): string {
  const cell = 'style="padding: 4px 8px; border-bottom: 1px solid #e5e7eb;"';
  const right = 'style="padding: 4px 8px; border-bottom: 1px solid #e5e7eb; text-align: right;"';
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td ${cell}>${escapeHtml(line.sku)}</td><td ${cell}>${escapeHtml(line.name)}</td><td ${right}>${line.quantity}</td><td ${right}>${escapeHtml(money(line.unitPriceCents))}</td><td ${right}>${escapeHtml(money(line.lineTotalCents))}</td></tr>`,
    )
    .join('\n');
  const total = (label: string, cents: number, bold = false) =>
    `<tr><td colspan="4" ${right}>${bold ? '<strong>' : ''}${escapeHtml(label)}${bold ? '</strong>' : ''}</td><td ${right}>${bold ? '<strong>' : ''}${escapeHtml(money(cents))}${bold ? '</strong>' : ''}</td></tr>`;
  const cores = coreDeposits(order)
    .map(([label, cents]) => `${total(label, cents)}\n`)
    .join('');
  return `<p><strong>Order ${escapeHtml(order.number)}</strong>${order.poNumber ? ` (PO ${escapeHtml(order.poNumber)})` : ''}</p>
<table style="border-collapse: collapse; width: 100%; font-size: 14px;">
<thead><tr><th ${cell}>SKU</th><th ${cell}>Part</th><th ${right}>Qty</th><th ${right}>Unit price</th><th ${right}>Line total</th></tr></thead>
<tbody>
${rows}
${total('Subtotal', order.subtotalCents)}
${cores}${order.shipping ? `${total(shippingLabel(order.shipping), order.shipping.cents)}\n` : ''}${total(orderTaxLabel(order), order.taxCents)}
${total('Total', order.totalCents, true)}
</tbody></table>
<p>Ship to: ${escapeHtml(order.customerName)}, ${escapeHtml(order.address)}</p>`;
}

/**
 * A mail around one link: `intro`, then `url` (a button labelled `buttonLabel` in the HTML, the bare address in the
 * text), then `note`.
 */
function linkMail(
  shopName: string,
  subject: string,
  { intro, url, buttonLabel, note }: { intro: string; url: string; buttonLabel: string; note: string },
): RenderedMail {
  return {
    subject,
    text: `${intro}\n\n${url}\n\n${note}`,
    html: layout(shopName, subject, `${paragraph(intro)}${button(url, buttonLabel)}${paragraph(note)}`),
  };
}

/** "Verify your email": sent at sign-up (and on "Send a new link"); `url` confirms the address for 24 hours. */
export function verifyEmailMail(input: { shopName: string; name: string; url: string }): RenderedMail {
  return linkMail(input.shopName, `Verify your email for ${input.shopName}`, {
    intro: `Hello ${input.name}, please confirm that this is your email address by opening the link below.`,
    url: input.url,
    buttonLabel: 'Verify email',
    note: 'The link works for 24 hours; once signed in you can ask for a new one. If you did not create an account, you can ignore this message.',
  });
}

/** "Reset your password": `url` works once and for one hour. */
export function resetPasswordMail(input: { shopName: string; name: string; url: string }): RenderedMail {
  return linkMail(input.shopName, `Reset your ${input.shopName} password`, {
    intro: `Hello ${input.name}, someone asked to reset the password of your account. Open the link below to choose a new one.`,
    url: input.url,
    buttonLabel: 'Reset password',
    note: 'The link works once and expires in one hour. Resetting signs you out everywhere. If you did not ask for this, ignore this message: your password stays as it is.',
  });
}

/** e.g. "Nov 27, 2026, 2:05 PM UTC": times in mails are in UTC, said so (the reader's zone is not known). */
const mailTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
export const formatMailTime = (at: Date) => `${mailTime.format(at)} UTC`;

/**
 * "Order confirmation": the lines and totals of a placed order, where to pay it, and until when its parts are held
 * (`holdUntil`: placement + ORDER_HOLD_MINUTES, after which an unpaid order expires).
 */
export function orderConfirmationMail(input: {
  shopName: string;
  order: OrderMailView;
  orderUrl: string;
  holdUntil: Date;
  /** Set when the order waits for a company approver (docs/requirements.md §14): until then its parts are held. */
  approvalUntil?: Date | undefined;
}): RenderedMail {
  const subject = `Order ${input.order.number} received`;
  const intro = input.approvalUntil
    ? `Thank you, ${input.order.customerName}. We received your order ${input.order.number}. It is above your spending limit, so it waits for approval by an owner or manager of your company; its parts are held until ${formatMailTime(input.approvalUntil)}. Once it is approved you can pay it.`
    : `Thank you, ${input.order.customerName}. We received your order ${input.order.number}. Its parts are held for you until ${formatMailTime(input.holdUntil)}: pay it by then, or the order expires and the parts are released.`;
  return {
    subject,
    text: `${intro}\n\n${orderText(input.order)}\n\nView or pay your order: ${input.orderUrl}`,
    html: layout(
      input.shopName,
      subject,
      `${paragraph(intro)}${orderHtml(input.order)}${button(input.orderUrl, 'View order')}`,
    ),
  };
}

/** "Payment receipt": sent when an order is paid, with its invoice attached. */
export function paymentReceiptMail(input: {
  shopName: string;
  order: OrderMailView;
  invoiceNumber: string;
  paymentReference: string | null;
  orderUrl: string;
}): RenderedMail {
  const subject = `Payment received for order ${input.order.number}`;
  const intro = `Thank you, ${input.order.customerName}. We received your payment of ${money(input.order.totalCents)} for order ${input.order.number}. Invoice ${input.invoiceNumber} is attached.`;
  const reference = input.paymentReference ? `Payment reference: ${input.paymentReference}` : '';
  return {
    subject,
    text: `${intro}\n\n${orderText(input.order)}\n${reference}\n\nView your order: ${input.orderUrl}`,
    html: layout(
      input.shopName,
      subject,
      `${paragraph(intro)}${orderHtml(input.order)}${reference ? paragraph(reference) : ''}${button(input.orderUrl, 'View order')}`,
    ),
  };
}

/**
 * "Invoice": an order placed on the company's account (docs/requirements.md §15) was accepted and invoiced; sent to
 * its placer and the company's owners, with the invoice attached and its due date (`dueAt`).
 */
export function accountInvoiceMail(input: {
  shopName: string;
  recipientName: string;
  order: OrderMailView;
  invoiceNumber: string;
  dueAt: Date;
  orderUrl: string;
}): RenderedMail {
  const subject = `Invoice ${input.invoiceNumber} for order ${input.order.number}`;
  const due = dueDate.format(input.dueAt);
  const intro = `Hello ${input.recipientName}. Order ${input.order.number}, placed by ${input.order.customerName} on your company's account, is accepted and will ship. Invoice ${input.invoiceNumber} of ${money(input.order.totalCents)} is attached, due ${due}.`;
  return {
    subject,
    text: `${intro}\n\n${orderText(input.order)}\n\nView the order: ${input.orderUrl}`,
    html: layout(
      input.shopName,
      subject,
      `${paragraph(intro)}${orderHtml(input.order)}${button(input.orderUrl, 'View order')}`,
    ),
  };
}

const dueDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** "Order shipped": with the carrier and tracking number when the admin gave them. */
export function orderShippedMail(input: {
  shopName: string;
  order: OrderMailView;
  carrier: string | null;
  trackingNumber: string | null;
  orderUrl: string;
  /**
   * The shipment this mail is about (docs/requirements.md §16): its number, the units of each line it sends, the
   * carrier's tracking page, and what is still to come (empty once every unit has shipped).
   */
  shipment?: {
    number: string;
    lines: { sku: string; name: string; quantity: number }[];
    trackingUrl: string | null;
    remaining: { sku: string; name: string; quantity: number }[];
  };
}): RenderedMail {
  const { shipment } = input;
  const partial = shipment !== undefined && shipment.remaining.length > 0;
  const subject = partial
    ? `Part of order ${input.order.number} has shipped`
    : `Order ${input.order.number} has shipped`;
  const intro = partial
    ? `Good news, ${input.order.customerName}: part of order ${input.order.number} is on its way (shipment ${shipment.number}).`
    : `Good news, ${input.order.customerName}: order ${input.order.number} is on its way${shipment ? ` (shipment ${shipment.number})` : ''}.`;
  const tracking = [
    input.carrier ? `Carrier: ${input.carrier}` : null,
    input.trackingNumber ? `Tracking number: ${input.trackingNumber}` : null,
    shipment?.trackingUrl ? `Track it: ${shipment.trackingUrl}` : null,
  ].filter((line): line is string => line !== null);
  const list = (lines: { sku: string; name: string; quantity: number }[]) =>
    lines.map((line) => `- ${line.sku}  ${line.name}: ${line.quantity}`);
  const sentText = shipment ? ['In this shipment:', ...list(shipment.lines)].join('\n') : '';
  const remainingText = partial ? ['Still to come:', ...list(shipment.remaining)].join('\n') : '';
  const listHtml = (title: string, lines: { sku: string; name: string; quantity: number }[]) =>
    `${paragraph(title)}<ul>${lines
      .map((line) => `<li>${escapeHtml(line.sku)} ${escapeHtml(line.name)}: ${line.quantity}</li>`)
      .join('')}</ul>`;
  const trackingHtml = tracking
    .map((line) =>
      shipment?.trackingUrl && line.startsWith('Track it: ')
        ? `<p><a href="${escapeHtml(shipment.trackingUrl)}">Track your shipment</a></p>`
        : paragraph(line),
    )
    .join('');
  return {
    subject,
    text: [
      intro,
      tracking.join('\n'),
      sentText,
      remainingText,
      orderText(input.order),
      `View your order: ${input.orderUrl}`,
    ]
      .filter((part) => part !== '')
      .join('\n\n'),
    html: layout(
      input.shopName,
      subject,
      `${paragraph(intro)}${trackingHtml}${shipment ? listHtml('In this shipment:', shipment.lines) : ''}${partial ? listHtml('Still to come:', shipment.remaining) : ''}${orderHtml(input.order)}${button(input.orderUrl, 'View order')}`,
    ),
  };
}

/**
 * "Order awaiting your approval": to each owner and manager of the company when a buyer's order is above their
 * spending limit (docs/requirements.md §14); `approvalsUrl` opens the approvals page.
 */
export function approvalRequestMail(input: {
  shopName: string;
  approverName: string;
  order: OrderMailView;
  placedBy: string;
  approvalUntil: Date;
  approvalsUrl: string;
}): RenderedMail {
  const subject = `Order ${input.order.number} awaits your approval`;
  const intro = `Hello ${input.approverName}, ${input.placedBy} placed order ${input.order.number} for ${money(input.order.totalCents)}, above their spending limit. Approve or reject it by ${formatMailTime(input.approvalUntil)}; after that it expires and its parts are released.`;
  return {
    subject,
    text: `${intro}\n\n${orderText(input.order)}\n\nReview it: ${input.approvalsUrl}`,
    html: layout(
      input.shopName,
      subject,
      `${paragraph(intro)}${orderHtml(input.order)}${button(input.approvalsUrl, 'Review approvals')}`,
    ),
  };
}

/** "Order approved": to the buyer, who may now pay it until `holdUntil`. */
export function orderApprovedMail(input: {
  shopName: string;
  order: OrderMailView;
  approvedBy: string;
  holdUntil: Date;
  orderUrl: string;
}): RenderedMail {
  const subject = `Order ${input.order.number} approved`;
  const intro = `Good news, ${input.order.customerName}: ${input.approvedBy} approved order ${input.order.number}. Its parts are held for you until ${formatMailTime(input.holdUntil)}: pay it by then, or the order expires and the parts are released.`;
  return {
    subject,
    text: `${intro}\n\n${orderText(input.order)}\n\nPay your order: ${input.orderUrl}`,
    html: layout(
      input.shopName,
      subject,
      `${paragraph(intro)}${orderHtml(input.order)}${button(input.orderUrl, 'Pay order')}`,
    ),
  };
}

/** "Order rejected": to the buyer, with the approver's reason; the parts went back to stock. */
export function orderRejectedMail(input: {
  shopName: string;
  order: OrderMailView;
  rejectedBy: string;
  reason: string;
  orderUrl: string;
}): RenderedMail {
  const subject = `Order ${input.order.number} was not approved`;
  const intro = `Hello ${input.order.customerName}, ${input.rejectedBy} rejected order ${input.order.number}. Reason: ${input.reason}`;
  return {
    subject,
    text: `${intro}\n\n${orderText(input.order)}\n\nView the order: ${input.orderUrl}`,
    html: layout(
      input.shopName,
      subject,
      `${paragraph(intro)}${orderHtml(input.order)}${button(input.orderUrl, 'View order')}`,
    ),
  };
}

/**
 * "Invoice <number> is overdue": to each owner of the company and the order's placer when an invoice on account is
 * past its due date with a balance (docs/requirements.md §15 "Statements"), at most once a week per invoice while it
 * stays overdue. `accountUrl` opens the company's account page (its statement). Money in integer cents.
 */
export function invoiceOverdueMail(input: {
  shopName: string;
  recipientName: string;
  companyName: string;
  invoiceNumber: string;
  /** e.g. 'PF-100001'. */
  orderNumber: string;
  dueAt: Date;
  balanceCents: number;
  accountUrl: string;
}): RenderedMail {
  const subject = `Invoice ${input.invoiceNumber} is overdue`;
  const intro = `Hello ${input.recipientName}, invoice ${input.invoiceNumber} of ${input.companyName} for order ${input.orderNumber} was due ${formatMailTime(input.dueAt)} and ${money(input.balanceCents)} of it is still open.`;
  const note =
    'Please pay it by ACH, check or wire, quoting the invoice number. Orders on account wait until it is paid. If you paid it in the last few days, thank you: you can ignore this message.';
  return {
    subject,
    text: `${intro}\n\n${note}\n\nYour account and statement: ${input.accountUrl}`,
    html: layout(
      input.shopName,
      subject,
      `${paragraph(intro)}${paragraph(note)}${button(input.accountUrl, 'View your account')}`,
    ),
  };
}

/**
 * "Join <company> on <shop>": an invitation to a company account (docs/requirements.md §14 "Company accounts"),
 * naming the company, who invited, the role offered and when the link (`url`, the invitation's page) stops working.
 */
export function companyInvitationMail(input: {
  shopName: string;
  companyName: string;
  /** The inviting member's name; null when not known. */
  inviterName: string | null;
  role: 'manager' | 'buyer';
  expiresAt: Date;
  url: string;
}): RenderedMail {
  const inviter = input.inviterName ? `${input.inviterName} invited you` : 'You are invited';
  return linkMail(input.shopName, `Join ${input.companyName} on ${input.shopName}`, {
    intro: `${inviter} to join ${input.companyName} on ${input.shopName} as a ${input.role}. Open the link below to accept: sign in with this email address, or sign up with it first.`,
    url: input.url,
    buttonLabel: 'View invitation',
    note: `The link works once, until ${formatMailTime(input.expiresAt)}. If you did not expect this invitation, you can ignore this message.`,
  });
}

/**
 * "Return RMA-100001 approved" (docs/requirements.md §17 "Returns"): to the buyer, with the RMA number to write on the
 * parcel, the units to send, and the shop's return address (one entry per line).
 */
export function returnApprovedMail(input: {
  shopName: string;
  customerName: string;
  returnNumber: string;
  orderNumber: string;
  lines: { sku: string; name: string; quantity: number }[];
  sendTo: readonly string[];
  returnUrl: string;
}): RenderedMail {
  const subject = `Return ${input.returnNumber} approved`;
  const intro = `Hello ${input.customerName}, your return ${input.returnNumber} of order ${input.orderNumber} is approved. Write ${input.returnNumber} on the parcel and send these parts to the address below; we credit you when they arrive.`;
  const lines = input.lines.map((line) => `${line.sku}  ${line.name}: ${line.quantity}`);
  return {
    subject,
    text: `${intro}\n\n${lines.join('\n')}\n\nSend to:\n${input.sendTo.join('\n')}\n\nView the return: ${input.returnUrl}`,
    html: layout(
      input.shopName,
      subject,
      `${paragraph(intro)}<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` +
        `<p><strong>Send to:</strong><br>${input.sendTo.map(escapeHtml).join('<br>')}</p>${button(input.returnUrl, 'View return')}`,
    ),
  };
}

/**
 * "Return RMA-100001 not accepted" (docs/requirements.md §17 "Returns"): to the buyer when an admin rejects their
 * return, with the admin's reason; nothing is to be sent back (after an approval: whoever sent parts already is to
 * contact the shop).
 */
export function returnRejectedMail(input: {
  shopName: string;
  customerName: string;
  returnNumber: string;
  orderNumber: string;
  reason: string;
  returnUrl: string;
  /** Whether it had been approved: the buyer may have sent the parts already. */
  wasApproved: boolean;
}): RenderedMail {
  const subject = `Return ${input.returnNumber} not accepted`;
  const after = input.wasApproved
    ? ` If you have already sent them, contact us quoting ${input.returnNumber}.`
    : '';
  const intro = `Hello ${input.customerName}, we cannot accept your return ${input.returnNumber} of order ${input.orderNumber}. Please do not send these parts.${after}`;
  return {
    subject,
    text: `${intro}\n\nReason: ${input.reason}\n\nView the return: ${input.returnUrl}`,
    html: layout(
      input.shopName,
      subject,
      `${paragraph(intro)}<p><strong>Reason:</strong> ${escapeHtml(input.reason)}</p>${button(input.returnUrl, 'View return')}`,
    ),
  };
}

/**
 * "Credit memo CM-2026-000001 for order PF-100001" (docs/requirements.md §17 "Credit memos and refunds"): to the
 * buyer when a memo is issued, with the memo PDF attached and how it is settled (refunded to the card that paid, or
 * credited to the company's account).
 */
export function creditMemoMail(input: {
  shopName: string;
  customerName: string;
  memoNumber: string;
  orderNumber: string;
  totalCents: number;
  settlement: 'card' | 'account';
  orderUrl: string;
}): RenderedMail {
  const subject = `Credit memo ${input.memoNumber} for order ${input.orderNumber}`;
  const settled =
    input.settlement === 'card'
      ? 'It is refunded to the card that paid the order.'
      : "It is credited to your company's account and lowers its balance.";
  const intro = `Hello ${input.customerName}, we issued credit memo ${input.memoNumber} of ${money(input.totalCents)} for order ${input.orderNumber}. ${settled} The memo is attached.`;
  return {
    subject,
    text: `${intro}\n\nView the order: ${input.orderUrl}`,
    html: layout(input.shopName, subject, `${paragraph(intro)}${button(input.orderUrl, 'View order')}`),
  };
}
