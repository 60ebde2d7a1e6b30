import { messages } from '@partsforge/shared/messages';
import { sandboxConfirmSchema } from '@partsforge/shared/orders';
import { Field, Form, FormAlert, SubmitButton } from '@/components/form';
import { Spinner } from '@/components/spinner';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import type { CardFormProps } from './card-form-props';
import { TestModeNotice } from './test-mode-notice';

const cardSchema = sandboxConfirmSchema.pick({ cardNumber: true, expiry: true, cvc: true });

/** The sandbox's own card form with its "Test mode" notice (docs/design.md "Payments"). */
export function SandboxCardForm({ clientSecret, billing, paid, onConfirmed }: CardFormProps) {
  return (
    <div className="flex flex-col gap-4">
      <TestModeNotice />
      <Form
        schema={cardSchema}
        defaultValues={{ cardNumber: '', expiry: '', cvc: '' }}
        onSubmit={async (card) => {
          if (!clientSecret) return;
          const { paymentIntent } = await confirmSandboxPayment({
            ...card,
            clientSecret,
            billingName: billing.name,
            billingEmail: billing.email,
          });
          await onConfirmed(paymentIntent.id);
        }}
        className="flex flex-col gap-4"
      >
        <Field
          name="cardNumber"
          label={messages.payment.cardNumberLabel}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
        />
        <div className="grid grid-cols-2 gap-4">
          <Field
            name="expiry"
            label={messages.payment.expiryLabel}
            autoComplete="cc-exp"
            placeholder="12/34"
          />
          <Field
            name="cvc"
            label={messages.payment.cvcLabel}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
          />
        </div>
        <FormAlert />
        <SubmitButton disabled={!clientSecret || paid}>
          {(submitting) => (
            <>
              {submitting || !clientSecret ? <Spinner size="sm" /> : null}
              {messages.payment.pay}
            </>
          )}
        </SubmitButton>
      </Form>
    </div>
  );
}
