import { returnMessages } from '@partsforge/shared/return-messages';
import type { ReceiveReturnInput, RejectReturnInput, Return } from '@partsforge/shared/returns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest } from '@/lib/api-client';
import { returnsQueryKey } from './get-returns';

const step = (id: string, name: 'approve' | 'reject' | 'receive', body: object) =>
  apiRequest<Return>(`admin/returns/${encodeURIComponent(id)}/${name}`, { method: 'POST', body, auth: true });

/** `POST /api/admin/returns/{id}/approve` (admins): the buyer is mailed the RMA number and the address. */
export const approveReturn = (id: string) => step(id, 'approve', {});

/** `POST /api/admin/returns/{id}/reject` `{ reason }` (admins). */
export const rejectReturn = (id: string, input: RejectReturnInput) => step(id, 'reject', input);

/**
 * `POST /api/admin/returns/{id}/receive` `{ lines }` (admins): units received per line and their condition; the
 * return is credited.
 */
export const receiveReturn = (id: string, input: ReceiveReturnInput) => step(id, 'receive', input);

/** A mutation of a return step with its toast; the returns (and orders) are read again. */
function useReturnStep<Variables>(
  run: (variables: Variables) => Promise<Return>,
  done: (number: string) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (updated) => {
      toast.success(done(updated.number));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: returnsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]);
    },
  });
}

/** Approve with a toast; failures show beside the button. */
export const useApproveReturn = () =>
  useReturnStep((id: string) => approveReturn(id), returnMessages.approved);

/** Reject with a toast; failures are thrown to the reason's form. */
export const useRejectReturn = () =>
  useReturnStep(
    ({ id, input }: { id: string; input: RejectReturnInput }) => rejectReturn(id, input),
    returnMessages.rejected,
  );

/** Receive with a toast; failures show in the receive form. */
export const useReceiveReturn = () =>
  useReturnStep(
    ({ id, input }: { id: string; input: ReceiveReturnInput }) => receiveReturn(id, input),
    returnMessages.receivedDone,
  );
