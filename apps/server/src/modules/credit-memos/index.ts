/**
 * The credit-memos module's public face (docs/design.md "Layout"; docs/requirements.md §17 "Credit memos and
 * refunds"): the plugin (`app.creditMemos`: issueCreditMemo in a return's receiving transaction, settleCreditMemo
 * after it), the routes, and a memo's PDF as a mail attachment. Only this module writes the credit memo tables and
 * the returns settings.
 */
export { creditMemoRoutes } from './credit-memo-routes.js';
export {
  creditMemoAttachment,
  type CreditMemoService,
  type IssuedCreditMemo,
  type ReturnCreditInput,
} from './credit-memo-service.js';
export { creditMemosPlugin, type CreditMemosPluginOptions } from './credit-memos-plugin.js';
