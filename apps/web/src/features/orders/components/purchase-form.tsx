import { zodResolver } from '@hookform/resolvers/zod';
import { lineTotal, messages, placeOrderSchema, type Part } from '@partsforge/shared';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { FormField } from '@/components/form-field';
import { usePlaceOrder } from '../api/place-order';

type PurchaseFields = z.input<typeof placeOrderSchema>;
type PurchaseValues = z.output<typeof placeOrderSchema>;

interface PurchaseFormProps {
  part: Pick<Part, '_id' | 'name' | 'minqty' | 'available' | 'price'>;
  customer: { name: string; email: string };
  /** After a successful order, with the new order's id (e.g. to show the result and refresh the stock). */
  onOrdered: (orderId: string) => void;
  /** After a refused order (e.g. to refresh the stock: someone else may have ordered first). */
  onFailed: () => void;
}

const BOUNDS_TOAST_ID = 'order-quantity-bounds';

/**
 * The purchase form (docs/requirements.md §2 and §5): read-only product, name and email; quantity starting at the
 * minimum; phone; required shipping address. Outside minqty..available the spec's error toast appears and
 * Place Order is disabled. The server checks the same bounds and takes price and customer from its records.
 */
export function PurchaseForm({ part, customer, onOrdered, onFailed }: PurchaseFormProps) {
  const placeOrder = usePlaceOrder();
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<PurchaseFields, unknown, PurchaseValues>({
    resolver: zodResolver(placeOrderSchema),
    defaultValues: { productId: part._id, quantity: part.minqty, phone: '', address: '' },
  });

  const quantity = Number(useWatch({ control, name: 'quantity' }));
  const inBounds = Number.isInteger(quantity) && quantity >= part.minqty && quantity <= part.available;
  useEffect(() => {
    if (inBounds) toast.dismiss(BOUNDS_TOAST_ID);
    else
      toast.error(messages.validation.orderQuantityBounds(part.minqty, part.available), {
        toastId: BOUNDS_TOAST_ID,
      });
  }, [inBounds, part.minqty, part.available]);

  const onSubmit = handleSubmit((values) => {
    placeOrder.mutate(
      {
        ...values,
        productName: part.name,
        totalPrice: lineTotal(values.quantity, part.price),
        customerName: customer.name,
        email: customer.email,
      },
      {
        onSuccess: (result) => {
          toast.success(messages.toast.orderPlaced);
          reset({ productId: part._id, quantity: part.minqty, phone: '', address: '' });
          onOrdered(result.insertedId);
        },
        onError: () => {
          toast.error(messages.toast.orderFailed);
          onFailed();
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <FormField label={messages.orders.productLabel} value={part.name} readOnly />
      <FormField
        label={messages.orders.quantityLabel}
        type="number"
        inputMode="numeric"
        min={part.minqty}
        max={part.available}
        error={errors.quantity?.message}
        {...register('quantity', { valueAsNumber: true })}
      />
      {inBounds ? (
        <p className="font-semibold">{messages.orders.total(lineTotal(quantity, part.price))}</p>
      ) : null}
      <FormField label={messages.orders.nameLabel} value={customer.name} readOnly />
      <FormField label={messages.orders.emailLabel} type="email" value={customer.email} readOnly />
      <FormField
        label={messages.orders.phoneLabel}
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <FormField
        label={messages.orders.addressLabel}
        autoComplete="street-address"
        required
        error={errors.address?.message}
        {...register('address')}
      />
      {placeOrder.isError ? (
        <p role="alert" className="text-error">
          {placeOrder.error.message}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={!inBounds || placeOrder.isPending}>
        {messages.orders.placeOrder}
      </button>
    </form>
  );
}
