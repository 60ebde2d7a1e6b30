/**
 * Credit memos and refunds contract (docs/requirements.md §17 "Credit memos and refunds"; docs/decisions/028): the
 * returns settings, a credit memo as answers carry it, and the admins' refunds without a return. Money is dollars
 * on the wire (the server stores integer cents).
 */
import { creditMemoMessages } from './credit-memo-messages.js';
import { z } from 'zod';
import { isWholeCents } from './money.js';

/** Why a memo was issued: a received return, the cancellation of a paid order, or a goodwill amount. */
export const CREDIT_MEMO_KINDS = ['return', 'cancel', 'goodwill'] as const;
export type CreditMemoKind = (typeof CREDIT_MEMO_KINDS)[number];

/** `GET/PUT /admin/return-settings`: the restocking fee in whole percent, 0..100. */
export const returnSettingsSchema = z.object({
  restockingFeePercent: z
    .number({ message: creditMemoMessages.percentInvalid })
    .int({ message: creditMemoMessages.percentInvalid })
    .min(0, { message: creditMemoMessages.percentInvalid })
    .max(100, { message: creditMemoMessages.percentInvalid }),
});
export type ReturnSettings = z.infer<typeof returnSettingsSchema>;

/** One line of a memo (dollars): the order line credited, why, units, and its amounts. */
export const creditMemoLineSchema = z.object({
  lineId: z.string(),
  sku: z.string(),
  name: z.string(),
  /** core, defective, wrong-part, not-needed (a return's), cancel or goodwill. */
  reason: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  amount: z.number(),
  tax: z.number(),
  core: z.number(),
  restockingFee: z.number(),
});

/** A credit memo (dollars): total = subtotal + tax + core + shipping - restockingFee. */
export const creditMemoSchema = z.object({
  _id: z.string(),
  /** "CM-2026-000001". */
  number: z.string(),
  orderId: z.string(),
  returnId: z.string().nullable(),
  kind: z.enum(CREDIT_MEMO_KINDS),
  /** `card`: refunded to the card that paid; `account`: credited to the company's account. */
  settlement: z.enum(['card', 'account']),
  subtotal: z.number(),
  tax: z.number(),
  core: z.number(),
  shipping: z.number(),
  restockingFee: z.number(),
  total: z.number(),
  note: z.string().nullable(),
  refundId: z.string().nullable(),
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(creditMemoLineSchema),
});
export type CreditMemo = z.infer<typeof creditMemoSchema>;

/** `POST /admin/orders/:id/refunds`: a goodwill refund of `amount` dollars against line `lineId`, and why. */
export const goodwillRefundSchema = z.object({
  lineId: z.string().max(64),
  amount: z
    .number({ message: creditMemoMessages.amountInvalid })
    .positive({ message: creditMemoMessages.amountInvalid })
    .max(99_999_999, { message: creditMemoMessages.amountInvalid })
    .refine((value) => isWholeCents(value), { message: creditMemoMessages.amountInvalid }),
  reason: z
    .string()
    .trim()
    .min(1, { message: creditMemoMessages.reasonRequired })
    .max(500, { message: creditMemoMessages.reasonRequired }),
});
export type GoodwillRefundInput = z.infer<typeof goodwillRefundSchema>;
