import { useEffect } from 'react';
import { getShopName } from '@/lib/shop-name';

/** Sets the tab title to "{title} | {shop name}", or the shop name alone when no title is given. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    const shopName = getShopName();
    document.title = title ? `${title} | ${shopName}` : shopName;
  }, [title]);
}
