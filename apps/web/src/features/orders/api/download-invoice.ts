import { useMutation } from '@tanstack/react-query';
import { apiRequestFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/**
 * `GET /api/order/{id}/invoice.pdf` (token; docs/requirements.md §13): the paid order's invoice, saved as the file
 * the server names (e.g. INV-2026-000001.pdf). ApiError 404 before payment or for an order the caller cannot see.
 */
export async function downloadInvoice(orderId: string): Promise<void> {
  const { blob, filename } = await apiRequestFile(`order/${encodeURIComponent(orderId)}/invoice.pdf`, {
    auth: true,
  });
  saveFile(blob, filename ?? `invoice-${orderId}.pdf`);
}

/** Download invoice: the order's invoice PDF as a download. */
export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
