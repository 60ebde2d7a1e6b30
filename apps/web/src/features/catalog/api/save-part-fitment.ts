import type { PartFitmentInput } from '@partsforge/shared/fitment';
import { messages } from '@partsforge/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/**
 * `PUT /api/parts/{id}/fitment` (admin, token; docs/requirements.md §12): replaces the part's whole fitment,
 * `{ universal, rows }`. A 400 (an unknown make, model or engine, a bad row) rejects with an ApiError whose
 * message names the row.
 */
export function savePartFitment(id: string, input: PartFitmentInput): Promise<void> {
  return apiRequest<void>(`parts/${encodeURIComponent(id)}/fitment`, {
    method: 'PUT',
    body: input,
    auth: true,
  });
}

/**
 * Saves a part's fitment, toasts "Fitment saved", and refreshes every cached part and list (the part's
 * `universal`, its rows, and the vehicle-filtered lists all change). A refusal is left to the form to show.
 */
export function useSavePartFitment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PartFitmentInput) => savePartFitment(id, input),
    onSuccess: async () => {
      notify('success', messages.fitment.form.saved);
      await queryClient.invalidateQueries({ queryKey: ['parts'] });
    },
  });
}
