import type { NamedVehicle } from '@partsforge/shared/fitment';
import { messages } from '@partsforge/shared/messages';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Spinner } from '@/components/spinner';
import { decodeVin } from '../api/decode-vin';
import {
  enginesQueryOptions,
  makesQueryOptions,
  modelsQueryOptions,
  useVehicleEngines,
  useVehicleMakes,
  useVehicleModels,
  useVehicleYears,
} from '../api/get-vehicle-options';
import { useGarage } from '../hooks/use-garage';

const text = messages.vehicles.selector;

interface ListFieldProps {
  id: string;
  label: string;
  value: string;
  /** Disabled until the previous choice is made. */
  ready: boolean;
  /** The first option: the prompt ("Choose a make") or, for the engine, "Any engine". */
  prompt: string;
  /** Whether the prompt may stay chosen (the engine is optional). */
  optional?: boolean;
  list: Pick<UseQueryResult<unknown>, 'isFetching' | 'isError' | 'refetch'>;
  /** What the list is, for its error ("makes"). */
  listName: string;
  onChange: (value: string) => void;
  children: ReactNode;
}

/** One labelled select of the selector, with its list's loading and error states. */
function ListField({
  id,
  label,
  value,
  ready,
  prompt,
  optional = false,
  list,
  listName,
  onChange,
  children,
}: ListFieldProps) {
  const loading = ready && list.isFetching;
  const failed = ready && list.isError && !list.isFetching;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className="select w-full"
        value={value}
        disabled={!ready || loading || failed}
        aria-busy={loading}
        aria-describedby={failed ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="" disabled={!optional && value !== ''}>
          {loading ? text.loadingOptions : prompt}
        </option>
        {ready && !loading ? children : null}
      </select>
      {failed ? (
        <div id={`${id}-error`} role="alert" className="text-sm text-error">
          {text.listFailed(listName)}{' '}
          <button type="button" className="link font-medium" onClick={() => void list.refetch()}>
            {messages.common.tryAgain}
          </button>
        </div>
      ) : null}
    </div>
  );
}

interface VehicleSelectorProps {
  /** Called once the vehicle is saved as the active one: e.g. open the catalogue, or close the dialog. */
  onChosen?: (vehicle: NamedVehicle) => void;
  /** Extra classes of the outer element. */
  className?: string;
}

/**
 * The vehicle selector (docs/requirements.md §12 "Buyer's side"): labelled selects Year, Make, Model and Engine
 * (optional, "Any engine"), each disabled until the one before it is chosen and reset when it changes, their
 * options from `GET /api/vehicles/...` (kept for the visit); a VIN field whose "Decode VIN" checks the VIN here
 * first (length, I/O/Q, check digit: the error is shown under the field), then decodes it on the server and
 * fills the selects with the vehicle the server found in the vehicle list; what the list lacks (the vehicle, or the
 * decoded engine, then "Any engine") is said under the field, never dropped silently. "Shop for this vehicle" saves the vehicle to My Garage as the active one (useGarage) and
 * calls `onChosen`. Lays out in one column on phones, two or four where it has room (container queries).
 */
