import type { CreditMemo, GoodwillRefundInput, ReturnSettings } from '@partsforge/shared/credit-memos';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/**
 * The orders' query keys start so (the orders feature's `ordersQueryKey`): a refund changes the order, so every
 * order query is read again, and an order's memos live under the same prefix.
 */
const ORDERS_KEY = ['orders'] as const;

/** `GET /api/order/{id}/credit-memos` (token; docs/requirements.md §17): the order's credit memos, oldest first. */
export function getCreditMemos(orderId: string, signal?: AbortSignal): Promise<CreditMemo[]> {
  return apiRequest<CreditMemo[]>(`order/${encodeURIComponent(orderId)}/credit-memos`, {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export function creditMemosQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, 'credit-memos', orderId],
    queryFn: ({ signal }) => getCreditMemos(orderId, signal),
    staleTime: 0,
  });
}

export function useCreditMemos(orderId: string) {
  return useQuery(creditMemosQueryOptions(orderId));
}

/**
 * `POST /api/admin/orders/{id}/cancel-refund` (admin): cancels a paid order nothing of which has shipped, puts its
 * stock back and refunds everything; the memo (201). ApiError 409 when it is not paid or something shipped.
 */
export function cancelAndRefund(orderId: string): Promise<CreditMemo> {
  return apiRequest<CreditMemo>(`admin/orders/${encodeURIComponent(orderId)}/cancel-refund`, {
    method: 'POST',
    auth: true,
  });
}

/**
 * `POST /api/admin/orders/{id}/refunds` (admin): a goodwill refund of part of a line; the memo (201). ApiError 409
 * above what is left of the line (its message says how much is).
 */
export function refundPartOfLine(orderId: string, input: GoodwillRefundInput): Promise<CreditMemo> {
  return apiRequest<CreditMemo>(`admin/orders/${encodeURIComponent(orderId)}/refunds`, {
    method: 'POST',
    body: input,
    auth: true,
  });
}

/** Cancel and refund; the order and its memos are read again afterwards. */
export function useCancelAndRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAndRefund,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}

/** Refund part of a line; the order and its memos are read again afterwards. */
export function useRefundPartOfLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: GoodwillRefundInput }) =>
      refundPartOfLine(orderId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}

/**
 * A memo's PDF, saved as CM-<year>-<number>.pdf: admins by number (`GET /api/admin/credit-memos/{number}.pdf`), the
 * buyer through the return it credits (`GET /api/returns/{id}/credit-memo.pdf`).
 */
export async function downloadCreditMemo(memo: Pick<CreditMemo, 'number' | 'returnId'>, admin: boolean) {
  const path =
    admin || memo.returnId === null
      ? `admin/credit-memos/${encodeURIComponent(memo.number)}.pdf`
      : `returns/${encodeURIComponent(memo.returnId)}/credit-memo.pdf`;
  const { blob, filename } = await apiRequestFile(path, { auth: true });
  saveFile(blob, filename ?? `${memo.number}.pdf`);
}

/** Credit memo PDF download. */
export function useDownloadCreditMemo() {
  return useMutation({
    mutationFn: ({ memo, admin }: { memo: Pick<CreditMemo, 'number' | 'returnId'>; admin: boolean }) =>
      downloadCreditMemo(memo, admin),
  });
}

/** `GET /api/admin/return-settings` (admin): the restocking fee in whole percent. */
export function getReturnSettings(signal?: AbortSignal): Promise<ReturnSettings> {
  return apiRequest<ReturnSettings>('admin/return-settings', { auth: true, ...(signal ? { signal } : {}) });
}

export const returnSettingsQueryOptions = queryOptions({
  queryKey: ['return-settings'],
  queryFn: ({ signal }) => getReturnSettings(signal),
});

export function useReturnSettings() {
  return useQuery(returnSettingsQueryOptions);
}

/** `PUT /api/admin/return-settings` (admin): sets the restocking fee; ApiError 400 outside 0..100. */
export function useSaveReturnSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReturnSettings) =>
      apiRequest<ReturnSettings>('admin/return-settings', { method: 'PUT', body: settings, auth: true }),
    onSuccess: (saved) => queryClient.setQueryData(returnSettingsQueryOptions.queryKey, saved),
  });
}
