import { returnMessages } from '@partsforge/shared/return-messages';
import type { CreateReturnInput, Return } from '@partsforge/shared/returns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest } from '@/lib/api-client';
import { returnsQueryKey } from './get-returns';

/**
 * `POST /api/returns` (the order's customer or a member of its company; docs/requirements.md §17 "Returns"): asks to
 * return shipped units; the return (201). ApiError 409 with the reason (not shipped, too many, past the window, no
 * core charge).
 */
export function createReturn(input: CreateReturnInput): Promise<Return> {
  return apiRequest<Return>('returns', { method: 'POST', body: input, auth: true });
}

/** Ask for a return with a toast naming its RMA number; the returns and the order are read again. */
export function useCreateReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReturn,
    onSuccess: async (created) => {
      toast.success(returnMessages.requested(created.number));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: returnsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]);
    },
  });
}
