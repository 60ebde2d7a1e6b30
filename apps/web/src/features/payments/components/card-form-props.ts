/** What each provider's card form gets from the payment page (card-payment-form.tsx). */
export interface CardFormProps {
  /** The order's client secret; undefined while it is being created (Pay stays disabled). */
  clientSecret: string | undefined;
  /** Billing details confirmed with the card (docs/requirements.md §7). */
  billing: { name: string; email: string };
  /** True once paid: Pay stays disabled (docs/requirements.md §4). */
  paid: boolean;
  /** Called with the provider's payment id after the provider confirmed the card; throws to show an error. */
  onConfirmed: (transactionId: string) => Promise<void>;
}
