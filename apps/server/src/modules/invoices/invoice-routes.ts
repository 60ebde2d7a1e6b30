/**
 * GET /order/{id}/invoice.pdf (docs/requirements.md §13 "Invoices"): a paid order's invoice as a PDF download,
 * for the order's customer, a member of its company or an admin (others get 404, as for an order they cannot see; 404 before payment).
 * Access rules are in the access-control matrix (src/test/access-control.test.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPdfDownload } from '../../lib/pdf-download.js';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireSignedIn } from '../identity/index.js';
import type { InvoiceSeller } from './invoice-pdf.js';
import { createInvoiceService } from './invoice-service.js';

export interface InvoiceRoutesOptions {
  /** The seller printed on invoices: invoiceSellerOf(config). */
  seller: InvoiceSeller;
}

/** Registers the invoice route (mounted under /api). */
export const invoiceRoutes: FastifyPluginAsyncZod<InvoiceRoutesOptions> = async (app, { seller }) => {
  const invoices = createInvoiceService({ db: app.database.db, seller });

  app.get(
    '/order/:id/invoice.pdf',
    {
      schema: {
        tags: ['orders'],
        summary: "An order's invoice (PDF)",
        description:
          'The invoice issued when the order was paid, as application/pdf to download (Content-Disposition: attachment; filename="INV-<year>-<number>.pdf"). For the order\'s customer, a member of its company or an admin; anyone else gets 404, as does an order not paid yet.',
        security: bearerSecurity,
        params: z.object({ id: z.string().max(254) }),
        produces: ['application/pdf'],
        response: {
          // Bytes, sent as they are: Fastify serialises no Buffer.
          200: z.any().describe('The invoice PDF (application/pdf)'),
          ...errorResponses(400, 401, 404, 503),
        },
      },
      onRequest: requireSignedIn,
    },
    async (request, reply) => {
      const { number, pdf } = await invoices.getInvoicePdf(request.user, request.params.id);
      return sendPdfDownload(reply, number, pdf);
    },
  );
};
