import type { Part } from '@partsforge/shared/catalog';
import type { InsertedIdResponse, PartInput } from '@partsforge/shared/catalog-admin';
import { apiErrorCodes } from '@partsforge/shared/errors';
import { messages } from '@partsforge/shared/messages';
import type { DeletedCountResponse, ModifiedCountResponse } from '@partsforge/shared/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ApiError, apiRequest } from '@/lib/api-client';

/** `POST /api/parts` (admin, token): adds a part (price in dollars); answers its `insertedId`. */
export function createPart(input: PartInput): Promise<InsertedIdResponse> {
  return apiRequest<InsertedIdResponse>('parts', { method: 'POST', body: input, auth: true });
}

/**
 * `PUT /api/parts/{id}` (admin, token): replaces the part's fields. With `expectedAvailable` (the stock the form
 * started from) the stock is kept when the quantity is unchanged, and a changed quantity is refused with 409
 * STOCK_CHANGED (an ApiError whose body holds the stock now as `available`) when the stock moved meanwhile.
 */
export function updatePart(id: string, input: PartInput): Promise<ModifiedCountResponse> {
  return apiRequest<ModifiedCountResponse>(`parts/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
    auth: true,
  });
}

/** `DELETE /api/parts/{id}` (admin, token): answers `deletedCount`. */
export function deletePart(id: string): Promise<DeletedCountResponse> {
  return apiRequest<DeletedCountResponse>(`parts/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
  });
}

/** Every cached parts list and part (home, /parts, Manage Products) is stale after a write. */
const partsKey = ['parts'] as const;

/** Add A Product with the spec's toasts ('Successfully added your product' / 'Failed to add product'). */
export function useCreatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPart,
    onSuccess: async () => {
      toast.success(messages.toast.productAdded);
      await queryClient.invalidateQueries({ queryKey: partsKey });
    },
    onError: () => {
      toast.error(messages.toast.productFailed);
    },
  });
}

/** Saves an edited part, with a toast either way; a stock that moved meanwhile (409 STOCK_CHANGED) is read again. */
export function useUpdatePart(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PartInput) => updatePart(id, input),
    onSuccess: async () => {
      toast.success(messages.products.saved);
      await queryClient.invalidateQueries({ queryKey: partsKey });
    },
    onError: async (error) => {
      toast.error(messages.products.saveFailed);
      if (error instanceof ApiError && error.code === apiErrorCodes.stockChanged)
        await queryClient.invalidateQueries({ queryKey: partsKey });
    },
  });
}

/** Deletes a part with the spec's '{name} is deleted' toast, or the server's reason. */
export function useDeletePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (part: Part) => deletePart(part._id),
    onSuccess: async (_result, part) => {
      toast.success(messages.toast.deleted(part.name));
      await queryClient.invalidateQueries({ queryKey: partsKey });
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
