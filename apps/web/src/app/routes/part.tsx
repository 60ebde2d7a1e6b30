import type { Part } from '@partsforge/shared/catalog';
import { vehicleLabel } from '@partsforge/shared/fitment';
import { messages } from '@partsforge/shared/messages';
import { Link, useParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { usePart } from '@/features/catalog/api/get-part';
import { PartDetails } from '@/features/catalog/components/part-details';
import { usePartFit } from '@/features/catalog/hooks/use-part-fit';
import { PartReviewsSection } from '@/features/reviews/components/part-reviews-section';
import { FitmentBadge } from '@/features/vehicles/components/fitment-badge';
import { useGarage } from '@/features/vehicles/hooks/use-garage';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';

/**
 * How the part fits the shopper's active vehicle (docs/requirements.md §12, "Buyer's side"), decided from the
 * part's rows of that make and model (usePartFit): "Universal fit", "Fits your 2019 Toyota Camry" with the row's
 * position and note, or "Does not fit your 2019 Toyota Camry"; with no vehicle, "Check fit" opens the vehicle
 * selector. Nothing while the garage loads; a line of text while the rows load or when they cannot be read.
 */
function PartFitBadge({ part }: { part: Part }) {
  const garage = useGarage();
  const vehicle = garage.active;
  const fit = usePartFit(part, vehicle);
  if (garage.isLoading) return null;
  if (!vehicle || !fit) return <FitmentBadge part={part} vehicle={null} />;
  if (fit.status === 'loading')
    return (
      <p role="status" className="text-sm text-base-content/70">
        {messages.vehicles.badge.checkingFit(vehicleLabel(vehicle))}
      </p>
    );
  if (fit.status === 'unknown')
    return (
      <p role="alert" className="text-sm text-error">
        {messages.vehicles.badge.fitUnknown(vehicleLabel(vehicle))}
      </p>
    );
  return (
    <FitmentBadge
      part={part}
      vehicle={vehicle}
      fits={fit.status}
      position={fit.status === 'fits' ? fit.position : null}
      note={fit.status === 'fits' ? fit.note : null}
    />
  );
}

/**
 * `/parts/:id` (anyone; docs/requirements.md §12, part pages): the part's details, wholesale terms, stock and
 * interchange numbers, its fitment table, how it fits the active vehicle, Buy Now and Add to cart (visitors and
 * customers), and the reviews of this part (with "Review this part" for customers). An unknown part shows "Part not found" with a way back to the catalogue; another failure says the
 * part could not be loaded.
 */
export function PartRoute() {
  const { id = '' } = useParams();
  const part = usePart(id);

  if (part.isPending) return <PageSpinner label={messages.common.loading} />;
  if (part.isError) {
    const notFound = part.error instanceof ApiError && part.error.status === 404;
    return (
      <ContentLayout title={notFound ? messages.errors.partNotFound : messages.catalog.loadFailed}>
        {notFound ? (
          <ErrorMessage title={messages.errors.partNotFound} detail={messages.orders.partNotFoundText}>
            <Link to={paths.parts.href()} className="btn btn-sm mt-3">
              {messages.orders.backToParts}
            </Link>
          </ErrorMessage>
        ) : (
          <ErrorMessage title={messages.catalog.loadFailed} detail={part.error.message}>
            <button type="button" className="btn btn-sm mt-3" onClick={() => void part.refetch()}>
              {messages.common.tryAgain}
            </button>
          </ErrorMessage>
        )}
      </ContentLayout>
    );
  }
  return (
    <>
      <PartDetails
        key={part.data._id}
        part={part.data}
        action={<AddToCartButton part={part.data} className="btn btn-outline btn-primary" />}
        fitBadge={<PartFitBadge part={part.data} />}
      />
      <PartReviewsSection key={`reviews-${part.data._id}`} partId={part.data._id} />
    </>
  );
}
