/**
 * OpenAPI document generated from the route schemas (zod, through fastify-type-provider-zod) and its docs
 * page at /api/docs (JSON at /api/docs/json). Must be registered before the routes it describes.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { BEARER_SCHEME } from '../lib/route-schemas.js';

export interface SwaggerPluginOptions {
  shopName: string;
}

/** Registers the OpenAPI generator (zod route schemas -> OpenAPI 3.0.3) and the docs UI at /api/docs. */
export const swaggerPlugin = fp<SwaggerPluginOptions>(
  async (app, { shopName }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: `${shopName} API`,
          description:
            'Public catalogue and shop API. Money is in dollars; lists are paged with limit/offset and return the total in X-Total-Count.',
          version: '0.1.0',
        },
        servers: [],
        components: {
          securitySchemes: {
            // The spec's access token (PUT /api/user/{email}), sent as `Authorization: Bearer <token>`.
            [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'swagger' },
);
