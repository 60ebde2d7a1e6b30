import { messages } from '@partsforge/shared/messages';
import { useEffect, useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorMessage } from '@/components/error-message';
import { Spinner } from '@/components/spinner';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { closeGarageDialog, openGarageDialog, useGarageDialogOpen } from '../garage-dialog';
import { useGarage } from '../hooks/use-garage';
import { GARAGE_MAX_VEHICLES, vehicleLabel } from '../vehicle-rules';
import { CarIcon } from './car-icon';
import { VehicleSelector } from './vehicle-selector';

const text = messages.vehicles.garage;

/** Shows a refused change (a signed-in shopper's garage is saved on the server) as a toast. */
function reportFailure(error: unknown): void {
  notify('error', error instanceof Error ? error.message : messages.errors.unexpected);
}

/**
 * The My Garage dialog (native modal `<dialog>`, labelled "My Garage"): the saved vehicles, each with "Shop for
 * <label>" (makes it active and opens the catalogue) and "Remove <label>", "Clear active vehicle", and the vehicle
 * selector to add one (it becomes active; the dialog closes). Escape and Close close it, and the focus returns to
 * what had it before.
 */
function GarageDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const garage = useGarage();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // Escape closes it also where the browser sends no cancel event (or the focus has left it).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeGarageDialog();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (element?.open) element.close();
      opener?.focus();
    };
  }, []);

  /** After a change that removes the focused button: the focus goes to the dialog's title, not the page. */
  const keepFocus = (change: Promise<void>) => {
    heading.current?.focus();
    change.catch(reportFailure);
  };

  const shopFor = (index: number) => {
    garage.activate(index).catch(reportFailure);
    closeGarageDialog();
    if (location.pathname !== paths.parts.pattern) void navigate(paths.parts.href());
  };

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        closeGarageDialog();
      }}
    >
      <div className="modal-box max-h-[90vh] w-full max-w-3xl space-y-5 text-base-content">
        <div className="flex items-center justify-between gap-4">
          <h2 ref={heading} id={titleId} tabIndex={-1} className="text-xl font-bold focus:outline-none">
            {text.title}
          </h2>
          <button type="button" className="btn btn-ghost btn-sm" onClick={closeGarageDialog}>
            {text.close}
          </button>
        </div>

        {garage.error ? (
          <ErrorMessage title={text.loadFailed} detail={garage.error.message} />
        ) : garage.isLoading ? (
          <p role="status" className="flex items-center gap-2">
            <Spinner size="sm" /> {messages.common.loading}
          </p>
        ) : garage.vehicles.length === 0 ? (
          <p className="text-base-content/80">{text.empty}</p>
        ) : (
          <section aria-labelledby={`${titleId}-saved`} className="space-y-3">
            <h3 id={`${titleId}-saved`} className="font-semibold">
              {text.saved}
            </h3>
            <ul className="divide-y divide-base-300 rounded-box border border-base-300">
              {garage.vehicles.map((vehicle, index) => {
                const isActive = index === garage.activeIndex;
                return (
                  <li
                    key={vehicle.label}
                    className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                    aria-current={isActive ? 'true' : undefined}
                  >
                    <span className="font-medium">
                      {vehicle.label}
                      {isActive ? (
                        <span className="badge badge-primary badge-sm ml-2 align-middle">{text.active}</span>
                      ) : null}
                    </span>
                    <span className="flex shrink-0 gap-2">
                      <button
                        type="button"
                        className="btn btn-primary btn-sm"
                        aria-label={text.shopFor(vehicle.label)}
                        onClick={() => shopFor(index)}
                      >
                        {text.shop}
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        aria-label={text.remove(vehicle.label)}
                        onClick={() => keepFocus(garage.remove(index))}
                      >
                        {text.removeShort}
                      </button>
                    </span>
                  </li>
                );
              })}
            </ul>
            {garage.active ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => keepFocus(garage.clearActive())}
              >
                {text.clearActive}
              </button>
            ) : null}
          </section>
        )}

        <section aria-labelledby={`${titleId}-add`} className="space-y-3">
          <h3 id={`${titleId}-add`} className="font-semibold">
            {text.addHeading}
          </h3>
          <p className="text-sm text-base-content/70">{text.limit(GARAGE_MAX_VEHICLES)}</p>
          <VehicleSelector onChosen={closeGarageDialog} />
        </section>
      </div>
    </dialog>
  );
}

/**
 * The navbar's My Garage control (docs/requirements.md §12 "My Garage": "the navbar shows the active vehicle"):
 * a button reading the active vehicle's label ("2019 Toyota Camry") or "Add a vehicle", which opens the My
 * Garage dialog. Fits the phone-width bar (the label is cut short with an ellipsis); from 1024 to 1279 px, where
 * the inline links fill the bar, only its icon shows (the words stay its accessible name); from 1280 px the whole
 * label shows (the vehicle list's longest, "1993 Chevrolet Hearse/Limo Commercial Chassis", fits 22rem). The
 * dialog is also opened by a card's "Check fit" (openGarageDialog).
 */
export function GarageMenu() {
  const open = useGarageDialogOpen();
  const { active, isLoading } = useGarage();
  // The dialog belongs to this control: it closes when the control goes (a test's cleanup, a layout change).
  useEffect(() => closeGarageDialog, []);
  return (
    <>
      <button
        type="button"
        className="flex min-w-0 items-center gap-2 rounded-field px-2 py-1 text-left text-neutral-content transition-colors hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openGarageDialog}
      >
        <CarIcon className="size-6 shrink-0 text-accent" />
        <span className="flex min-w-0 flex-col leading-tight lg:max-xl:sr-only">
          <span className="text-xs font-medium text-neutral-content/80">{text.button}</span>
          <span className="max-w-[8.5rem] truncate text-sm font-semibold whitespace-nowrap text-white sm:max-w-[14rem] xl:max-w-[22rem]">
            {isLoading ? messages.common.loading : active ? vehicleLabel(active) : text.addVehicle}
          </span>
        </span>
      </button>
      {open ? <GarageDialog /> : null}
    </>
  );
}
