import { zodResolver } from '@hookform/resolvers/zod';
import { messages, sandboxConfirmSchema } from '@partsforge/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import type { CardFormProps } from './card-form-props';
import { TestModeNotice } from './test-mode-notice';

const cardSchema = sandboxConfirmSchema.pick({ cardNumber: true, expiry: true, cvc: true });
type CardFields = z.infer<typeof cardSchema>;

/** The sandbox's own card form with its "Test mode" notice (docs/design.md "Payments"). */
export function SandboxCardForm({ clientSecret, billing, paid, onConfirmed }: CardFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CardFields>({
    resolver: zodResolver(cardSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });

  const onSubmit = handleSubmit(async (card) => {
    if (!clientSecret) return;
    setFailure(null);
    try {
      const { paymentIntent } = await confirmSandboxPayment({
        ...card,
        clientSecret,
        billingName: billing.name,
        billingEmail: billing.email,
      });
      await onConfirmed(paymentIntent.id);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : messages.errors.unexpected);
    }
  });

  return (
    <div className="flex flex-col gap-4">
      <TestModeNotice />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <FormField
          label={messages.payment.cardNumberLabel}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          error={errors.cardNumber?.message}
          {...register('cardNumber')}
        />
        <div className="grid grid-cols-2 gap-4">
          <FormField
            label={messages.payment.expiryLabel}
            autoComplete="cc-exp"
            placeholder="12/34"
            error={errors.expiry?.message}
            {...register('expiry')}
          />
          <FormField
            label={messages.payment.cvcLabel}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            error={errors.cvc?.message}
            {...register('cvc')}
          />
        </div>
        {failure ? (
          <p role="alert" className="text-error">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={!clientSecret || paid || isSubmitting}>
          {isSubmitting || !clientSecret ? <Spinner size="sm" /> : null}
          {messages.payment.pay}
        </button>
      </form>
    </div>
  );
}
