/**
 * Answers of the spec's write calls (docs/requirements.md §7: the client reads `insertedId`, `deletedCount`,
 * `modifiedCount`, `acknowledged`), shared by every module that answers one.
 */
import { z } from 'zod';

/** `{ modifiedCount }`: how many records the call changed (0 when there was nothing to change). */
export const modifiedCountResponseSchema = z.object({ modifiedCount: z.number().int().min(0) });
export type ModifiedCountResponse = z.infer<typeof modifiedCountResponseSchema>;

/** `{ deletedCount }`: how many records the call removed. */
export const deletedCountResponseSchema = z.object({ deletedCount: z.number().int().min(0) });
export type DeletedCountResponse = z.infer<typeof deletedCountResponseSchema>;
