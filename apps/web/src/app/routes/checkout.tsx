import { messages } from '@partsforge/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { PageSpinner } from '@/components/page-spinner';
import { CheckoutForm } from '@/features/cart/components/checkout-form';
import { useMyCompany } from '@/features/companies/api/get-my-company';
import { ordersQueryKey } from '@/features/orders/api/get-my-orders';
import { useProfile } from '@/features/profiles/api/profile';
import { useSession } from '@/lib/auth/use-session';
import { paths } from '@/lib/paths';

/**
 * /checkout (customers; docs/requirements.md §11): the cart as one order, shipped to the address and phone of the
 * customer's profile unless changed; once placed, the new order's page. A profile that cannot be read leaves
 * the fields empty. A company member chooses where to ship from the company's address book (docs/requirements.md
 * §14 "Company accounts"); a company that cannot be read leaves the typed address only.
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
          defaultValues={{ address: profile.data?.address ?? '', phone: profile.data?.phone ?? '' }}
          book={company.data ? { email: user?.email ?? '', addresses: company.data.addresses } : undefined}
          onPlaced={(order) => {
            void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
            void navigate(paths.dashboard.order.href(order._id));
          }}
        />
      )}
    </ContentLayout>
  );
}
