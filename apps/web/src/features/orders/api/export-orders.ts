import { messages } from '@partsforge/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequestFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { orderFilterParams, type AdminOrderFilters } from '../admin-order-filters';

/**
 * `GET /api/admin/orders.csv` (admin, token; docs/requirements.md §13 "Finding things"): every order `filters`
 * match, saved as orders.csv. Fetched with the access token (a plain link could not send it), then saved through
 * an object URL. ApiError on failure.
 */
export async function exportOrders(filters: AdminOrderFilters): Promise<void> {
  const { blob, filename } = await apiRequestFile('admin/orders.csv', {
    params: orderFilterParams(filters),
    auth: true,
  });
  saveFile(blob, filename ?? 'orders.csv');
}

/** Export CSV: downloads the current filtered list; a failure shows as a toast with the server's reason. */
export function useExportOrders() {
  return useMutation({
    mutationFn: exportOrders,
    onError: (error) => {
      toast.error(`${messages.orders.exportFailed} ${error.message}`);
    },
  });
}
