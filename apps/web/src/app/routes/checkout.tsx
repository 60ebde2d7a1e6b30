import type { MyCompany } from '@partsforge/shared/companies';
import { messages } from '@partsforge/shared/messages';
import type { PaymentTerms } from '@partsforge/shared/trade-terms';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { PageSpinner } from '@/components/page-spinner';
import { CheckoutForm } from '@/features/cart/components/checkout-form';
import { DeliveryOptions } from '@/features/shipping/components/delivery-choice';
import { useMyCompany } from '@/features/companies/api/get-my-company';
import { ordersQueryKey } from '@/features/orders/api/get-my-orders';
import { useProfile } from '@/features/profiles/api/profile';
import { useSession } from '@/lib/auth/use-session';
import { paths } from '@/lib/paths';

/**
 * The net term a company member may order on account with (docs/requirements.md §15): the company's own, as GET
 * /companies/mine tells its terms; none when they are card.
 */
function accountTermsOf(company: MyCompany): Exclude<PaymentTerms, 'card'> | null {
  const { paymentTerms } = company.terms;
  return paymentTerms === 'card' ? null : paymentTerms;
}

/**
 * /checkout (customers; docs/requirements.md §11): the cart as one order, shipped to the address and phone of the
 * customer's profile unless changed; once placed, the new order's page. A profile that cannot be read leaves
 * the fields empty. A company member chooses where to ship from the company's address book (docs/requirements.md
 * §14 "Company accounts"); a company that cannot be read leaves the typed address only. A member may pay on account
 * (docs/requirements.md §15).
 */
export function CheckoutRoute() {
  const { user } = useSession();
  const profile = useProfile(user?.email ?? '');
  const company = useMyCompany();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return (
    <ContentLayout title={messages.cart.checkoutHeading} lead={messages.cart.checkoutLead}>
      {profile.isPending || company.isPending ? (
        <PageSpinner label={messages.common.loading} />
      ) : (
        <CheckoutForm
          defaultValues={{
            address: profile.data?.address ?? '',
            phone: profile.data?.phone ?? '',
            country: profile.data?.country ?? '',
            region: profile.data?.region ?? '',
            postalCode: profile.data?.postalCode ?? '',
          }}
          book={company.data ? { email: user?.email ?? '', addresses: company.data.addresses } : undefined}
          accountTerms={company.data ? accountTermsOf(company.data) : null}
          delivery={(destination, cartKey) => <DeliveryOptions destination={destination} cartKey={cartKey} />}
          onPlaced={(order) => {
            void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
            void navigate(paths.dashboard.order.href(order._id));
          }}
        />
      )}
    </ContentLayout>
  );
}
