/**
 * What core charges (docs/requirements.md §17 "Core charges") say to people: the refundable deposit beside a price,
 * the Add/Edit Product field and its checks, and the core deposits' own line in the cart, checkout, order, mails and
 * invoice. Part of the message catalogue (`messages.coreCharges`); kept in its own file as its own section.
 */
import { formatMoney } from './money.js';

export const coreChargeMessages = {
  /** Beside a part's price on cards and the part page: "+ $45.00 refundable core". */
  refundableCore: (dollars: number) => `+ ${formatMoney(dollars)} refundable core`,
  /** The Add/Edit Product field (dollars). */
  field: 'Core charge',
  /** The line of the core deposits in the cart, checkout, order page, mails and invoice. */
  coreDeposits: 'Core deposits',
  validation: {
    required: 'Core charge must be a number',
    nonNegative: 'Core charge cannot be negative',
    cents: 'Core charge can have at most two decimals',
  },
};
