/** Error body of every failed API call (DESIGN.md "API"): `{ message, code?, errors? }`. */
import { z } from 'zod';

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  /** Field messages of a 400, keyed by field path. */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
