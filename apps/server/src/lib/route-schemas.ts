/**
 * Pieces of route schemas every module shares (docs/design.md "API"): error responses, all `{ message, code?,
 * errors? }` (apiErrorSchema, written by plugins/error-handler.ts), and the bearer-token security requirement
 * of signed-in routes (the scheme plugins/swagger.ts declares).
 */
import { apiErrorSchema } from '@partsforge/shared';

/** Name of the OpenAPI security scheme for the access token (`Authorization: Bearer <token>`). */
export const BEARER_SCHEME = 'bearerAuth';

/** The `security` of a route that needs the access token. */
export const bearerSecurity = [{ [BEARER_SCHEME]: [] }];

/** `{ [status]: apiErrorSchema }` for each of `statuses`: the error responses a route documents. */
export function errorResponses<const Statuses extends readonly number[]>(
  ...statuses: Statuses
): Record<Statuses[number], typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    Statuses[number],
    typeof apiErrorSchema
  >;
}
