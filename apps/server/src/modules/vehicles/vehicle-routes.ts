/**
 * Vehicle calls (docs/requirements.md §12): `GET /vehicles/vin/{vin}` decodes a VIN offline. 400 with the broken
 * rule for a malformed VIN (length, I/O/Q, check digit), 404 when the vPIC data cannot tell the vehicle. Public,
 * limited per client address (a cold decode costs the server up to a few hundred milliseconds of work).
 */
import { apiErrorCodes, decodedVinSchema, vinProblem } from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, NotFoundError } from '../../lib/http-errors.js';
import { errorResponses } from '../../lib/route-schemas.js';

/** VIN decodes per client address per minute. */
export const VIN_DECODES_PER_MINUTE = 30;

/** Registers GET /vehicles/vin/:vin (mounted under /api). */
export const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vehicles/vin/:vin',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Decode a VIN',
        description:
          "The vehicle a 17-character VIN names (model year, make, model, engine when known), from NHTSA's vPIC data held by the server. 400 for a malformed VIN (wrong length, I, O or Q, a check digit that does not match), 404 when it cannot be decoded.",
        params: z.object({ vin: z.string().max(64) }),
        response: { 200: decodedVinSchema, ...errorResponses(400, 404, 429, 503) },
      },
      config: { rateLimit: { max: VIN_DECODES_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request) => {
      const vin = request.params.vin.trim().toUpperCase();
      const problem = vinProblem(vin);
      if (problem) throw new HttpError(400, problem, apiErrorCodes.validationFailed);
      const vehicle = await app.vinDecoder.decode(vin);
      if (!vehicle) throw new NotFoundError('This VIN could not be decoded');
      return { vin, ...vehicle };
    },
  );
};
