import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TINY_PNG } from '../../test/uploads.js';
import { createImageStore, type ImageStore } from './image-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

let base: string;
let folder: string;
let store: ImageStore;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'partsforge-image-store-'));
  folder = join(base, 'uploads');
  store = createImageStore(folder);
});

/** Writes `name` into the uploads folder, last modified `ageMs` ago. */
async function fileAged(name: string, ageMs: number): Promise<void> {
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, name), TINY_PNG);
  const when = new Date(Date.now() - ageMs);
  await utimes(join(folder, name), when, when);
}

describe('ImageStore.remove', () => {
  it('deletes a stored image, and answers false once it is gone', async () => {
    const name = await store.save(TINY_PNG, 'png');
    expect(await store.remove(name)).toBe(true);
    expect(await store.read(name)).toBeNull();
    expect(await store.remove(name)).toBe(false);
  });

  it('never touches a name the store does not give, inside or outside its folder', async () => {
    await writeFile(join(base, 'outside.png'), TINY_PNG);
    await fileAged('notes.txt', 0);
    for (const name of ['../outside.png', `../${'a'.repeat(32)}.png`, 'notes.txt', '', '.'])
      expect(await store.remove(name)).toBe(false);
    expect(existsSync(join(base, 'outside.png'))).toBe(true);
    expect(await readdir(folder)).toEqual(['notes.txt']);
  });

  it('throws other errors than a missing file (here: a folder with a stored name)', async () => {
    const name = `${'b'.repeat(32)}.png`;
    await mkdir(join(folder, name), { recursive: true });
    await expect(store.remove(name)).rejects.toMatchObject({ code: expect.stringMatching(/^E/) });
  });
});

describe('ImageStore.removeUnreferenced', () => {
  const oldOrphan = `${'1'.repeat(32)}.png`;
  const oldUsed = `${'2'.repeat(32)}.jpg`;
  const freshOrphan = `${'3'.repeat(32)}.webp`;

  it('removes only stored images older than the limit that are not referenced', async () => {
    await fileAged(oldOrphan, 2 * DAY_MS);
    await fileAged(oldUsed, 2 * DAY_MS);
    await fileAged(freshOrphan, 60_000);
    await fileAged('readme.txt', 2 * DAY_MS);
    await mkdir(join(folder, `${'4'.repeat(32)}.png`));
    const referenced = vi.fn(async () => new Set([oldUsed]));

    expect(await store.removeUnreferenced(DAY_MS, referenced)).toEqual([oldOrphan]);
    expect(referenced).toHaveBeenCalledTimes(1);
    expect((await readdir(folder)).sort()).toEqual(
      [oldUsed, freshOrphan, 'readme.txt', `${'4'.repeat(32)}.png`].sort(),
    );
  });

  it('does not look up references when no stored image is old enough, nor when the folder is missing', async () => {
    const referenced = vi.fn(async () => new Set<string>());
    expect(await store.removeUnreferenced(DAY_MS, referenced)).toEqual([]);
    await fileAged(freshOrphan, 60_000);
    expect(await store.removeUnreferenced(DAY_MS, referenced)).toEqual([]);
    expect(referenced).not.toHaveBeenCalled();
    expect(await readdir(folder)).toEqual([freshOrphan]);
  });
});
