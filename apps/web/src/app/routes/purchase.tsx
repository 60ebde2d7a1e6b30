import { messages } from '@partsforge/shared';
import { Link, useParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { usePart } from '@/features/catalog/api/get-part';
import { PurchaseForm } from '@/features/orders/components/purchase-form';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/use-session';

/**
 * /purchase/:productId (signed in; spec section 2): the part's available quantity, minimum order quantity and
 * price per piece, and the purchase form. An unknown part shows a not-found state.
 */
export function PurchaseRoute() {
  const { productId = '' } = useParams();
  const { user } = useSession();
  const part = usePart(productId);

  if (part.isPending) return <PageSpinner label={messages.common.loading} />;
  if (part.isError)
    return (
      <ContentLayout title={messages.pages.purchase}>
        {part.error instanceof ApiError && part.error.status === 404 ? (
          <ErrorMessage title={messages.errors.partNotFound} detail={messages.orders.partNotFoundText}>
            <Link to="/parts" className="btn btn-sm mt-3">
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
            <li>{messages.orders.pricePerPiece(part.data.price)}</li>
          </ul>
        </div>
        {user ? (
          <PurchaseForm
            key={`${part.data._id}-${part.data.available}`}
            part={part.data}
            customer={{ name: user.name, email: user.email }}
            onOrdered={() => void part.refetch()}
          />
        ) : null}
      </div>
    </ContentLayout>
  );
}
