import type { Part } from '@partsforge/shared/catalog';
import { messages } from '@partsforge/shared/messages';
import { formatMoney, lineTotal } from '@partsforge/shared/money';
import { placeOrderSchema } from '@partsforge/shared/orders';
import { partUnitPrice } from '@partsforge/shared/pricing';
import { useEffect, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { Field, Form, FormAlert, FormField, SubmitButton } from '@/components/form';
import { usePlaceOrder } from '../api/place-order';

interface PurchaseFormProps {
  part: Pick<
    Part,
    '_id' | 'name' | 'minqty' | 'available' | 'price' | 'packSize' | 'priceBreaks' | 'coreCharge'
  >;
  customer: { name: string; email: string };
  /** After a successful order, with the new order's id (e.g. to show the result and refresh the stock). */
  onOrdered: (orderId: string) => void;
  /** After a refused order (e.g. to refresh the stock: someone else may have ordered first). */
  onFailed: () => void;
  /**
   * Another way to buy beside Place Order (Add to cart, from the page): gets the quantity chosen and whether it
   * may be ordered (within minqty..available, whole packs).
   */
  extraAction?: (quantity: number, orderable: boolean) => ReactNode;
}

const BOUNDS_TOAST_ID = 'order-quantity-bounds';

/** The spec's error toast while the quantity is outside minqty..available; dismissed once it is back inside. */
function BoundsToast({ inBounds, min, max }: { inBounds: boolean; min: number; max: number }) {
  useEffect(() => {
    if (inBounds) toast.dismiss(BOUNDS_TOAST_ID);
    else toast.error(messages.validation.orderQuantityBounds(min, max), { toastId: BOUNDS_TOAST_ID });
  }, [inBounds, min, max]);
  return null;
}

/**
 * The purchase form (docs/requirements.md §2 and §5): read-only product, name and email; quantity starting at the
 * minimum; phone; required shipping address. Outside minqty..available the spec's error toast appears and
 * Place Order is disabled. The server checks the same bounds and takes price and customer from its records. A part
 * sold with a core shows the quantity's refundable core deposits beside the total (docs/requirements.md §17).
 */
export function PurchaseForm({ part, customer, onOrdered, onFailed, extraAction }: PurchaseFormProps) {
  const placeOrder = usePlaceOrder();
  return (
    <Form
      schema={placeOrderSchema}
      defaultValues={{ productId: part._id, quantity: part.minqty, phone: '', address: '' }}
      resetAfterSubmit
      onSubmit={async (values) => {
        try {
          const result = await placeOrder.mutateAsync({
            ...values,
            productName: part.name,
            totalPrice: lineTotal(values.quantity, partUnitPrice(values.quantity, part)),
            customerName: customer.name,
            email: customer.email,
          });
          toast.success(messages.toast.orderPlaced);
          onOrdered(result.insertedId);
        } catch (error) {
          toast.error(messages.toast.orderFailed);
          onFailed();
          throw error;
        }
      }}
      className="flex flex-col gap-4"
    >
      {(form) => {
        const quantity = Number(form.watch('quantity'));
        const inBounds = Number.isInteger(quantity) && quantity >= part.minqty && quantity <= part.available;
        // Whole packs only (docs/requirements.md §11): said next to the field, and Place Order waits for it.
        const wholePacks = quantity % part.packSize === 0;
        return (
          <>
            <BoundsToast inBounds={inBounds} min={part.minqty} max={part.available} />
            <FormField label={messages.orders.productLabel} value={part.name} readOnly />
            <Field
              name="quantity"
              label={messages.orders.quantityLabel}
              type="number"
              inputMode="numeric"
              min={part.minqty}
              max={part.available}
              step={part.packSize}
              options={{ valueAsNumber: true }}
            />
            {inBounds && !wholePacks ? (
              <p role="alert" className="text-error">
                {messages.validation.packMultiple(part.packSize)}
              </p>
            ) : null}
            {inBounds && wholePacks ? (
              <p className="font-semibold">
                {messages.orders.total(lineTotal(quantity, partUnitPrice(quantity, part)))}
              </p>
            ) : null}
            {inBounds && wholePacks && part.coreCharge > 0 ? (
              // The refundable core deposits the order adds to the total (docs/requirements.md §17).
              <p>
                {messages.coreCharges.coreDeposits}: {formatMoney(lineTotal(quantity, part.coreCharge))}
              </p>
            ) : null}
            <FormField label={messages.orders.nameLabel} value={customer.name} readOnly />
            <FormField label={messages.orders.emailLabel} type="email" value={customer.email} readOnly />
            <Field name="phone" label={messages.orders.phoneLabel} type="tel" autoComplete="tel" />
            <Field
              name="address"
              label={messages.orders.addressLabel}
              autoComplete="street-address"
              required
            />
            <FormAlert />
            <SubmitButton disabled={!inBounds || !wholePacks || placeOrder.isPending}>
              {messages.orders.placeOrder}
            </SubmitButton>
            {extraAction?.(quantity, inBounds && wholePacks)}
          </>
        );
      }}
    </Form>
  );
}
