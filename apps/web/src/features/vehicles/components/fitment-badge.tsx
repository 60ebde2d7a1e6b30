import type { Part } from '@partsforge/shared/catalog';
import type { NamedVehicle } from '@partsforge/shared/fitment';
import { messages } from '@partsforge/shared/messages';
import { openGarageDialog } from '../garage-dialog';
import { vehicleLabel } from '../vehicle-rules';
import { CarIcon } from './car-icon';

const text = messages.vehicles.badge;

/** How a part fits the vehicle: 'fits' (an application row), 'universal' (fits every vehicle) or 'no'. */
export type FitStatus = 'fits' | 'universal' | 'no';

interface FitmentBadgeProps {
  /** The part: its `fitment` (from a vehicle-filtered list) and `universal` decide the badge unless `fits` is given. */
  part: Pick<Part, 'universal' | 'fitment'>;
  /** The shopper's active vehicle (useActiveVehicle()); null shows "Check fit". */
  vehicle: NamedVehicle | null;
  /**
   * How the part fits `vehicle`, when the caller knows it from elsewhere (the part page, from the part's
   * application rows): overrides what `part` says. 'no' is the only way to show "Does not fit your ...".
   */
  fits?: FitStatus | undefined;
  /** Position ("Front Left") and note of the row that fits; by default the part's `fitment` ones. */
  position?: string | null | undefined;
  note?: string | null | undefined;
  /** Id of the part's name, so "Check fit" is heard with the part it is for in a list of cards. */
  describedBy?: string | undefined;
}

/** The status of the badge: `fits`, else the part's list fitment, else 'universal' for a universal part. */
function statusOf(part: FitmentBadgeProps['part'], fits: FitStatus | undefined): FitStatus | null {
  return fits ?? part.fitment?.status ?? (part.universal ? 'universal' : null);
}

/**
 * A part's fitment badge (docs/requirements.md §12 "Buyer's side"), for cards and the part page.
 *
 * - No vehicle: a "Check fit" button that opens the My Garage dialog (its vehicle selector).
 * - `fits` 'fits' (or `part.fitment.status` 'fits'): "Fits your 2019 Toyota Camry", then " — Front" with the
 *   position, and the note on a second line.
 * - 'universal' (or a universal part): "Universal fit".
 * - `fits` 'no': "Does not fit your 2019 Toyota Camry" (never derived: a list filtered by the vehicle holds only
 *   parts that fit; the part page, which knows the rows, passes it).
 * - Otherwise (an unfiltered list, "Show all parts"): nothing, since the fit is not known there.
 */
export function FitmentBadge({ part, vehicle, fits, position, note, describedBy }: FitmentBadgeProps) {
  if (!vehicle)
    return (
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        aria-haspopup="dialog"
        aria-describedby={describedBy}
        onClick={openGarageDialog}
      >
        <CarIcon className="size-4" />
        {text.checkFit}
      </button>
    );

  const status = statusOf(part, fits);
  if (status === null) return null;
  const label = vehicleLabel(vehicle);

  if (status === 'no')
    return (
      <p className="flex items-start gap-2 rounded-field border border-error/40 bg-error/5 px-3 py-2 text-sm font-semibold text-error">
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          className="mt-0.5 size-4 shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
        <span>{text.doesNotFit(label)}</span>
      </p>
    );

  const rowPosition = position === undefined ? part.fitment?.position : position;
  const rowNote = note === undefined ? part.fitment?.note : note;
  return (
    <p className="flex items-start gap-2 rounded-field border border-success/40 bg-success/5 px-3 py-2 text-sm font-semibold text-success">
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        className="mt-0.5 size-4 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M5 12l5 5L20 7" />
      </svg>
      <span>
        {status === 'universal'
          ? text.universal
          : `${text.fits(label)}${rowPosition ? ` — ${rowPosition}` : ''}`}
        {status === 'fits' && rowNote ? (
          <span className="block font-normal text-base-content/80">{rowNote}</span>
        ) : null}
      </span>
    </p>
  );
}
