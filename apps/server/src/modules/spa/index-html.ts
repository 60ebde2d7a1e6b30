/**
 * The web app's index.html with the configured shop name (docs/design.md: the shop's name is configurable with
 * SHOP_NAME): the `<meta name="partsforge:shop-name">` content, which the SPA reads, and the `<title>` text.
 */

/** Escapes text for use in HTML text and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const SHOP_NAME_META = /<meta\b[^>]*\bname\s*=\s*["']partsforge:shop-name["'][^>]*>/i;
const CONTENT_ATTRIBUTE = /\bcontent\s*=\s*(?:"[^"]*"|'[^']*')/i;
const TITLE = /(<title\b[^>]*>)[\s\S]*?(<\/title>)/i;

/** Returns `html` with the shop-name meta content and the title text replaced by the escaped `shopName`. */
export function renderIndexHtml(html: string, shopName: string): string {
  const escaped = escapeHtml(shopName);
  return html
    .replace(SHOP_NAME_META, (tag) =>
      CONTENT_ATTRIBUTE.test(tag)
        ? tag.replace(CONTENT_ATTRIBUTE, () => `content="${escaped}"`)
        : tag.replace(/\s*\/?>$/, (end) => ` content="${escaped}"${end}`),
    )
    .replace(TITLE, (_match, open: string, close: string) => `${open}${escaped}${close}`);
}
