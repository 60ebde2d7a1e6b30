/**
 * Uploaded product images (issue 5; docs/decisions/009): PNG, JPEG and WebP only, recognised by their magic
 * bytes (never by a file name or the client's content type; SVG is refused since it can carry script), at most
 * UPLOAD_MAX_BYTES, stored under `${DATA_DIR}/uploads/` with a random name and served back from `/uploads/`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Largest accepted image, in bytes (2 MB). */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

/** The stored image types: file extension -> Content-Type. */
export const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

/** Names the store gives files: 32 hex characters and a known extension (anything else is never served). */
export const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

/** The image type of `bytes` from its signature, or null when it is not a PNG, JPEG or WebP image. */
export function sniffImageType(bytes: Buffer): ImageExtension | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

/** Saving and reading uploaded images in one folder. */
export interface ImageStore {
  /** Stores an image of a known type under a new random name; returns that name (e.g. '3f…9a.png'). */
  save(bytes: Buffer, extension: ImageExtension): Promise<string>;
  /** The bytes of a stored image, or null for a name the store never gives or a missing file. */
  read(name: string): Promise<Buffer | null>;
}

/** An image store in `folder` (created on the first save). */
export function createImageStore(folder: string): ImageStore {
  return {
    async save(bytes, extension) {
      await mkdir(folder, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      await writeFile(join(folder, name), bytes, { flag: 'wx' });
      return name;
    },
    async read(name) {
      if (!STORED_NAME.test(name)) return null;
      try {
        return await readFile(join(folder, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
