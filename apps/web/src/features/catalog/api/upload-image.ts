import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/uploads/images` (admin, token): the file's bytes; answers the `/uploads/...` URL to use as `img`. */
export function uploadImage(file: Blob): Promise<{ url: string }> {
  return apiRequest<{ url: string }>('uploads/images', { method: 'POST', body: file, auth: true });
}

/** Uploads a product image (errors: 413 over 2 MB, 415 when not PNG, JPEG or WebP). */
export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
