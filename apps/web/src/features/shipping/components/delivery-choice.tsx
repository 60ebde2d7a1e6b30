import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import type { ShippingOption } from '@partsforge/shared/shipping';
import { useEffect, useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { arrivesText } from '@/lib/delivery-dates';
import { useQuote, type QuoteDestination } from '../api/shipping';

/**
 * Delivery (docs/requirements.md §16): a radio group of the quote's options, each with its name, price and
 * "Arrives …" dates, registered as the form's `shippingMethod`. When the chosen method is no longer offered (the
 * destination changed), the cheapest option that is not a pickup is chosen instead.
 */
export function DeliveryChoice({ options }: { options: ShippingOption[] }) {
  const { register, watch, setValue } = useFormContext<{ shippingMethod: string }>();
  const id = useId();
  const chosen = watch('shippingMethod');
  useEffect(() => {
    if (options.length === 0 || options.some((option) => option.code === chosen)) return;
    const delivered = options.filter((option) => option.code !== 'pickup');
    const cheapest = [...(delivered.length > 0 ? delivered : options)].sort((a, b) => a.cost - b.cost)[0]!;
    setValue('shippingMethod', cheapest.code);
  }, [options, chosen, setValue]);
  if (options.length === 0) return <p className="text-sm">{messages.shippingPages.noDelivery}</p>;
  return (
    <fieldset className="flex flex-col gap-2" aria-label={messages.shippingPages.deliveryLegend}>
      <legend className="mb-2 font-medium">{messages.shippingPages.deliveryLegend}</legend>
      {options.map((option) => (
        <div key={option.code} className="flex items-center gap-3 rounded-box border border-base-300 p-3">
          <input
            id={`${id}-${option.code}`}
            type="radio"
            value={option.code}
            className="radio radio-primary"
            {...register('shippingMethod')}
          />
          <label htmlFor={`${id}-${option.code}`} className="flex flex-1 flex-wrap justify-between gap-2">
            <span className="font-medium">{option.name}</span>
            <span>{option.cost === 0 ? messages.shippingPages.free : formatMoney(option.cost)}</span>
            <span className="w-full text-sm text-base-content/70">
              {arrivesText(option.estimatedDelivery)}
            </span>
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/**
 * The delivery options of the cart to `destination` (docs/requirements.md §16), quoted again when it (or the cart,
 * `cartKey`) changes; a hint while the destination is incomplete.
 */
export function DeliveryOptions({
  destination,
  cartKey,
}: {
  destination: QuoteDestination;
  cartKey: string;
}) {
  const quote = useQuote(destination, cartKey);
  if (quote.isPending && quote.fetchStatus === 'idle') return <DeliveryChoice options={[]} />;
  if (quote.isPending)
    return <span className="loading loading-spinner loading-sm" aria-label={messages.common.loading} />;
  if (quote.isError) return <p className="text-sm text-error">{quote.error.message}</p>;
  return <DeliveryChoice options={quote.data.options} />;
}
