import type { Garage, GarageInput, GarageVehicle, NamedVehicle } from '@partsforge/shared/fitment';
import { messages } from '@partsforge/shared/messages';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/auth/use-session';
import { notify } from '@/lib/notify';
import { emptyGarage, garageQueryKey, garageQueryOptions } from '../api/get-garage';
import { saveGarage } from '../api/save-garage';
import {
  readBrowserGarage,
  useBrowserGarage,
  writeBrowserGarage,
  type BrowserGarage,
} from '../browser-garage';
import {
  activateVehicle,
  addVehicle,
  clearActiveVehicle,
  removeVehicle,
  type GarageState,
} from '../garage-changes';
import { GARAGE_MAX_VEHICLES, vehicleLabel } from '../vehicle-rules';

/**
 * Where the garage lives: 'server' for anyone signed in (customers and admins: `GET/PUT /api/garage`),
 * 'browser' for a visitor (local storage), 'loading' until the session is known.
 */
export type GarageMode = 'loading' | 'server' | 'browser';

/** The garage's home for the current session (docs/requirements.md §12 "My Garage"). */
export function useGarageMode(): GarageMode {
  const { user, isLoading } = useSession();
  if (isLoading) return 'loading';
  return user ? 'server' : 'browser';
}

/** What useGarage returns. */
export interface UseGarageResult {
  /** The saved vehicles, in the order saved, each with its label ('2019 Toyota Camry 2.5L 4-cyl'). */
  vehicles: GarageVehicle[];
  /** The active vehicle, or null. */
  active: GarageVehicle | null;
  /** Its index in `vehicles`, or null. */
  activeIndex: number | null;
  /** True until the garage is known (the session, then a signed-in shopper's `GET /api/garage`). */
  isLoading: boolean;
  /** The failure of `GET /api/garage`, or null. */
  error: Error | null;
  /**
   * Saves `vehicle` as the active one (a vehicle already saved just becomes active; a full garage drops its
   * oldest inactive vehicle and says so in a toast). Rejects with the API's error when the server refuses.
   */
  add: (vehicle: NamedVehicle) => Promise<void>;
  /** Makes the vehicle at `index` the active one. */
  activate: (index: number) => Promise<void>;
  /** Removes the vehicle at `index` (removing the active one leaves none active). */
  remove: (index: number) => Promise<void>;
  /** Leaves the vehicles saved and none active. */
  clearActive: () => Promise<void>;
}

/** A vehicle with the label the server gives it (engine included when chosen). */
function withLabel(vehicle: NamedVehicle): GarageVehicle {
  return {
    year: vehicle.year,
    make: vehicle.make,
    makeName: vehicle.makeName,
    model: vehicle.model,
    modelName: vehicle.modelName,
    engine: vehicle.engine || null,
    label: vehicleLabel(vehicle, { withEngine: true }),
  };
}

/** The body of `PUT /api/garage` and `POST /api/garage/merge` for a garage: slugs and engine only. */
export function garageInput(garage: GarageState<NamedVehicle>): GarageInput {
  return {
    vehicles: garage.vehicles.map(({ year, make, model, engine }) => ({ year, make, model, engine })),
    active: garage.active,
  };
}

type Change = (garage: GarageState<GarageVehicle>) => GarageState<GarageVehicle>;

let lastServerChange = 0;

/**
 * Applies `change` to the signed-in shopper's garage: shown at once (optimistic), then saved with
 * `PUT /api/garage`; the server's answer replaces it unless a later change was sent meanwhile. The garage is read
 * first when it is not known yet. A refused change reads the garage again and rejects.
 */
async function changeServerGarage(queryClient: QueryClient, change: Change): Promise<void> {
  // Never change a garage not read yet: the PUT replaces the whole garage.
  const read = await queryClient.ensureQueryData(garageQueryOptions);
  await queryClient.cancelQueries({ queryKey: garageQueryKey });
  const current = queryClient.getQueryData<Garage>(garageQueryKey) ?? read;
  const next = change(current);
  if (next === current) return;
  const sequence = ++lastServerChange;
  queryClient.setQueryData<Garage>(garageQueryKey, { vehicles: [...next.vehicles], active: next.active });
  try {
    const saved = await saveGarage(garageInput(next));
    if (sequence === lastServerChange) queryClient.setQueryData(garageQueryKey, saved);
  } catch (error) {
    void queryClient.invalidateQueries({ queryKey: garageQueryKey });
    throw error;
  }
}

/** Applies `change` to the visitor's browser garage. */
function changeBrowserGarage(change: (garage: BrowserGarage) => BrowserGarage): void {
  const current = readBrowserGarage();
  const next = change(current);
  if (next !== current) writeBrowserGarage(next);
}

const toastRemoved = (removed: NamedVehicle | null) => {
  if (removed)
    notify(
      'warning',
      messages.vehicles.garage.full(GARAGE_MAX_VEHICLES, vehicleLabel(removed, { withEngine: true })),
    );
};

/**
 * My Garage (docs/requirements.md §12 "My Garage"), one hook for every shopper: up to GARAGE_MAX_VEHICLES saved
 * vehicles, one of them active. A visitor's lives in local storage (merged into the account's at sign-in by
 * useMergeBrowserGarageOnSignIn); a signed-in shopper's (customer or admin) on the server, `GET /api/garage`
 * (query key ['garage']) and `PUT /api/garage` for each change. While the session loads, changes go to the
 * browser (and are merged once the session turns out signed in).
 */
export function useGarage(): UseGarageResult {
  const mode = useGarageMode();
  const queryClient = useQueryClient();
  const server = useQuery({ ...garageQueryOptions, enabled: mode === 'server' });
  const browser = useBrowserGarage();

  const onServer = mode === 'server';
  const garage: GarageState<GarageVehicle> = onServer
    ? (server.data ?? emptyGarage)
    : { vehicles: browser.vehicles.map(withLabel), active: browser.active };
  const active = garage.active === null ? null : (garage.vehicles[garage.active] ?? null);

  const apply = async (
    serverChange: Change,
    browserChange: (garage: BrowserGarage) => BrowserGarage,
  ): Promise<void> => {
    if (onServer) await changeServerGarage(queryClient, serverChange);
    else changeBrowserGarage(browserChange);
  };

  return {
    vehicles: [...garage.vehicles],
    active,
    activeIndex: active ? garage.active : null,
    isLoading: mode === 'loading' || (onServer && server.isPending),
    error: onServer ? server.error : null,
    add: (vehicle) => {
      let removed: NamedVehicle | null = null;
      const named: NamedVehicle = { ...vehicle, engine: vehicle.engine || null };
      return apply(
        (current) => {
          const result = addVehicle(current, withLabel(named));
          removed = result.removed;
          return result.garage;
        },
        (current) => {
          const result = addVehicle(current, named);
          removed = result.removed;
          return result.garage;
        },
      ).then(() => toastRemoved(removed));
    },
    activate: (index) =>
      apply(
        (current) => activateVehicle(current, index),
        (current) => activateVehicle(current, index),
      ),
    remove: (index) =>
      apply(
        (current) => removeVehicle(current, index),
        (current) => removeVehicle(current, index),
      ),
    clearActive: () => apply(clearActiveVehicle, clearActiveVehicle),
  };
}

/**
 * The active vehicle of My Garage, or null (none chosen, or the garage still loading): what the catalogue filters
 * by and the fitment badges name (docs/requirements.md §12).
 */
export function useActiveVehicle(): GarageVehicle | null {
  return useGarage().active;
}
