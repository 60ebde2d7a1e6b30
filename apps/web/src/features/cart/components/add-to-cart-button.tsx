import type { Part } from '@partsforge/shared/catalog';
import { messages } from '@partsforge/shared/messages';
import { useAddToCart } from '../api/add-to-cart';
import { useCartMode } from '../hooks/use-cart-mode';
import { smallestOrder } from '../quantity-reason';

interface AddToCartButtonProps {
  part: Pick<Part, '_id' | 'name' | 'minqty' | 'packSize'>;
  /** How many to add; by default the part's minimum order rounded up to whole packs. */
  quantity?: number;
  /** The id of the part's name, so the button is heard as "Add to cart, <name>" in a list of cards. */
  describedBy?: string;
  disabled?: boolean;
  className?: string;
}

/** Add to cart (docs/requirements.md §11), for visitors and customers; admins, who buy nothing, get no button. */
export function AddToCartButton({
  part,
  quantity = smallestOrder(part),
  describedBy,
  disabled = false,
  className = 'btn btn-outline btn-primary w-full',
}: AddToCartButtonProps) {
  const mode = useCartMode();
  const addToCart = useAddToCart();
  if (mode === 'none') return null;
  return (
    <button
      type="button"
      className={className}
      aria-describedby={describedBy}
      disabled={disabled || mode === 'loading' || addToCart.isPending}
      onClick={() => addToCart.mutate({ part, quantity })}
    >
      {messages.cart.addToCart}
    </button>
  );
}
