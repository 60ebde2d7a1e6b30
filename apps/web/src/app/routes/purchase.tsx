import { messages } from '@partsforge/shared/messages';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { usePart } from '@/features/catalog/api/get-part';
import { hasNetPrice, PriceBreakTable } from '@/features/catalog/components/wholesale-terms';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { isOrderable } from '@/features/catalog/orderable';
import { PurchaseForm } from '@/features/orders/components/purchase-form';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/use-session';
import { paths } from '@/lib/paths';

/** The placed order's result: a heading that takes the focus (so a screen reader hears it), Pay now and My Orders. */
function OrderPlaced({ orderId }: { orderId: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [orderId]);
  return (
    <section
      role="status"
      aria-labelledby="order-placed-heading"
      className="alert alert-success flex flex-col items-start"
    >
      <h2 id="order-placed-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold">
        {messages.orders.placedHeading}
      </h2>
      <p>{messages.orders.placedText}</p>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.dashboard.payment.href(orderId)} className="btn btn-primary btn-sm">
          {messages.orders.payNow}
        </Link>
        <Link to={paths.dashboard.myOrders.href()} className="btn btn-sm">
          {messages.orders.viewOrders}
        </Link>
      </div>
    </section>
  );
}

/**
 * /purchase/:productId (signed in; docs/requirements.md §2): the part's available quantity, minimum order quantity and
 * price per piece, and the purchase form. An unknown part shows a not-found state; a part whose minimum order
 * is above its stock shows why it cannot be ordered instead of the form. After Place Order the result takes
 * the focus; after any answer (placed or refused) the part is fetched again, so the stock shown is current.
 * Add to cart puts the quantity chosen in the cart instead.
 */
export function PurchaseRoute() {
  const { productId = '' } = useParams();
  const { user } = useSession();
  const part = usePart(productId);
  const [placedOrderId, setPlacedOrderId] = useState<string | null>(null);

  if (part.isPending) return <PageSpinner label={messages.common.loading} />;
  if (part.isError)
    return (
      <ContentLayout title={messages.pages.purchase}>
        {part.error instanceof ApiError && part.error.status === 404 ? (
          <ErrorMessage title={messages.errors.partNotFound} detail={messages.orders.partNotFoundText}>
            <Link to={paths.parts.href()} className="btn btn-sm mt-3">
              {messages.orders.backToParts}
            </Link>
          </ErrorMessage>
        ) : (
          <ErrorMessage title={messages.catalog.loadFailed} detail={part.error.message} />
        )}
      </ContentLayout>
    );

  return (
    <ContentLayout title={part.data.name}>
      <div className="grid gap-8 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          <img src={part.data.img} alt={part.data.name} className="w-full max-w-sm rounded-box bg-base-200" />
          <p>{part.data.description}</p>
          <ul className="flex flex-col gap-1 font-medium">
            <li>{messages.home.availableQuantity(part.data.available)}</li>
            <li>{messages.home.minimumOrderQuantity(part.data.minqty)}</li>
            <li>
              {hasNetPrice(part.data)
                ? messages.tradeTermsPages.listAndYourPrice(part.data.listPrice, part.data.price)
                : messages.orders.pricePerPiece(part.data.price)}
            </li>
            {part.data.packSize > 1 ? <li>{messages.catalog.packSize(part.data.packSize)}</li> : null}
          </ul>
          <PriceBreakTable part={part.data} />
        </div>
        {!isOrderable(part.data) ? (
          <ErrorMessage
            title={messages.home.notOrderable(part.data.minqty)}
            detail={messages.home.notOrderableDetail}
          >
            <Link to={paths.parts.href()} className="btn btn-sm mt-3">
              {messages.orders.backToParts}
            </Link>
          </ErrorMessage>
        ) : user ? (
          <div className="flex flex-col gap-4">
            {placedOrderId ? <OrderPlaced orderId={placedOrderId} /> : null}
            <PurchaseForm
              key={part.data._id}
              part={part.data}
              customer={{ name: user.name, email: user.email }}
              onOrdered={(orderId) => {
                setPlacedOrderId(orderId);
                void part.refetch();
              }}
              onFailed={() => void part.refetch()}
              extraAction={(quantity, orderable) => (
                <AddToCartButton
                  part={part.data}
                  quantity={quantity}
                  disabled={!orderable}
                  className="btn btn-outline btn-primary"
                />
              )}
            />
          </div>
        ) : null}
      </div>
    </ContentLayout>
  );
}
