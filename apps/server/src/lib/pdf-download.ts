/**
 * How a document PDF (an invoice, a credit memo) is answered: as a download named after its number, never cached
 * (it holds a customer's data) and never sniffed as anything but a PDF.
 */
import type { FastifyReply } from 'fastify';

/** Sends `pdf` on `reply` as the download `<number>.pdf`. */
export function sendPdfDownload(reply: FastifyReply, number: string, pdf: Buffer): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${number}.pdf"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}
