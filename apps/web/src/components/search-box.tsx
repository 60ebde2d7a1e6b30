import { MAX_SEARCH_LENGTH } from '@partsforge/shared/constants';
import type { ReactNode } from 'react';

/**
 * A labelled control of a search or filter form: the label above `children`, tied to the control whose id is
 * `id`. `className` sizes the field (by default it may shrink in a grid cell).
 */
export function FilterField({
  id,
  label,
  className = 'min-w-0',
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex ${className} flex-col gap-1`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

interface SearchBoxProps {
  /** The input's id (its label's `htmlFor`). */
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The text of the submit button joined to the box. */
  buttonLabel: string;
}

/**
 * The search box of a `role="search"` form: a `type="search"` input named `q` (at most MAX_SEARCH_LENGTH
 * characters, no autocomplete or spell check) joined to its submit button; the form's submit applies it.
 */
export function SearchBox({ id, value, onChange, placeholder, buttonLabel }: SearchBoxProps) {
  return (
    <div className="join w-full">
      <input
        id={id}
        type="search"
        name="q"
        value={value}
        maxLength={MAX_SEARCH_LENGTH}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        className="input join-item w-full"
        onChange={(event) => onChange(event.target.value)}
      />
      <button type="submit" className="btn btn-primary join-item">
        {buttonLabel}
      </button>
    </div>
  );
}
