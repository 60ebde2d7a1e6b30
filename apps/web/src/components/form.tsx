/**
 * The one form pattern of the app: a zod schema validates, react-hook-form holds the values, and these parts
 * draw the form.
 *
 * - `<Form schema defaultValues onSubmit className>`: a `<form noValidate>` whose fields follow `schema`
 *   (`defaultValues` has the schema's input shape). `onSubmit(values, form)` gets the parsed output and the
 *   react-hook-form methods (`reset`, `setError`...); while it runs, the form is submitting. If it throws, the
 *   error's message (else "unexpected error") is the form's failure, shown by `<FormAlert>` until the next
 *   valid submit; if it resolves and `resetAfterSubmit` is set, the fields return to `defaultValues`.
 *   `children` is nodes, or a function of the form methods (to `watch` a value while drawing).
 * - `<Field name label options>`: a labelled input registered under `name` (with register `options`, e.g.
 *   `valueAsNumber`), its validation message under it; `<TextAreaField>` and `<SelectField>` likewise. Each
 *   is a real `<label>` tied to its control, which is `aria-invalid` and described by the message.
 * - `<CheckboxField name label>`: a checkbox of the form, its label beside it.
 * - `<FormField label error>`: the same labelled input, not registered (read-only values).
 * - `<FormAlert>`: the failure, in red, announced (role="alert").
 * - `<SubmitButton disabled>`: the submit button, disabled while submitting (and when `disabled`); its
 *   children may be a function of `submitting` (e.g. "Working..." or a spinner).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@partsforge/shared/messages';
import {
  createContext,
  forwardRef,
  useContext,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import {
  FormProvider,
  get,
  useForm,
  useFormContext,
  useFormState,
  type DefaultValues,
  type FieldValues,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

const FailureContext = createContext<string | null>(null);

interface FormProps<Input extends FieldValues, Output> {
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  onSubmit: (values: Output, form: UseFormReturn<Input, unknown, Output>) => unknown;
  /** Once `onSubmit` has resolved, the fields return to `defaultValues` (ready for the next one). */
  resetAfterSubmit?: boolean;
  className?: string;
  children: ReactNode | ((form: UseFormReturn<Input, unknown, Output>) => ReactNode);
}

export function Form<Input extends FieldValues, Output>({
  schema,
  defaultValues,
  onSubmit,
  resetAfterSubmit = false,
  className,
  children,
}: FormProps<Input, Output>) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values, form);
      if (resetAfterSubmit) form.reset(defaultValues);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : messages.errors.unexpected);
    }
  });
  return (
    <FormProvider {...form}>
      <FailureContext.Provider value={failure}>
        <form noValidate onSubmit={(event) => void submit(event)} className={className}>
          {typeof children === 'function' ? children(form) : children}
        </form>
      </FailureContext.Provider>
    </FormProvider>
  );
}

interface ShellProps {
  label: string;
  /** The validation message, shown in red under the control and announced. */
  error?: string | undefined;
  className?: string | undefined;
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** A real `<label>` tied to its control, and the control's validation message. */
function FieldShell({ label, error, className, children }: ShellProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className ? `flex flex-col gap-1 ${className}` : 'flex flex-col gap-1'}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children(error ? { id, 'aria-invalid': true, 'aria-describedby': errorId } : { id })}
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
}

/** A labelled input with its validation message, not tied to the form (spreads register() when it is). */
export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(function FormField(
  { label, error, className, ...input },
  ref,
) {
  return (
    <FieldShell label={label} error={error}>
      {(control) => (
        <input
          ref={ref}
          {...control}
          className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
          {...input}
        />
      )}
    </FieldShell>
  );
});

interface Registered {
  name: string;
  label: string;
  /** register()'s options, e.g. `{ valueAsNumber: true }`. */
  options?: RegisterOptions;
}

/** The form's register() for `name` and the field's validation message. */
function useRegistered(name: string, options?: RegisterOptions) {
  const { register, control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const error = (get(errors, name) as { message?: string } | undefined)?.message;
  return { field: register(name, options), error };
}

type FieldProps = Registered & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>;

/** An input of the form, registered under `name`. */
export function Field({ name, options, ...input }: FieldProps) {
  const { field, error } = useRegistered(name, options);
  return <FormField {...input} error={error} {...field} />;
}

type TextAreaFieldProps = Registered & { className?: string } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'name' | 'className'
  >;

/** A textarea of the form, registered under `name`; `className` is for its wrapper (e.g. a grid span). */
export function TextAreaField({ name, label, options, className, ...textarea }: TextAreaFieldProps) {
  const { field, error } = useRegistered(name, options);
  return (
    <FieldShell label={label} error={error} className={className}>
      {(control) => (
        <textarea
          {...control}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
          {...textarea}
          {...field}
        />
      )}
    </FieldShell>
  );
}

type CheckboxFieldProps = Registered &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type' | 'className'>;

/** A checkbox of the form, registered under `name`, with its label beside it. */
export function CheckboxField({ name, label, options, ...input }: CheckboxFieldProps) {
  const { field, error } = useRegistered(name, options);
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input id={id} type="checkbox" className="checkbox checkbox-primary" {...input} {...field} />
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
      </div>
      {error ? <p className="text-sm text-error">{error}</p> : null}
    </div>
  );
}

type SelectFieldProps = Registered & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'className'>;

/** A select of the form, registered under `name`, with its `<option>` children. */
export function SelectField({ name, label, options, ...select }: SelectFieldProps) {
  const { field, error } = useRegistered(name, options);
  return (
    <FieldShell label={label} error={error}>
      {(control) => (
        <select
          {...control}
          className={`select w-full ${error ? 'select-error' : ''}`}
          {...select}
          {...field}
        />
      )}
    </FieldShell>
  );
}

/** The form's failure (what its onSubmit threw), in red; nothing while there is none. */
export function FormAlert({ className }: { className?: string }) {
  const failure = useContext(FailureContext);
  return failure ? (
    <p role="alert" className={className ? `text-error ${className}` : 'text-error'}>
      {failure}
    </p>
  ) : null;
}

/** The submit button, disabled while the form is submitting and when `disabled`. */
export function SubmitButton({
  disabled = false,
  children,
}: {
  disabled?: boolean;
  children: ReactNode | ((submitting: boolean) => ReactNode);
}) {
  const { isSubmitting } = useFormState();
  return (
    <button type="submit" className="btn btn-primary" disabled={isSubmitting || disabled}>
      {typeof children === 'function' ? children(isSubmitting) : children}
    </button>
  );
}
