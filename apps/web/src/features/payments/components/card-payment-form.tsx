import { messages } from '@partsforge/shared/messages';
import type { Order } from '@partsforge/shared/orders';
import { lazy, Suspense, useState } from 'react';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { loadChunk } from '@/lib/chunk-load';
import { usePaymentIntent } from '../api/create-payment-intent';
import { usePaymentsConfig } from '../api/get-payments-config';
import { markOrderPaid } from '../api/mark-order-paid';
import { SandboxCardForm } from './sandbox-card-form';

const StripeCardForm = lazy(async () => ({
  default: (await loadChunk('stripe-card-form', () => import('./stripe-card-form'))).StripeCardForm,
}));

interface CardPaymentFormProps {
  order: Order;
  /** Billing details sent with the card (docs/requirements.md §7: the card form confirms with name and email). */
  billing: { name: string; email: string };
  /** After the server has recorded the payment. */
  onPaid: () => void;
}

/**
 * The payment page's card payment (docs/requirements.md §4, §7, §8): gets the order's client secret, lets the configured
 * provider's card form confirm the card (the sandbox's own form, or Stripe Elements), then asks the server to
 * record the payment, which it verifies with the provider. Shows 'Congrats! ...' and the transaction id on
 * success; the card forms show the provider's error and keep Pay disabled until the secret exists and after
 * success.
 */
export function CardPaymentForm({ order, billing, onPaid }: CardPaymentFormProps) {
  const config = usePaymentsConfig();
  const intent = usePaymentIntent(order._id, order.totalPrice, config.isSuccess);
  const [transactionId, setTransactionId] = useState<string | null>(null);

  if (config.isError || intent.isError)
    return (
      <ErrorMessage title={messages.errors.unexpected} detail={(config.error ?? intent.error)?.message} />
    );
  if (config.isPending) return <PageSpinner label={messages.common.loading} />;

  const formProps = {
    clientSecret: intent.data?.clientSecret,
    billing,
    paid: transactionId !== null,
    onConfirmed: async (id: string) => {
      await markOrderPaid(order._id, id);
      setTransactionId(id);
      onPaid();
    },
  };

  return (
    <div className="flex flex-col gap-4">
      {config.data.provider === 'stripe' && config.data.publishableKey ? (
        <Suspense fallback={<PageSpinner label={messages.common.loading} />}>
          <StripeCardForm publishableKey={config.data.publishableKey} {...formProps} />
        </Suspense>
      ) : (
        <SandboxCardForm {...formProps} />
      )}
      {transactionId ? (
        <div role="status" className="alert alert-success flex flex-col items-start">
          <p className="font-semibold">{messages.payment.success}</p>
          <p className="break-all">{messages.payment.transactionId(transactionId)}</p>
        </div>
      ) : null}
    </div>
  );
}
