import { DEFAULT_SHOP_NAME, SHOP_NAME_META_NAME } from '@partsforge/shared/constants';

/**
 * The shop's name: the server writes the configured SHOP_NAME into
 * `<meta name="partsforge:shop-name" content="...">` of index.html; DEFAULT_SHOP_NAME when it is missing or empty.
 */
export function getShopName(doc: Document = document): string {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${SHOP_NAME_META_NAME}"]`)?.content.trim();
  return content ? content : DEFAULT_SHOP_NAME;
}
