import {
  checkoutConflictSchema,
  checkoutSchema,
  ORDER_NOTE_MAX_LENGTH,
  PO_NUMBER_MAX_LENGTH,
  type CheckoutInput,
} from '@partsforge/shared/cart';
import type { CompanyAddress } from '@partsforge/shared/companies';
import { messages } from '@partsforge/shared/messages';
import type { Order } from '@partsforge/shared/orders';
import { PAYMENT_METHODS, type PaymentTerms } from '@partsforge/shared/trade-terms';
import { useRef, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { Link } from 'react-router';
import { CheckboxField, Field, Form, FormAlert, SubmitButton, TextAreaField } from '@/components/form';
import { PageSpinner } from '@/components/page-spinner';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useCheckout } from '../api/checkout';
import { useCart } from '../hooks/use-cart';
import { readLastShipTo, rememberShipTo } from '../last-ship-to';
import { CheckoutSummary } from './checkout-summary';
import { CartLoadError } from './cart-load-error';
import { PaymentChoice } from './payment-choice';
import { ShipToChoice, TYPED_ADDRESS } from './ship-to-choice';

/**
 * The form's values: `shipTo` is a company address id (sent as `addressId`; the typed address, phone and "save"
 * are then left out) or TYPED_ADDRESS.
 */
