/**
 * Image uploads (docs/decisions/009): `POST /api/uploads/images` (admin) takes the image's bytes as
 * the request body (any Content-Type: the type is read from the bytes) and answers `{ url }`, a
 * `/uploads/<name>` path the product form then sends as `img`. 413 above 2 MB, 415 for anything but PNG, JPEG
 * or WebP. `GET /uploads/:name` serves the files with their own Content-Type and `nosniff`.
 */
import { apiErrorSchema, messages } from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity } from '../../lib/route-schemas.js';
import { HttpError, NotFoundError } from '../../lib/http-errors.js';
import { requireAdmin } from '../identity/index.js';
import { IMAGE_TYPES, UPLOAD_MAX_BYTES, sniffImageType, type ImageStore } from './image-store.js';

/** Public path under which uploaded images are served. */
export const UPLOADS_PATH = '/uploads';

/** Registers POST /uploads/images (mount under /api); the body is read raw, at most UPLOAD_MAX_BYTES. */
export const uploadRoutes: FastifyPluginAsyncZod<{ store: ImageStore }> = async (app, { store }) => {
  // In this plugin's scope only: every body is read as raw bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.post(
    '/uploads/images',
    {
      bodyLimit: UPLOAD_MAX_BYTES,
      schema: {
        tags: ['uploads'],
        summary: 'Upload a product image (admin)',
        description:
          'The body is the image file itself: PNG, JPEG or WebP (recognised by its content), at most 2 MB. ' +
          'Answers the URL to use as a product `img`.',
        security: bearerSecurity,
        response: {
          201: z.object({ url: z.string() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      onRequest: requireAdmin,
      preHandler: app.createWriteLimit('upload'),
    },
    async (request, reply) => {
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0)
        throw new HttpError(400, messages.uploads.empty, 'VALIDATION_FAILED');
      const type = sniffImageType(bytes);
      if (!type) throw new HttpError(415, messages.uploads.notAnImage, 'UNSUPPORTED_MEDIA_TYPE');
      const name = await store.save(bytes, type);
      return reply.code(201).send({ url: `${UPLOADS_PATH}/${name}` });
    },
  );
};

/** Registers GET /uploads/:name at the root: the stored image, or 404. */
export const uploadedFileRoutes: FastifyPluginAsyncZod<{ store: ImageStore }> = async (app, { store }) => {
  app.get(`${UPLOADS_PATH}/:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const bytes = await store.read(name);
    if (!bytes) throw new NotFoundError();
    const extension = name.slice(name.lastIndexOf('.') + 1) as keyof typeof IMAGE_TYPES;
    return reply
      .header('content-type', IMAGE_TYPES[extension])
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(bytes);
  });
};
