/**
 * My Garage calls (docs/requirements.md §12 "My Garage"), for signed-in customers: GET /garage, PUT /garage
 * (replace the whole garage) and POST /garage/merge (a visitor's browser garage at sign-in). Rules live in
 * garage-service.ts.
 */
import { garageInputSchema, garageSchema } from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireSignedIn } from '../identity/index.js';
import { createGarageService } from './garage-service.js';

const errors = errorResponses(400, 401, 503);
const security = bearerSecurity;

/** Registers the garage routes (mounted under /api): 401 for callers who are not signed in. */
export const garageRoutes: FastifyPluginAsyncZod = async (app) => {
  const garage = createGarageService(app.database.db);

  app.get(
    '/garage',
    {
      schema: {
        tags: ['garage'],
        summary: 'Your saved vehicles',
        description:
          "The vehicles in the order saved, each with its make's and model's names, the engine (null: not chosen) and a label ('2019 Toyota Camry 2.5L 4-cyl'), and the index of the active vehicle (null: none).",
        security,
        response: { 200: garageSchema, ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request) => garage.get(request.user.id),
  );

  app.put(
    '/garage',
    {
      schema: {
        tags: ['garage'],
        summary: 'Replace your saved vehicles',
        description:
          'Saves the whole garage and the index of the active vehicle, and answers it as GET does. 400 VALIDATION_FAILED (nothing changes) for more than 10 vehicles, a vehicle twice, or a vehicle (year, make and model slugs, engine label) that is not in the vehicle list.',
        security,
        body: garageInputSchema,
        response: { 200: garageSchema, ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request) => garage.replace(request.user.id, request.body),
  );

  app.post(
    '/garage/merge',
    {
      schema: {
        tags: ['garage'],
        summary: "Merge a visitor's garage into your saved vehicles",
        description:
          "Called at sign-in with the garage kept in the browser: the saved vehicles first, then the visitor's vehicles not saved yet, up to 10 (the rest are left out); the visitor's active vehicle becomes active. Vehicles not in the vehicle list are dropped. Answers the merged garage.",
        security,
        body: garageInputSchema,
        response: { 200: garageSchema, ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request) => garage.merge(request.user.id, request.body),
  );
};
