import type { PartAction } from '@/features/catalog/components/part-card';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';

/** Add to cart on a part card (home and catalogue): the part's minimum order, in whole packs. */
export const addToCartAction: PartAction = (part, nameId) => (
  <AddToCartButton part={part} describedBy={nameId} />
);
