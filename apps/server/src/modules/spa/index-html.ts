/**
 * The web app's index.html with the configured shop name (docs/design.md: the shop's name is configurable with
 * SHOP_NAME): the `<meta name="partsforge:shop-name">` content, which the SPA reads, the `<title>` text and the
 * home page shell's h1 ("Welcome to {shop name}"). The home page shell (docs/decisions/007) is the markup between
 * `<!-- partsforge:home-shell -->` and `<!-- /partsforge:home-shell -->`: the first screen of `/` as plain HTML,
 * painted before the app's script has loaded; every other page is sent without it.
 */
import { messages } from '@partsforge/shared';

/** Escapes text for use in HTML text and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const SHOP_NAME_META = /<meta\b[^>]*\bname\s*=\s*["']partsforge:shop-name["'][^>]*>/i;
const CONTENT_ATTRIBUTE = /\bcontent\s*=\s*(?:"[^"]*"|'[^']*')/i;
const TITLE = /(<title\b[^>]*>)[\s\S]*?(<\/title>)/i;
const HERO_HEADING = /(<h1\b[^>]*\bid\s*=\s*["']hero-heading["'][^>]*>)[\s\S]*?(<\/h1>)/i;
const HOME_SHELL =
  /[ \t]*<!--\s*partsforge:home-shell\s*-->[\s\S]*?<!--\s*\/partsforge:home-shell\s*-->[ \t]*\n?/g;

/**
 * Returns `html` with the shop-name meta content and the title text replaced by the escaped `shopName`, and the
 * hero's h1 text by the escaped "Welcome to {shopName}".
 */
export function renderIndexHtml(html: string, shopName: string): string {
  const escaped = escapeHtml(shopName);
  const heroTitle = escapeHtml(messages.home.heroTitle(shopName));
  return html
    .replace(SHOP_NAME_META, (tag) =>
      CONTENT_ATTRIBUTE.test(tag)
        ? tag.replace(CONTENT_ATTRIBUTE, () => `content="${escaped}"`)
        : tag.replace(/\s*\/?>$/, (end) => ` content="${escaped}"${end}`),
    )
    .replace(TITLE, (_match, open: string, close: string) => `${open}${escaped}${close}`)
    .replace(HERO_HEADING, (_match, open: string, close: string) => `${open}${heroTitle}${close}`);
}

const MODULE_SCRIPT =
  /<script\b(?=[^>]*\btype\s*=\s*["']?module\b)[^>]*\bsrc\s*=\s*["']([^"']+)["'][^>]*>\s*<\/script>/i;

/** The web app's loader (apps/web/public/start-app.js): starts the entry whose address it is given after the first paint. */
const START_APP_SCRIPT = '/start-app.js';

/**
 * `html` with its entry module script replaced by the deferred loader (`START_APP_SCRIPT`, the entry's address in
 * `data-entry`): the page the home page is sent. Its first screen is the shell, painted with the stylesheet and the
 * hero picture alone, so the entry starts after that paint instead of competing with them, and Lighthouse's
 * simulation no longer counts its download before the largest paint (docs/decisions/007). Other pages need the
 * script to paint. A page without a module script is returned unchanged.
 */
export function withEntryAfterFirstPaint(html: string): string {
  return html.replace(
    MODULE_SCRIPT,
    (_tag, src: string) => `<script defer src="${START_APP_SCRIPT}" data-entry="${src}"></script>`,
  );
}

/** `html` without the home page shell: the page every path but the home page's is sent. */
export function withoutHomeShell(html: string): string {
  return html.replace(HOME_SHELL, '');
}
