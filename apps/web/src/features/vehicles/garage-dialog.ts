/**
 * Whether the My Garage dialog is open (docs/requirements.md §12: "with no vehicle, 'Check fit' opens the
 * selector"). The navbar's GarageMenu draws the dialog; anything else (a card's Check fit) opens it with
 * openGarageDialog(). A small store rather than a context, so a part card needs no provider around it.
 */
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (open === value) return;
  open = value;
  for (const listener of listeners) listener();
}

/** Opens the My Garage dialog (the element focused now gets the focus back when it closes). */
export function openGarageDialog(): void {
  set(true);
}

/** Closes the My Garage dialog. */
export function closeGarageDialog(): void {
  set(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the My Garage dialog is open. */
export function useGarageDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
