import { useMutation } from '@tanstack/react-query';
import { apiRequestFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/**
 * `GET /api/returns/{id}/credit-memo.pdf` (token; docs/requirements.md §17 "Credit memos and refunds"): the memo of a
 * credited return, saved as the file the server names (CM-<year>-<number>.pdf). ApiError 404 before it is credited or
 * for a return the caller cannot see.
 */
export async function downloadReturnCreditMemo({ returnId, number }: { returnId: string; number: string }) {
  const { blob, filename } = await apiRequestFile(`returns/${encodeURIComponent(returnId)}/credit-memo.pdf`, {
    auth: true,
  });
  saveFile(blob, filename ?? `${number}.pdf`);
}

/** Download credit memo: a credited return's memo PDF as a download. */
export function useDownloadReturnCreditMemo() {
  return useMutation({ mutationFn: downloadReturnCreditMemo });
}
