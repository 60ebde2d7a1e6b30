import type { Part } from '@partsforge/shared/catalog';

/**
 * Whether any order of the part can be placed: the smallest allowed order (`minqty`) must fit in the stock
 * (`available`). A part whose minimum order is above its stock gets no Buy Now and no purchase form; the
 * server refuses such an order anyway (above the stock: 409).
 */
export function isOrderable(part: Pick<Part, 'minqty' | 'available'>): boolean {
  return part.minqty <= part.available;
}
