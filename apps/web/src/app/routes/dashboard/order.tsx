import { managesCompany } from '@partsforge/shared/companies';
import { messages } from '@partsforge/shared/messages';
import { useParams } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { ReorderPanel } from '@/features/cart/components/reorder-panel';
import { useMyCompany } from '@/features/companies/api/get-my-company';
import { AdminRefundPanel } from '@/features/credit-memos/components/admin-refund-panel';
import { CreditMemosPanel } from '@/features/credit-memos/components/credit-memos-panel';
import { useOrder } from '@/features/orders/api/get-order';
import { ApprovalActions } from '@/features/orders/components/approval-actions';
import { OrderDetails } from '@/features/orders/components/order-details';
import { ReturnItemsPanel } from '@/features/returns/components/return-items-panel';
import { useSession } from '@/lib/auth/use-session';

/**
 * /dashboard/orders/:id (the customer who placed it, or an admin; the server checks): one order in full, and for
 * the customer, Reorder. An order awaiting approval offers its company's owners and managers Approve and Reject
 * (docs/requirements.md §14 "Company accounts"); a shipped order offers its buyer Return items (docs/requirements.md
 * §17 "Returns"). A paid order shows its refunded amount and credit memos, and admins get Cancel and refund and
 * Refund part of a line (§17 "Credit memos and refunds").
 */
export function OrderRoute() {
  const { id = '' } = useParams();
  const { isNormalUser, isAdmin, user } = useSession();
  const order = useOrder(id);
  const companyOrder = order.data?.company != null;
  const company = useMyCompany(isNormalUser && companyOrder);
  const manager =
    company.data != null &&
    company.data._id === order.data?.company?._id &&
    managesCompany(company.data.role);
  const approver = manager && order.data?.status === 'awaiting-approval';
  // Only whoever placed a company's order, and the company's owners and managers, pay it.
  const canPay =
    !companyOrder || manager || order.data?.placedBy.email.toLowerCase() === user?.email.toLowerCase();

  // Shipped units can be asked back (docs/requirements.md §17 "Returns"); the server checks who and how many.
  const shipped = order.data?.status === 'shipped' || order.data?.status === 'partially-shipped';

  if (order.isPending) return <PageSpinner label={messages.common.loading} />;
  if (order.isError)
    return (
      <ContentLayout title={messages.orders.notFound}>
        <ErrorMessage title={messages.orders.notFound} detail={order.error.message} />
      </ContentLayout>
    );
  return (
    <ContentLayout title={messages.cart.orderHeading(order.data.number)}>
      <div className="flex flex-col gap-8">
        {approver ? <ApprovalActions order={order.data} size="md" /> : null}
        <OrderDetails order={order.data} canPay={canPay} admin={isAdmin} />
        {order.data.paid || order.data.refundedAmount !== null ? (
          <CreditMemosPanel order={order.data} admin={isAdmin} />
        ) : null}
        {isAdmin ? <AdminRefundPanel order={order.data} /> : null}
        {isNormalUser && shipped ? <ReturnItemsPanel order={order.data} /> : null}
        {isNormalUser ? <ReorderPanel orderId={order.data._id} /> : null}
      </div>
    </ContentLayout>
  );
}
