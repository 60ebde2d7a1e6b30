import type { Order, OrderStatusChangeInput } from '@partsforge/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest } from '@/lib/api-client';
import { ordersQueryKey } from './get-my-orders';

/** What the admin tells when shipping (docs/requirements.md §13): both optional. */
export interface Shipment {
  carrier?: string;
  trackingNumber?: string;
}

/**
 * `PATCH /api/order/{id}/status` (admin, token): pending -> shipped, stored on the server with the carrier and
 * tracking number when given (blank ones are left out); 409 otherwise.
 */
export function shipOrder(id: string, { carrier, trackingNumber }: Shipment = {}): Promise<Order> {
  const body: OrderStatusChangeInput = { status: 'shipped' };
  if (carrier?.trim()) body.carrier = carrier.trim();
  if (trackingNumber?.trim()) body.trackingNumber = trackingNumber.trim();
  return apiRequest<Order>(`order/${encodeURIComponent(id)}/status`, { method: 'PATCH', body, auth: true });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, shipment }: { id: string; shipment?: Shipment }) => shipOrder(id, shipment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
