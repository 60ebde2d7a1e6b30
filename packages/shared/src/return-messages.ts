/**
 * What returns (docs/requirements.md §17 "Returns") say to people: the API's refusals and the pages' texts. Not part
 * of the `messages` object, so that pages without returns (the home page's bundle) do not carry them: import it
 * where it is used.
 */
export const returnMessages = {
  // Refusals of POST /returns (409) and of the admins' steps.
  orderNotFound: 'Order not found.',
  lineNotInOrder: 'A line to return is not a line of this order.',
  notShipped: (sku: string) => `No unit of ${sku} has shipped yet: only shipped units can be returned.`,
  tooMany: (sku: string, left: number) =>
    left === 0
      ? `Every shipped unit of ${sku} is already returned or asked for in an open return.`
      : `Only ${left} of ${sku} can still be returned.`,
  windowClosed: (sku: string, days: number, core: boolean) =>
    core
      ? `The ${days}-day window for returning cores of ${sku} has closed.`
      : `The ${days}-day return window for ${sku} has closed.`,
  noCoreCharge: (sku: string) => `${sku} was sold without a core charge: choose another reason.`,
  notFound: 'Return not found.',
  notInStatus: (status: string, action: string) => `A return that is ${status} cannot be ${action}.`,
  overReceived: (sku: string, asked: number) => `Only ${asked} of ${sku} were asked for in this return.`,
  lineNotInReturn: 'A line received is not a line of this return.',
  nothingReceived: 'Receive at least one unit.',
  // Forms and pages.
  reasons: {
    core: 'Core return',
    defective: 'Defective',
    'wrong-part': 'Wrong part',
    'not-needed': 'Not needed',
  },
  statuses: {
    requested: 'Requested',
    approved: 'Approved',
    rejected: 'Rejected',
    received: 'Received',
    credited: 'Credited',
  },
  conditions: { resellable: 'Resellable', damaged: 'Damaged' },
  returnItems: 'Return items',
  formHeading: (orderNumber: string) => `Return items of ${orderNumber}`,
  quantityLabel: (sku: string) => `Quantity of ${sku} to return`,
  reasonLabel: (sku: string) => `Reason for returning ${sku}`,
  returnable: (left: number) => `${left} can be returned`,
  noteLabel: 'Note (optional)',
  submit: 'Ask for the return',
  cancel: 'Cancel',
  chooseUnits: 'Choose at least one unit to return.',
  requested: (number: string) => `Return ${number} requested. We will mail you when it is approved.`,
  loading: 'Loading returns',
  loadFailed: 'The returns could not be loaded.',
  empty: 'No returns yet.',
  emptyFiltered: 'No returns with this status.',
  statusFilter: 'Status',
  allStatuses: 'All statuses',
  caption: 'Returns, newest first',
  number: 'RMA',
  order: 'Order',
  status: 'Status',
  created: 'Asked on',
  customer: 'Customer',
  units: 'Units',
  credit: 'Credit',
  view: (number: string) => `View return ${number}`,
  detailHeading: (number: string) => `Return ${number}`,
  linesCaption: 'Parts in this return',
  sku: 'SKU',
  part: 'Part',
  quantity: 'Quantity',
  reason: 'Reason',
  received: 'Received',
  condition: 'Condition',
  sendTo: 'Send the parts to',
  creditMemo: (number: string, total: string) => `Credit memo ${number}: ${total}`,
  rejectedBecause: (reason: string) => `Rejected: ${reason}`,
  approve: (number: string) => `Approve ${number}`,
  approved: (number: string) =>
    `Return ${number} approved; the buyer has been mailed where to send the parts.`,
  reject: (number: string) => `Reject ${number}`,
  rejectReasonLabel: 'Reason for rejecting',
  rejectReasonRequired: 'Give a reason',
  confirmReject: (number: string) => `Reject return ${number}? The buyer is told the reason.`,
  rejected: (number: string) => `Return ${number} rejected.`,
  receive: (number: string) => `Receive ${number}`,
  receivedQuantityLabel: (sku: string) => `Units of ${sku} received`,
  conditionLabel: (sku: string) => `Condition of ${sku}`,
  confirmReceive: 'Receive and credit',
  receivedDone: (number: string) => `Return ${number} received and credited.`,
  pagesLabel: 'Pages of returns',
  actions: 'Actions',
  approveButton: 'Approve',
  rejectButton: 'Reject',
  receiveButton: 'Receive',
} as const;
