import type { CreateShipmentInput, Shipment } from '@partsforge/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { ordersQueryKey } from './get-my-orders';

/**
 * `POST /api/admin/orders/{id}/shipments` (admin; docs/requirements.md §16): ships units of the order's lines; the
 * shipment (201). ApiError 409 OVER_SHIPMENT above what is left, 409 for an order that cannot ship.
 */
export function createShipment(orderId: string, input: CreateShipmentInput): Promise<Shipment> {
  return apiRequest<Shipment>(`admin/orders/${encodeURIComponent(orderId)}/shipments`, {
    method: 'POST',
    body: input,
    auth: true,
  });
}

/** Create shipment; the orders are read again afterwards. */
export function useCreateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: CreateShipmentInput }) =>
      createShipment(orderId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}

/** `GET …/shipments/{shipmentId}/packing-slip.pdf` (admin): the shipment's packing slip, saved as SH-<number>.pdf. */
export async function downloadPackingSlip(orderId: string, shipmentId: string): Promise<void> {
  const { blob, filename } = await apiRequestFile(
    `admin/orders/${encodeURIComponent(orderId)}/shipments/${encodeURIComponent(shipmentId)}/packing-slip.pdf`,
    { auth: true },
  );
  saveFile(blob, filename ?? `packing-slip-${shipmentId}.pdf`);
}

/** Packing slip download. */
export function useDownloadPackingSlip() {
  return useMutation({
    mutationFn: ({ orderId, shipmentId }: { orderId: string; shipmentId: string }) =>
      downloadPackingSlip(orderId, shipmentId),
  });
}
