/**
 * Shipping calls (docs/requirements.md §16): GET /shipping-methods (anyone), PUT /admin/shipping-methods and GET,
 * PUT /admin/tax-rates (admins), and POST /checkout/quote (signed in: the delivery options of the caller's cart).
 * Rules live in shipping-service.ts and quote.ts.
 */
import { quoteRequestSchema, quoteSchema, shippingMethodsSchema, taxRatesSchema } from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAdmin, requireSignedIn } from '../identity/index.js';

const security = bearerSecurity;

/** Registers the shipping routes (mounted under /api). */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const shipping = app.shipping;

  app.get(
    '/shipping-methods',
    {
      schema: {
        tags: ['shipping'],
        summary: 'Delivery methods',
        description:
          "Every delivery method in the order offered: code, name, kind (flat, weight or pickup), price or weight bands ([{ upToKg, price }], ascending; a cart heavier than the last band is not offered the method), freeOverSubtotal (dollars of subtotal from which it is free), transitDays { min, max } (business days), cutoff ('HH:MM' in the shop's time zone) and countries.",
        response: { 200: shippingMethodsSchema, ...errorResponses(503) },
      },
    },
    async () => shipping.methods(),
  );

  app.put(
    '/admin/shipping-methods',
    {
      schema: {
        tags: ['shipping'],
        summary: 'Replace the delivery methods',
        description:
          'Saves the whole list, in the order offered, and answers it as GET /shipping-methods does. 400 VALIDATION_FAILED (nothing changes) with `errors` by field (e.g. `1.bands.0.upToKg`): a flat method without price, a weight method without bands or with bands not ascending, slowest transit faster than the fastest, a cut-off not HH:MM, no country, a code twice.',
        security,
        body: shippingMethodsSchema,
        response: { 200: shippingMethodsSchema, ...errorResponses(400, 401, 403, 503) },
      },
      onRequest: requireAdmin,
    },
    async (request) => shipping.replaceMethods(request.body),
  );

  app.get(
    '/admin/tax-rates',
    {
      schema: {
        tags: ['shipping'],
        summary: 'Tax rates by destination',
        description:
          "Every destination's sales tax, by country and region: ratePercent (up to 3 decimals) and whether shipping is taxed. An address without a row is taxed at TAX_RATE_PERCENT.",
        security,
        response: { 200: taxRatesSchema, ...errorResponses(401, 403, 503) },
      },
      onRequest: requireAdmin,
    },
    async () => shipping.taxRates(),
  );

  app.put(
    '/admin/tax-rates',
    {
      schema: {
        tags: ['shipping'],
        summary: 'Replace the tax rates',
        description:
          'Saves the whole list and answers it as GET does. 400 VALIDATION_FAILED (nothing changes) with `errors` by field: a country not two capitals, a region not a code in capitals, a rate outside 0..100 or with more than 3 decimals, a destination twice.',
        security,
        body: taxRatesSchema,
        response: { 200: taxRatesSchema, ...errorResponses(400, 401, 403, 503) },
      },
      onRequest: requireAdmin,
    },
    async (request) => shipping.replaceTaxRates(request.body),
  );

  app.post(
    '/checkout/quote',
    {
      schema: {
        tags: ['shipping'],
        summary: 'Delivery options for your cart',
        description:
          "The delivery methods offered for the caller's cart to a destination (`addressId` of their company's address book, or `country`, `region` and `postalCode`): each with its cost (dollars) and estimatedDelivery { from, to } (YYYY-MM-DD in the shop's time zone: the ship day is today before the method's cut-off on a business day, else the next business day, plus its transit in business days, Monday to Friday; holidays are not skipped), with the cart's subtotal (the caller's prices) and weightKg. Methods that do not serve the country, or whose weight bands do not reach the cart's weight, are left out. 400 CART_EMPTY; 404 for an address id that is not the caller's company's.",
        security,
        body: quoteRequestSchema,
        response: { 200: quoteSchema, ...errorResponses(400, 401, 404, 503) },
      },
      onRequest: requireSignedIn,
    },
    async (request) => shipping.quote(request.user.id, request.body),
  );
};
