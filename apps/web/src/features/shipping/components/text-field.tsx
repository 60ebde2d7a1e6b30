/** One labelled input of the shipping pages, with its server message under it (docs/requirements.md §16). */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  inputMode,
  className = '',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  inputMode?: 'decimal' | 'numeric';
  className?: string;
}) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={`input input-sm w-full ${error ? 'input-error' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="off"
        {...(inputMode ? { inputMode } : {})}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A number as typed: '' is absent (undefined), anything else Number() of it (NaN for text the server refuses). */
export function typedNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}
