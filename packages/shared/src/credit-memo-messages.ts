/**
 * What credit memos and refunds (docs/requirements.md §17 "Credit memos and refunds") say to people: the API's
 * refusals and the pages' texts. Not part of the `messages` object, so
 * that pages without credit memos (the home page's bundle) do not carry them: import it where it is used.
 */
export const creditMemoMessages = {
  // Refusals.
  notFound: 'Credit memo not found.',
  orderNotFound: 'Order not found.',
  lineNotInOrder: 'The line to refund is not a line of this order.',
  notPaid: 'Only a paid order can be refunded.',
  notCancellable: 'Only a paid order with nothing shipped can be cancelled and refunded.',
  tooMuch: (refundable: string) =>
    refundable === '$0.00'
      ? 'Nothing is left to refund on this line.'
      : `At most ${refundable} is left to refund on this line.`,
  amountInvalid: 'Enter an amount in dollars and cents above 0.',
  reasonRequired: 'Say why the refund is given.',
  percentInvalid: 'Enter a whole percent from 0 to 100.',
  // Pages.
  settingsTitle: 'Return settings',
  restockingFeeLabel: 'Restocking fee (%)',
  restockingFeeHint:
    'Deducted from credits for units returned as not needed; never for defective or wrong parts.',
  save: 'Save',
  saved: 'Return settings saved.',
  heading: 'Credit memos',
  none: 'No credit memos.',
  refundedAmount: (amount: string) => `Refunded ${amount}`,
  creditedToAccount: 'Credited to account',
  refundedToCard: 'Refunded to card',
  refundPending: 'Refund pending',
  downloadPdf: (number: string) => `Download ${number} (PDF)`,
  cancelAndRefund: 'Cancel and refund',
  cancelConfirm: (number: string, total: string) =>
    `Cancel order ${number}, put its stock back and refund ${total}? This cannot be undone.`,
  cancelConfirmYes: 'Yes, cancel and refund',
  keepOrder: 'Keep the order',
  cancelled: (memo: string) => `Order cancelled and refunded: credit memo ${memo}.`,
  refundPartTitle: 'Refund part of a line',
  lineLabel: 'Line',
  amountLabel: 'Amount ($)',
  reasonLabel: 'Reason',
  refund: 'Refund',
  refunded: (memo: string, amount: string) => `Refunded ${amount}: credit memo ${memo}.`,
  refundConfirm: (amount: string, line: string, order: string) =>
    `Refund ${amount} against ${line} of order ${order}? A credit memo is issued and settled at once; this cannot be undone.`,
  refundConfirmYes: (amount: string) => `Yes, refund ${amount}`,
  keepRefund: 'Do not refund',
  loading: 'Loading credit memos…',
  loadFailed: 'Could not load the credit memos.',
  kinds: { return: 'Return', cancel: 'Cancellation', goodwill: 'Goodwill' },
  accountCredits: 'Account credits',
  accountCreditsHint:
    'Credits of returns and refunds on account: the balance, available credit and aging are net of them.',
  accountCreditLine: (number: string, order: string, date: string, amount: string) =>
    `${number} (order ${order}, ${date}): ${amount}`,
} as const;
