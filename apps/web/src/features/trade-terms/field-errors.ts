import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Marks the fields a 400's `errors` names (keys are the body's paths, e.g. `creditLimit` or `0.price`; `prefix`
 * maps them to the form's names, e.g. `prices.`; a key naming no field of the form, such as a list's `sku`, marks
 * nothing), then rethrows `error` so the form shows its message too.
 */
export function throwToForm<Values extends FieldValues>(
  error: unknown,
  form: UseFormReturn<Values, unknown, unknown>,
  prefix = '',
): never {
  if (error instanceof ApiError && error.errors) {
    for (const [key, message] of Object.entries(error.errors)) {
      const name = `${prefix}${key}` as Path<Values>;
      if (form.getValues(name) !== undefined) form.setError(name, { type: 'server', message });
    }
  }
  throw error;
}
