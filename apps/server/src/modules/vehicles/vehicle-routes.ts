/**
 * Vehicle calls (docs/requirements.md §12), all public: the selector's lists (`GET /vehicles/years`, `/makes?year=`,
 * `/models?year=&make=`, `/engines?year=&make=&model=`; an unknown make or model gives an empty list) and
 * `GET /vehicles/vin/{vin}`, which decodes a VIN offline: 400 with the broken rule for a malformed VIN (length,
 * I/O/Q, check digit), 404 when the vPIC data cannot tell the vehicle, limited per client address (a cold decode
 * costs the server up to a few hundred milliseconds of work).
 */
import {
  apiErrorCodes,
  decodedVinSchema,
  engineChoiceSchema,
  vehicleChoiceSchema,
  vehicleEnginesQuerySchema,
  vehicleMakesQuerySchema,
  vehicleModelsQuerySchema,
  vinProblem,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, NotFoundError } from '../../lib/http-errors.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { createVehicleRepository } from './vehicle-repository.js';
import { withListing } from './vin-listing.js';

/** VIN decodes per client address per minute. */
export const VIN_DECODES_PER_MINUTE = 30;

/** Registers the vehicle routes (mounted under /api). */
export const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createVehicleRepository(app.database.db);
  const errors = errorResponses(400, 503);

  app.get(
    '/vehicles/years',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Model years',
        description: 'Every model year with a vehicle, newest first.',
        response: { 200: z.array(z.number().int()), ...errors },
      },
    },
    () => repository.years(),
  );

  app.get(
    '/vehicles/makes',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Makes of a model year',
        querystring: vehicleMakesQuerySchema,
        response: { 200: z.array(vehicleChoiceSchema), ...errors },
      },
    },
    (request) => repository.makes(request.query.year),
  );

  app.get(
    '/vehicles/models',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Models of a make in a model year',
        querystring: vehicleModelsQuerySchema,
        response: { 200: z.array(vehicleChoiceSchema), ...errors },
      },
    },
    (request) => repository.models(request.query.year, request.query.make),
  );

  app.get(
    '/vehicles/engines',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Engines of a model year',
        description: "Each engine with its vehicle's id (the selector's value).",
        querystring: vehicleEnginesQuerySchema,
        response: { 200: z.array(engineChoiceSchema), ...errors },
      },
    },
    (request) => repository.engines(request.query.year, request.query.make, request.query.model),
  );

  app.get(
    '/vehicles/vin/:vin',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Decode a VIN',
        description:
          "The vehicle a 17-character VIN names (model year, make, model, engine when known), from NHTSA's vPIC data held by the server, and `listed`: that vehicle in the vehicle list (make, model and the engine label the decoded engine is, null when the list has no such engine), or null when the list lacks the make or model; `notice` then says what could not be matched. 400 for a malformed VIN (wrong length, I, O or Q, a check digit that does not match), 404 when it cannot be decoded.",
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
      return { vin, ...vehicle, ...(await withListing(repository, vehicle)) };
    },
  );
};
