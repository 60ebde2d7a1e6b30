import { messages } from '@partsforge/shared/messages';
import { useId, useState } from 'react';
import { useActiveVehicle } from '../hooks/use-garage';
import { VehicleSelector } from './vehicle-selector';

/**
 * The catalogue's vehicle selector (docs/requirements.md §12 "Buyer's side"), collapsed behind a disclosure
 * button: "Change vehicle" with an active vehicle, "Choose a vehicle" without. The selector is drawn only while
 * open (its lists load then), and choosing a vehicle closes it again.
 */
export function VehiclePickerPanel() {
  const [open, setOpen] = useState(false);
  const active = useActiveVehicle();
  const panelId = useId();
  return (
    <div className="space-y-3">
      <button
        type="button"
        className="btn btn-outline btn-sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {active ? messages.vehicles.picker.changeVehicle : messages.vehicles.picker.chooseVehicle}
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      <div id={panelId} hidden={!open}>
        {open ? (
          <VehicleSelector
            className="rounded-box border border-base-300 bg-base-100 p-4"
            onChosen={() => setOpen(false)}
          />
        ) : null}
      </div>
    </div>
  );
}
