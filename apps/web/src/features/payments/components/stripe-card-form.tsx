import { messages } from '@partsforge/shared/messages';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState, type FormEvent } from 'react';
import { Spinner } from '@/components/spinner';
import type { CardFormProps } from './card-form-props';

const stripes = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for `publishableKey`, loaded from js.stripe.com once, on the first payment page that needs it. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

function StripeCardFields({ clientSecret, billing, paid, onConfirmed }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function pay(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    setBusy(true);
    setFailure(null);
    try {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
      });
      if (error) setFailure(error.message ?? messages.errors.unexpected);
      else if (paymentIntent.status === 'succeeded') await onConfirmed(paymentIntent.id);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : messages.errors.unexpected);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void pay(event)} className="flex flex-col gap-4">
      <div className="rounded-box border border-base-300 p-4">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
      {failure ? (
        <p role="alert" className="text-error">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={!stripe || !clientSecret || paid || busy}>
        {busy || !clientSecret ? <Spinner size="sm" /> : null}
        {messages.payment.pay}
      </button>
    </form>
  );
}

/**
 * The card form with Stripe Elements (docs/design.md "Payments"): a lazy chunk, loaded only on the payment page
 * and only when the shop's provider is stripe, so Stripe.js never weighs on other pages.
 */
export function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
