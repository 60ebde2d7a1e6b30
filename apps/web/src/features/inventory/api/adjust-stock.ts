import { messages } from '@partsforge/shared/messages';
import type { StockAdjustmentInput, StockAdjustmentResult } from '@partsforge/shared/stock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { stockMovementsQueryKey } from './get-stock-movements';

/**
 * `POST /api/admin/parts/{id}/stock-adjustments` (admin, token; docs/requirements.md §13): adds the signed
 * `change` to the part's stock with `note`; answers the stock after it and the movement written. A refusal (400
 * STOCK_BELOW_ZERO, a bad field, 404) rejects with an ApiError carrying the server's message.
 */
export function adjustStock(partId: string, input: StockAdjustmentInput): Promise<StockAdjustmentResult> {
  return apiRequest<StockAdjustmentResult>(`admin/parts/${encodeURIComponent(partId)}/stock-adjustments`, {
    method: 'POST',
    body: input,
    auth: true,
  });
}

/**
 * Adjusts a part's stock, toasts the new level, and refreshes the part's history and every cached part and list
 * (their stock changed). A refusal is left to the form to show.
 */
export function useAdjustStock(partId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StockAdjustmentInput) => adjustStock(partId, input),
    onSuccess: async ({ available }) => {
      notify('success', messages.stock.adjusted(available));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: stockMovementsQueryKey(partId) }),
        queryClient.invalidateQueries({ queryKey: ['parts'] }),
      ]);
    },
  });
}
