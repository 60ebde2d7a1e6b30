import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@/lib/paths';
import { useClearCart } from '../api/clear-cart';
import { useCart } from '../hooks/use-cart';
import { useCartEdits, type CartEdits } from '../hooks/use-cart-edits';
import { CartLineRow } from './cart-line-row';
import { CartLoadError } from './cart-load-error';

/** The empty cart: what to do instead, browse the catalogue or order by part number. */
function EmptyCart() {
  return (
    <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
      <p className="text-lg font-semibold">{messages.cart.empty}</p>
      <p className="mt-2 text-base-content/80">{messages.cart.emptyHint}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <Link to={paths.parts.href()} className="btn btn-primary">
          {messages.cart.browseParts}
        </Link>
        <Link to={paths.quickOrder.href()} className="btn">
          {messages.cart.quickOrder}
        </Link>
      </div>
    </div>
  );
}

/**
 * Checkout on the cart page: refused (disabled, with the reason under it) while a line is invalid; while a typed
 * quantity is not saved yet, it saves it first and goes on only once the cart holds every quantity shown.
 */
function CheckoutAction({ edits }: { edits: CartEdits }) {
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const reasonId = useId();
  if (edits.anyInvalid)
    return (
      <div className="flex flex-col items-end gap-1">
        <button type="button" className="btn btn-primary" disabled aria-describedby={reasonId}>
          {messages.cart.checkout}
        </button>
        <p id={reasonId} className="text-sm text-error">
          {messages.cart.fixLinesFirst}
        </p>
      </div>
    );
  return (
    <Link
      to={paths.checkout.href()}
      className="btn btn-primary"
      aria-disabled={saving || undefined}
      onClick={(event) => {
        if (!edits.anyUnsaved && !saving) return;
        event.preventDefault();
        if (saving) return;
        setSaving(true);
        void edits.flush().then((saved) => {
          setSaving(false);
          if (saved) void navigate(paths.checkout.href());
        });
      }}
    >
      {saving ? messages.cart.savingChanges : messages.cart.checkout}
    </Link>
  );
}

/**
 * The cart page's content (docs/requirements.md §11): one line per part (CartLineRow), the subtotal and the core
 * deposits (docs/requirements.md §17), Checkout (a
 * visitor signs in first and comes back to checkout; see CheckoutAction), Quick order, and Empty cart after a
 * confirmation. While a typed quantity is not in the cart, the subtotal says "Not priced yet". Loading, error
 * and empty states.
 */
export function CartView() {
  const { cart, isPending, error, refetch } = useCart();
  const clearCart = useClearCart();
  const [confirmClear, setConfirmClear] = useState(false);
  const edits = useCartEdits(cart?.lines ?? []);

  if (isPending) return <PageSpinner label={messages.common.loading} />;
  if (error || !cart) return <CartLoadError error={error} onRetry={refetch} />;
  if (cart.lines.length === 0) return <EmptyCart />;
  const typing = cart.lines.some((line) => edits.lineEdit(line).typed !== null);

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="cart-lines-heading">
        <h2 id="cart-lines-heading" className="sr-only">
          {messages.cart.linesCaption}
        </h2>
        <ul className="divide-y divide-base-300 rounded-box border border-base-300 px-4">
          {cart.lines.map((line) => (
            <CartLineRow
              key={line.partId}
              line={line}
              edit={edits.lineEdit(line)}
              onQuantityChange={(text) => edits.change(line, text)}
            />
          ))}
        </ul>
      </section>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <p className="text-xl">
            <span className="font-medium">{messages.cart.subtotal}: </span>
            {typing ? (
              <span className="text-base">{messages.cart.notPriced}</span>
            ) : (
              <span className="font-bold">{formatMoney(cart.subtotal)}</span>
            )}
          </p>
          {cart.coreTotal > 0 ? (
            // Refundable core deposits on their own line (docs/requirements.md §17), never in the subtotal.
            <p>
              <span className="font-medium">{messages.coreCharges.coreDeposits}: </span>
              {typing ? (
                <span>{messages.cart.notPriced}</span>
              ) : (
                <span className="font-semibold">{formatMoney(cart.coreTotal)}</span>
              )}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-ghost text-error" onClick={() => setConfirmClear(true)}>
            {messages.cart.clear}
          </button>
          <Link to={paths.quickOrder.href()} className="btn">
            {messages.cart.quickOrder}
          </Link>
          <CheckoutAction edits={edits} />
        </div>
      </div>
      <ConfirmDialog
        open={confirmClear}
        title={messages.cart.confirmClearTitle}
        confirmLabel={messages.cart.clear}
        cancelLabel={messages.cart.keepCart}
        busy={clearCart.isPending}
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => clearCart.mutate(undefined, { onSettled: () => setConfirmClear(false) })}
      >
        <p>{messages.cart.confirmClearText}</p>
      </ConfirmDialog>
    </div>
  );
}