export function VehicleSelector({ onChosen, className = '' }: VehicleSelectorProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const garage = useGarage();
  const vinInput = useRef<HTMLInputElement>(null);

  const [year, setYear] = useState<number | null>(null);
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const [engine, setEngine] = useState('');
  const [vin, setVin] = useState('');
  const [vinError, setVinError] = useState<string | null>(null);
  const [decoding, setDecoding] = useState(false);
  const [decoded, setDecoded] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const years = useVehicleYears();
  const makes = useVehicleMakes(year);
  const models = useVehicleModels(year, make);
  const engines = useVehicleEngines(year, make, model);

  const makeChoice = makes.data?.find((choice) => choice.slug === make);
  const modelChoice = models.data?.find((choice) => choice.slug === model);
  const engineNames = [...new Set(engines.data?.map((choice) => choice.name) ?? [])];
  const chosen: NamedVehicle | null =
    year !== null && makeChoice && modelChoice
      ? {
          year,
          make: makeChoice.slug,
          makeName: makeChoice.name,
          model: modelChoice.slug,
          modelName: modelChoice.name,
          engine: engine || null,
        }
      : null;

  /** A choice by hand: the decode's note and a save error no longer apply. */
  const touched = () => {
    setDecoded(null);
    setSaveError(null);
  };

  const decode = async (event: FormEvent) => {
    event.preventDefault();
    const value = vin.trim().toUpperCase();
    setDecoded(null);
    // The VIN rules come with the vehicles module and its zod schemas: loaded at the first decode, not with the
    // home page (docs/decisions/007-home-bundle-budget.md).
    let problem: string | null;
    try {
      problem = (await import('@partsforge/shared/vehicles')).vinProblem(value);
    } catch {
      problem = null; // The server checks the VIN too.
    }
    if (problem) {
      setVinError(problem);
      vinInput.current?.focus();
      return;
    }
    setVinError(null);
    setDecoding(true);
    try {
      // The server matches the vehicle in the vehicle list; its notice says what it could not match.
      const vehicle = await decodeVin(value);
      const { listed } = vehicle;
      if (!listed)
        throw new Error(vehicle.notice ?? text.notListed(`${vehicle.year} ${vehicle.make} ${vehicle.model}`));
      // The lists the selects show, read before the choices are set.
      await Promise.all([
        queryClient.fetchQuery(makesQueryOptions(vehicle.year)),
        queryClient.fetchQuery(modelsQueryOptions(vehicle.year, listed.make.slug)),
        queryClient.fetchQuery(enginesQueryOptions(vehicle.year, listed.make.slug, listed.model.slug)),
      ]);
      setYear(vehicle.year);
      setMake(listed.make.slug);
      setModel(listed.model.slug);
      setEngine(listed.engine ?? '');
      setSaveError(null);
      const name = [vehicle.year, listed.make.name, listed.model.name, listed.engine]
        .filter(Boolean)
        .join(' ');
      setDecoded([text.decoded(name), vehicle.notice].filter(Boolean).join(' '));
    } catch (error) {
      setVinError(error instanceof Error ? error.message : text.decodeFailed);
      vinInput.current?.focus();
    } finally {
      setDecoding(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || saving) return;
    setSaving(true);
    setSaveError(null);
    try {
      await garage.add(chosen);
      setSaving(false);
      onChosen?.(chosen);
    } catch (error) {
      setSaving(false);
      setSaveError(error instanceof Error ? error.message : text.saveFailed);
    }
  };

  const vinHintId = `${id}-vin-hint`;
  const vinErrorId = `${id}-vin-error`;
  const submitHintId = `${id}-submit-hint`;

  return (
    <div className={`@container space-y-4 ${className}`}>
      <form aria-label={text.label} className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <div className="grid grid-cols-1 gap-3 @sm:grid-cols-2 @3xl:grid-cols-4">
          <ListField
            id={`${id}-year`}
            label={text.year}
            value={year === null ? '' : String(year)}
            ready
            prompt={text.chooseYear}
            list={years}
            listName="years"
            onChange={(value) => {
              touched();
              setYear(value ? Number(value) : null);
              setMake('');
              setModel('');
              setEngine('');
            }}
          >
            {years.data?.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </ListField>
          <ListField
            id={`${id}-make`}
            label={text.make}
            value={make}
            ready={year !== null}
            prompt={makes.data?.length === 0 ? text.noOptions : text.chooseMake}
            list={makes}
            listName="makes"
            onChange={(value) => {
              touched();
              setMake(value);
              setModel('');
              setEngine('');
            }}
          >
            {makes.data?.map((choice) => (
              <option key={choice.slug} value={choice.slug}>
                {choice.name}
              </option>
            ))}
          </ListField>
          <ListField
            id={`${id}-model`}
            label={text.model}
            value={model}
            ready={make !== ''}
            prompt={models.data?.length === 0 ? text.noOptions : text.chooseModel}
            list={models}
            listName="models"
            onChange={(value) => {
              touched();
              setModel(value);
              setEngine('');
            }}
          >
            {models.data?.map((choice) => (
              <option key={choice.slug} value={choice.slug}>
                {choice.name}
              </option>
            ))}
          </ListField>
          <ListField
            id={`${id}-engine`}
            label={text.engine}
            value={engine}
            ready={model !== ''}
            prompt={text.anyEngine}
            optional
            list={engines}
            listName="engines"
            onChange={(value) => {
              touched();
              setEngine(value);
            }}
          >
            {engineNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </ListField>
        </div>
        <div className="flex flex-col gap-2 @sm:flex-row @sm:items-center">
          <button
            type="submit"
            className="btn btn-primary w-full @sm:w-auto"
            disabled={!chosen || saving}
            aria-describedby={chosen ? undefined : submitHintId}
          >
            {saving ? (
              <>
                <Spinner size="sm" /> {text.saving}
              </>
            ) : (
              text.submit
            )}
          </button>
          {chosen ? null : (
            <p id={submitHintId} className="text-sm text-base-content/70">
              {text.needsModel}
            </p>
          )}
        </div>
        {saveError ? (
          <p role="alert" className="text-sm text-error">
            {text.saveFailed} {saveError}
          </p>
        ) : null}
      </form>

      <form
        aria-label={text.vinOr}
        className="flex flex-col gap-1 border-t border-base-300 pt-4"
        onSubmit={(event) => void decode(event)}
        noValidate
      >
        <label htmlFor={`${id}-vin`} className="text-sm font-medium">
          {text.vin}
        </label>
        <div className="join w-full @xl:max-w-xl">
          <input
            ref={vinInput}
            id={`${id}-vin`}
            name="vin"
            type="text"
            value={vin}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="input join-item w-full min-w-0 font-mono uppercase"
            aria-invalid={vinError ? true : undefined}
            aria-describedby={vinError ? `${vinHintId} ${vinErrorId}` : vinHintId}
            onChange={(event) => {
              setVin(event.target.value);
              if (vinError) setVinError(null);
            }}
          />
          <button type="submit" className="btn btn-outline btn-primary join-item" disabled={decoding}>
            {decoding ? (
              <>
                <Spinner size="sm" /> {text.decoding}
              </>
            ) : (
              text.decode
            )}
          </button>
        </div>
        <p id={vinHintId} className="text-sm text-base-content/70">
          {text.vinHint}
        </p>
        {vinError ? (
          <p id={vinErrorId} role="alert" className="text-sm font-medium text-error">
            {vinError}
          </p>
        ) : null}
        <p role="status" className="text-sm font-medium text-success empty:hidden">
          {decoded}
        </p>
      </form>
    </div>
  );
}
