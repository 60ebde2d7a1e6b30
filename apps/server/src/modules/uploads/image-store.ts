/**
 * Uploaded product images (docs/decisions/009): PNG, JPEG and WebP only, recognised by their magic
 * bytes (never by a file name or the client's content type; SVG is refused since it can carry script), at most
 * UPLOAD_MAX_BYTES, stored under `${DATA_DIR}/uploads/` with a random name and served back from `/uploads/`.
 * The store removes only files with such names directly in its folder; image-cleanup.ts decides when.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

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
  /**
   * Deletes a stored image; true when a file was removed, false for a name the store never gives (nothing
   * outside the folder is ever touched) or a file that is already gone. Other errors (EACCES, EISDIR…) throw.
   */
  remove(name: string): Promise<boolean>;
  /**
   * Deletes the stored images last modified more than `olderThanMs` ago whose names are not in the set
   * `referencedNames` resolves to (called at most once, and only when there is an old file). Returns the
   * removed names; other files in the folder are left alone.
   */
  removeUnreferenced(
    olderThanMs: number,
    referencedNames: () => Promise<ReadonlySet<string>>,
  ): Promise<string[]>;
}

/** An image store in `folder` (created on the first save). */
export function createImageStore(folder: string): ImageStore {
  const root = resolve(folder);
  /** The file's absolute path when `name` is a stored name directly inside the folder, else null. */
  const pathOf = (name: string): string | null => {
    if (!STORED_NAME.test(name)) return null;
    const path = resolve(root, name);
    return dirname(path) === root ? path : null;
  };
  async function remove(name: string): Promise<boolean> {
    const path = pathOf(name);
    if (!path) return false;
    try {
      await unlink(path);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

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
        if (isMissing(error)) return null;
        throw error;
      }
    },
    remove,
    async removeUnreferenced(olderThanMs, referencedNames) {
      const entries = await readdir(root, { withFileTypes: true }).catch(orNullWhenMissing);
      const cutoff = Date.now() - olderThanMs;
      const old: string[] = [];
      for (const entry of entries ?? []) {
        const path = entry.isFile() ? pathOf(entry.name) : null;
        const stats = path ? await stat(path).catch(orNullWhenMissing) : null;
        if (stats && stats.mtimeMs < cutoff) old.push(entry.name);
      }
      if (old.length === 0) return [];
      const referenced = await referencedNames();
      const removed: string[] = [];
      for (const name of old) if (!referenced.has(name) && (await remove(name))) removed.push(name);
      return removed;
    },
  };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** A `.catch` handler: null for a file or folder that does not exist, any other error rethrown. */
function orNullWhenMissing(error: unknown): null {
  if (isMissing(error)) return null;
  throw error;
}