const checkoutFormSchema = z
  .object({
    shipTo: z.string(),
    address: z.string(),
    phone: z.string(),
    poNumber: z.string(),
    note: z.string(),
    saveToProfile: z.boolean(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    country: z.string(),
    region: z.string(),
    postalCode: z.string(),
    shippingMethod: z.string(),
  })
  .transform(
    ({
      shipTo,
      address,
      phone,
      saveToProfile,
      country,
      region,
      postalCode,
      shippingMethod,
      ...rest
    }): z.input<typeof checkoutSchema> => ({
      ...rest,
      ...(shippingMethod ? { shippingMethod } : {}),
      ...(shipTo === TYPED_ADDRESS
        ? {
            address,
            phone,
            saveToProfile,
            ...(country.trim() ? { country: country.trim().toUpperCase() } : {}),
            ...(region.trim() ? { region: region.trim().toUpperCase() } : {}),
            ...(postalCode.trim() ? { postalCode: postalCode.trim() } : {}),
          }
        : { addressId: shipTo }),
    }),
  )
  .pipe(checkoutSchema);

/** The address a member's checkout starts with: the last used from the book, else the book's first. */
function defaultShipTo(book: AddressBook | undefined): string {
  if (!book || book.addresses.length === 0) return TYPED_ADDRESS;
  const last = readLastShipTo(book.email);
  return book.addresses.some((address) => address._id === last) && last ? last : book.addresses[0]!._id;
}

/** A company member's address book (docs/requirements.md §14 "Company accounts") and whose it is. */
export interface AddressBook {
  email: string;
  addresses: CompanyAddress[];
}

interface CheckoutFormProps {
  /** The shipping address, phone and destination to start with (the customer's profile). */
  defaultValues: { address: string; phone: string; country?: string; region?: string; postalCode?: string };
  /** After the order is placed (201), with the new order. */
  onPlaced: (order: Order) => void;
  /** A company member's ship-to locations: a Ship to choice, defaulting to the last used. */
  book?: AddressBook | undefined;
  /**
   * The company's net payment terms, when it may order on account (docs/requirements.md §15): a Payment choice of
   * card (the default) or on account. Null: card only.
   */
  accountTerms?: Exclude<PaymentTerms, 'card'> | null | undefined;
  /**
   * The Delivery choice for the destination being entered (docs/requirements.md §16), registered as the form's
   * `shippingMethod`; composed by the route (the shipping feature's options).
   */
  delivery?: ((destination: DeliveryDestination, cartKey: string) => ReactNode) | undefined;
}

/** Where the order goes, as the delivery quote takes it: a company address id, or the typed destination. */
export interface DeliveryDestination {
  addressId?: string | undefined;
  country?: string | undefined;
  region?: string | undefined;
  postalCode?: string | undefined;
}

/** The `available` credit (dollars) of a 409 CREDIT_LIMIT_EXCEEDED body, or null. */
function availableCredit(body: unknown): number | null {
  if (typeof body !== 'object' || body === null || !('available' in body)) return null;
  return typeof body.available === 'number' ? body.available : null;
}

/** One checkout attempt: its Idempotency-Key and the body it was sent with. */
interface Attempt {
  key: string;
  body: string;
}

/**
 * Checkout (docs/requirements.md §11): the cart's lines and total (read-only), shipping address and phone
 * (editable, with "Save address and phone to my profile"), optional PO number and note, and Place Order. Each
 * attempt has its own Idempotency-Key, sent again when the same attempt is retried after no answer (network
 * failure, 5xx); any answer ends the attempt. A 409 LINES_UNAVAILABLE shows its message and each line's reason
 * next to the line. A company member chooses Ship to from the address book (or types an address), sent as
 * `addressId` (docs/requirements.md §14 "Company accounts"), and, with `accountTerms`, Payment: by card or on account
 * (docs/requirements.md §15); a 409 TERMS_REQUIRED, CREDIT_LIMIT_EXCEEDED (with "Available credit: $X") or
 * ACCOUNT_OVERDUE shows its message and keeps the form.
 */
export function CheckoutForm({
  defaultValues,
  onPlaced,
  book,
  accountTerms = null,
  delivery,
}: CheckoutFormProps) {
  const { cart, isPending, error, refetch } = useCart();
  const checkout = useCheckout();
  const attempt = useRef<Attempt | null>(null);
  const [reasons, setReasons] = useState<ReadonlyMap<string, string>>(new Map());

  if (isPending) return <PageSpinner label={messages.common.loading} />;
  if (error || !cart) return <CartLoadError error={error} onRetry={refetch} />;
  if (cart.lines.length === 0)
    return (
      <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
        <p className="text-lg font-semibold">{messages.cart.cartEmpty}</p>
        <Link to={paths.parts.href()} className="btn btn-primary mt-5">
          {messages.cart.browseParts}
        </Link>
      </div>
    );

  const submit = async (input: CheckoutInput) => {
    setReasons(new Map());
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { key: crypto.randomUUID(), body };
    try {
      const order = await checkout.mutateAsync({ input, idempotencyKey: attempt.current.key });
      attempt.current = null;
      if (book && input.addressId) rememberShipTo(book.email, input.addressId);
      onPlaced(order);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status > 0 && failure.status < 500) attempt.current = null;
      if (failure instanceof ApiError && failure.code === 'LINES_UNAVAILABLE') {
        const conflict = checkoutConflictSchema.safeParse(failure.body);
        if (conflict.success)
          setReasons(new Map(conflict.data.lines.map((line) => [line.partId, line.message])));
      }
      // Over the company's credit (docs/requirements.md §15): the message and what is left.
      const available =
        failure instanceof ApiError && failure.code === 'CREDIT_LIMIT_EXCEEDED'
          ? availableCredit(failure.body)
          : null;
      if (available !== null)
        throw new Error(
          `${failure instanceof Error ? failure.message : ''} ${messages.tradeTermsPages.availableCredit(available)}`,
        );
      throw failure;
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
      <CheckoutSummary cart={cart} reasons={reasons} />
      <Form
        schema={checkoutFormSchema}
        defaultValues={{
          ...defaultValues,
          country: defaultValues.country ?? '',
          region: defaultValues.region ?? '',
          postalCode: defaultValues.postalCode ?? '',
          shippingMethod: '',
          shipTo: defaultShipTo(book),
          poNumber: '',
          note: '',
          saveToProfile: false,
          paymentMethod: 'card',
        }}
        onSubmit={submit}
        className="flex flex-col gap-4 lg:order-first"
      >
        {(form) => (
          <>
            <h2 className="text-xl font-semibold">{messages.cart.shipping}</h2>
            {book && book.addresses.length > 0 ? <ShipToChoice addresses={book.addresses} /> : null}
            {form.watch('shipTo') === TYPED_ADDRESS ? (
              <>
                <Field
                  name="address"
                  label={messages.orders.addressLabel}
                  autoComplete="street-address"
                  required
                />
                <div className="grid grid-cols-3 gap-3">
                  <Field
                    name="country"
                    label={messages.shippingPages.countryLabel}
                    autoComplete="country"
                    maxLength={2}
                  />
                  <Field
                    name="region"
                    label={messages.shippingPages.regionLabel}
                    autoComplete="address-level1"
                  />
                  <Field
                    name="postalCode"
                    label={messages.shippingPages.postalCodeLabel}
                    autoComplete="postal-code"
                  />
                </div>
                <Field name="phone" label={messages.orders.phoneLabel} type="tel" autoComplete="tel" />
                <CheckboxField name="saveToProfile" label={messages.cart.saveAddress} />
              </>
            ) : null}
            {delivery
              ? delivery(
                  form.watch('shipTo') === TYPED_ADDRESS
                    ? {
                        country: form.watch('country'),
                        region: form.watch('region'),
                        postalCode: form.watch('postalCode'),
                      }
                    : { addressId: form.watch('shipTo') },
                  cart.lines.map((line) => `${line.partId}:${line.quantity}`).join(','),
                )
              : null}
            <Field name="poNumber" label={messages.cart.poNumberLabel} maxLength={PO_NUMBER_MAX_LENGTH} />
            <TextAreaField
              name="note"
              label={messages.cart.noteLabel}
              rows={3}
              maxLength={ORDER_NOTE_MAX_LENGTH}
            />
            {accountTerms ? <PaymentChoice terms={accountTerms} /> : null}
            <FormAlert />
            <SubmitButton>
              {(submitting) => (submitting ? messages.cart.placingOrder : messages.cart.placeOrder)}
            </SubmitButton>
          </>
        )}
      </Form>
    </div>
  );
}
