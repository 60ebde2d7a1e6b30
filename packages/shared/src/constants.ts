/**
 * Business constants from the product specification (docs/requirements.md §9 unless noted).
 * Money is in dollars on the wire; the server stores integer cents.
 */

/** Shop name shown in the hero ("Welcome to {product}"); docs/design.md: PartsForge, configurable with SHOP_NAME. */
export const DEFAULT_SHOP_NAME = 'PartsForge';

/** Number of parts shown in the home page's Featured Parts section. */
export const FEATURED_PARTS_COUNT = 6;

/** Minimum password length at sign-in (docs/requirements.md §5): accounts made before the stricter rule still sign in. */
export const PASSWORD_MIN_LENGTH = 6;

/**
 * Minimum length of a new password at sign-up (docs/security.md V6; NIST SP 800-63B asks for at least 8),
 * stricter than the spec's 6 (docs/decisions/011-auth-paths-limits-and-token-revocation.md).
 */
export const NEW_PASSWORD_MIN_LENGTH = 8;

/** Review rating bounds, in stars (docs/requirements.md §5 and §9). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** Toast auto-close delay in milliseconds. */
export const TOAST_AUTO_CLOSE_MS = 5000;

/** Local storage key of the access token. */
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';

/** Lazy chunk load timeout in milliseconds. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Query cache time (garbage collection) in milliseconds: 5 minutes. */
export const QUERY_CACHE_TIME_MS = 5 * 60 * 1000;

/** Number of retries for failed data queries; delay doubles from 1 s up to 30 s. */
export const QUERY_RETRY_COUNT = 3;
export const QUERY_RETRY_BASE_DELAY_MS = 1000;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;

/** Paging of list endpoints (docs/design.md "API": no call returns an unbounded table). */
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
/** Default page size of the short lookup lists (makes, categories): one page holds them all. */
export const LOOKUP_PAGE_SIZE = 100;

/** Catalogue search (docs/decisions/005-catalogue-search.md): longest accepted `q`, in characters. */
export const MAX_SEARCH_LENGTH = 200;
/** Orders of `GET /api/parts`; 'relevance' is the catalogue's own order when there is no search text. */
export const PART_SORTS = ['relevance', 'price-asc', 'price-desc', 'name-asc', 'name-desc'] as const;
export type PartSort = (typeof PART_SORTS)[number];

/** Marketing figures of the trust block and footer (docs/requirements.md §2 and §9). */
export const TRUST_TILES = [
  { _id: 'reviews', number: '2787788+', text: 'Reviews' },
  { _id: 'feedback', number: '98.85%', text: 'Positive Feedback' },
  { _id: 'parts', number: '88,000+', text: 'Parts' },
  { _id: 'customers', number: '10k+', text: 'Happy customers' },
] as const;

export const MANUFACTURING_SINCE = 1992;

/**
 * Name of the `<meta>` tag in the SPA's index.html whose `content` carries the shop name; the server rewrites it
 * (and the `<title>`) with the configured SHOP_NAME when it serves the page.
 */
export const SHOP_NAME_META_NAME = 'partsforge:shop-name';

/**
 * Most lines one cart (and one order) may hold (docs/requirements.md §11). Here, not in cart.ts, so the web app's
 * browser cart reads it without taking in the cart's zod schemas.
 */
export const MAX_CART_LINES = 500;

/** Largest quantity of one line item (docs/security.md V2): stock counts and totals stay far from overflow. */
export const ORDER_QUANTITY_MAX = 1_000_000;
