import type { InputHTMLAttributes } from 'react';
import { forwardRef, useId } from 'react';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The field's validation message, shown in red under it and announced. */
  error?: string | undefined;
}

/** A labelled input (a real `<label>` tied to it) with its validation message; spreads react-hook-form's register(). */
export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(function FormField(
  { label, error, className, ...input },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
});
