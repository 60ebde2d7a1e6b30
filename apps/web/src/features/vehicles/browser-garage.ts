/**
 * A visitor's My Garage (docs/requirements.md §12 "My Garage"): `{ vehicles, active }` in local storage, each
 * vehicle with its slugs and names, merged into the account's garage at sign-in
 * (hooks/use-merge-browser-garage.ts). Components read it with useBrowserGarage(), which follows changes from
 * this tab and from others. No zod here: this module is on the home page's path.
 */
import type { NamedVehicle } from '@partsforge/shared/fitment';
import { useSyncExternalStore } from 'react';
import { GARAGE_MAX_VEHICLES } from './vehicle-rules';

/** Local storage key of the visitor's garage (like the cart's 'cart'). */
export const BROWSER_GARAGE_STORAGE_KEY = 'garage';

/** The visitor's saved vehicles, in the order saved, and the index of the active one (null: none). */
export interface BrowserGarage {
  vehicles: readonly NamedVehicle[];
  active: number | null;
}

const EMPTY: BrowserGarage = { vehicles: [], active: null };

const isName = (value: unknown): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= 64;

function isVehicle(value: unknown): value is NamedVehicle {
  if (typeof value !== 'object' || value === null) return false;
  const { year, make, makeName, model, modelName, engine } = value as Record<string, unknown>;
  return (
    typeof year === 'number' &&
    Number.isInteger(year) &&
    year >= 1900 &&
    year <= 2100 &&
    isName(make) &&
    isName(makeName) &&
    isName(model) &&
    isName(modelName) &&
    (engine === null || isName(engine))
  );
}

/** The stored garage; anything that is not a valid vehicle (edited by hand, an older format) is left out. */
function parse(raw: string | null): BrowserGarage {
  if (raw === null) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return EMPTY;
    const { vehicles, active } = value as Record<string, unknown>;
    if (!Array.isArray(vehicles)) return EMPTY;
    const valid = vehicles.filter(isVehicle).slice(0, GARAGE_MAX_VEHICLES);
    const index =
      typeof active === 'number' && Number.isInteger(active) && active >= 0 && active < valid.length
        ? active
        : null;
    return { vehicles: valid, active: index };
  } catch {
    return EMPTY;
  }
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(BROWSER_GARAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

// The last text read and its garage: the same object while the text is the same (useSyncExternalStore).
let cachedRaw: string | null = null;
let cachedGarage: BrowserGarage = EMPTY;

/** The visitor's garage as stored. */
export function readBrowserGarage(): BrowserGarage {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedGarage = parse(raw);
  }
  return cachedGarage;
}

const listeners = new Set<() => void>();

/** Stores `garage` (removing the key when it is empty) and tells the listeners. */
export function writeBrowserGarage(garage: BrowserGarage): void {
  try {
    if (garage.vehicles.length === 0) localStorage.removeItem(BROWSER_GARAGE_STORAGE_KEY);
    else
      localStorage.setItem(
        BROWSER_GARAGE_STORAGE_KEY,
        JSON.stringify({ vehicles: garage.vehicles, active: garage.active }),
      );
  } catch {
    // Storage unavailable (private browsing): the garage lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

/** Empties the visitor's garage (after it was merged into the account's). */
export function clearBrowserGarage(): void {
  writeBrowserGarage(EMPTY);
}

/** Calls `listener` when the garage changes, here or in another tab; returns the unsubscribe function. */
export function subscribeBrowserGarage(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === BROWSER_GARAGE_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor's garage, kept current. */
export function useBrowserGarage(): BrowserGarage {
  return useSyncExternalStore(subscribeBrowserGarage, readBrowserGarage, () => EMPTY);
}
