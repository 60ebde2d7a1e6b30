/**
 * A visitor's cart (docs/requirements.md §11): `[{ partId, quantity }]` in local storage, shown with the parts'
 * current terms and merged into the account's cart at sign-in (hooks/use-merge-browser-cart.ts). Components
 * read it with useBrowserCart(), which follows changes from this tab and from others.
 */
import { MAX_CART_LINES, ORDER_QUANTITY_MAX } from '@partsforge/shared/constants';
import { messages } from '@partsforge/shared/messages';
import { useSyncExternalStore } from 'react';

/** Local storage key of the visitor's cart. */
export const BROWSER_CART_STORAGE_KEY = 'cart';

export interface BrowserCartLine {
  partId: string;
  quantity: number;
}

const EMPTY: readonly BrowserCartLine[] = [];

function isLine(value: unknown): value is BrowserCartLine {
  if (typeof value !== 'object' || value === null) return false;
  const { partId, quantity } = value as Record<string, unknown>;
  return (
    typeof partId === 'string' &&
    partId.length > 0 &&
    partId.length <= 64 &&
    typeof quantity === 'number' &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity <= ORDER_QUANTITY_MAX
  );
}

/** The stored lines; anything that is not a valid line (edited by hand, an older format) is left out. */
function parse(raw: string | null): readonly BrowserCartLine[] {
  if (raw === null) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isLine).slice(0, MAX_CART_LINES) : EMPTY;
  } catch {
    return EMPTY;
  }
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(BROWSER_CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

// The last text read and its lines: the same lines object while the text is the same (useSyncExternalStore).
let cachedRaw: string | null = null;
let cachedLines: readonly BrowserCartLine[] = EMPTY;

/** The visitor's cart lines, in the order they were added. */
export function readBrowserCart(): readonly BrowserCartLine[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = parse(raw);
  }
  return cachedLines;
}

const listeners = new Set<() => void>();

function write(lines: readonly BrowserCartLine[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(BROWSER_CART_STORAGE_KEY);
    else localStorage.setItem(BROWSER_CART_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Storage unavailable (private browsing): the cart lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

/** Sets the quantity of a part's line (adding the line at the end when it is new). */
export function setBrowserCartLine(partId: string, quantity: number): void {
  const lines = readBrowserCart();
  if (lines.some((line) => line.partId === partId))
    write(lines.map((line) => (line.partId === partId ? { partId, quantity } : line)));
  else if (lines.length >= MAX_CART_LINES) throw new Error(messages.cart.full(MAX_CART_LINES));
  else write([...lines, { partId, quantity }]);
}

/** Adds `quantity` units of a part: to its line when there is one, else as a new line. */
export function addToBrowserCart(partId: string, quantity: number): void {
  const existing = readBrowserCart().find((line) => line.partId === partId)?.quantity ?? 0;
  setBrowserCartLine(partId, Math.min(existing + quantity, ORDER_QUANTITY_MAX));
}

export function removeBrowserCartLine(partId: string): void {
  write(readBrowserCart().filter((line) => line.partId !== partId));
}

export function clearBrowserCart(): void {
  write(EMPTY);
}

/** Calls `listener` when the cart changes, here or in another tab; returns the unsubscribe function. */
export function subscribeBrowserCart(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === BROWSER_CART_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor's cart lines, kept current. */
export function useBrowserCart(): readonly BrowserCartLine[] {
  return useSyncExternalStore(subscribeBrowserCart, readBrowserCart, () => EMPTY);
}
